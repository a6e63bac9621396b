/**
 * Prototypes (issue 15): playing a wireframe's interactions, share links and feedback pins.
 * Each service takes the member context (or, for link viewers, the opened link) and checks
 * what it allows itself; route code calls these, never SQL.
 */
export {
  createShareLink,
  isUnlocked,
  listShareLinks,
  openShareLink,
  revokeShareLink,
  unlockShareLink,
  type NewShareLink,
  type SharedPrototype,
  type ShareLinkSummary,
} from "./share";
export {
  createGuestPin,
  createPin,
  listPins,
  openPinCount,
  replyToPin,
  setPinResolved,
  type FeedbackComment,
  type FeedbackPin,
} from "./feedback";
export { getPrototype, type PrototypeView } from "./player";
export { readSharedImage, sharedImageUrl, sharedScreenSvg, sharedScreenUrl } from "./shared-files";
