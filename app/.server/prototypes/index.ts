/**
 * Prototypes (issue 15): playing a wireframe's interactions, share links and feedback pins.
 * Each service takes the member context (or, for link viewers, the opened link) and checks
 * what it allows itself; route code calls these, never SQL.
 */
export { createShareLink, isUnlocked, listShareLinks, openShareLink, revokeShareLink, unlockShareLink } from "./share";
export { createGuestPin, createPin, listPins, replyToPin, setPinResolved } from "./feedback";
export { getPrototype } from "./player";
export { readSharedImage, sharedScreenSvg, sharedScreenUrl } from "./shared-files";
