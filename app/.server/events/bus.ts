import { randomUUID } from "node:crypto";
import { db, type Db } from "../db";
import type { MemberContext } from "../workspaces";
import { SUBSCRIBERS, type Subscriber } from "./subscribers";
import type { Actor, DomainEvent, EventDraft } from "./types";

/**
 * One change event per mutation. A service writes inside `mutate` (a transaction) and calls
 * `emit(tx, draft)` once for its change: the event gets its id and time, the subscribers that
 * are part of the change (the activity log) write in that same transaction, and the event
 * waits. Once the transaction has committed, the after-commit subscribers (live updates,
 * notifications and watchers) hear each event in turn, before `mutate` returns; a refused or
 * failed write emits nothing. The subscribers are listed in one place, ./subscribers.ts.
 */

const pending = new WeakMap<Db, DomainEvent[]>();
const observers = new Set<Subscriber>();

/** Runs `fn` in a transaction; after it commits, tells the after-commit subscribers of each event it emitted. */
export async function mutate<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  const events: DomainEvent[] = [];
  const result = await db().transaction(async (raw) => {
    const tx = raw as unknown as Db;
    pending.set(tx, events);
    try {
      return await fn(tx);
    } finally {
      pending.delete(tx);
    }
  });
  for (const event of events) await dispatchAfterCommit(event);
  return result;
}

/** Emits the mutation's event inside its transaction (`tx` must be the one `mutate` opened). */
export async function emit(tx: Db, draft: EventDraft): Promise<DomainEvent> {
  const events = pending.get(tx);
  if (!events) throw new Error(`emit(${draft.kind}) outside mutate(): an event belongs to a transaction`);
  const event = { ...draft, id: randomUUID(), at: new Date().toISOString() } as DomainEvent;
  for (const s of subscribers()) await s.inTransaction?.(tx, event);
  events.push(event);
  return event;
}

async function dispatchAfterCommit(event: DomainEvent) {
  for (const s of subscribers()) {
    if (!s.afterCommit) continue;
    try {
      await s.afterCommit(event);
    } catch (error) {
      // The change has committed: a subscriber's failure costs its own effect (a live
      // update, a notification), never the write, and the others still run.
      console.error(`[events] ${s.name} failed on ${event.kind} ${event.id}`, error);
    }
  }
}

function subscribers(): Iterable<Subscriber> {
  return observers.size ? [...SUBSCRIBERS, ...observers] : SUBSCRIBERS;
}

/** Tests only: hears every event after the real subscribers (both phases); returns the way to stop. */
export function observeEvents(observer: Subscriber): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

/** The actor of a member's change, with the name notifications give them (their name, else their e-mail's local part). */
function actorOf(member: MemberContext): NonNullable<Actor> {
  return { id: member.user.id, name: member.user.fullName?.trim() || member.user.email.split("@")[0]! };
}

/** A person's own account event: no workspace, no project; the person is the actor. */
export function accountEnvelope(user: { id: string; fullName: string | null; email: string }): {
  workspaceId: null;
  projectId: null;
  actor: Actor;
} {
  return { workspaceId: null, projectId: null, actor: { id: user.id, name: user.fullName?.trim() || user.email.split("@")[0]! } };
}

/** Who changed what where: a member's event in their workspace, in a project or (null) in the workspace itself. */
export function envelope(
  member: MemberContext,
  projectId: string | null = null,
): { workspaceId: string; projectId: string | null; actor: Actor } {
  return { workspaceId: member.workspace.id, projectId, actor: actorOf(member) };
}
