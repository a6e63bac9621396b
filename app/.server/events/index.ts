export { accountEnvelope, emit, envelope, mutate } from "./bus";
export type { CardRef, EventDraft } from "./types";
