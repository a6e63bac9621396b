export { actorOf, emit, mutate } from "./bus";
export type { CardRef, EventDraft } from "./types";
