/** A card's file: a resource route (no UI), members only. */
export { loader } from "./projects.$id.attachments.$attachmentId.server";
