export { actorOf, emit, mutate } from "./bus";
export type { Actor, CardRef, DomainEvent, EventDraft, EventKind, EventOf } from "./types";
