// The world the change-event tests run in (events.*.test.ts): an owner with a project, a second
// member, a test subscriber that records each event in both phases, and the case runner that
// counts what one mutation writes to the activity log, the live updates and the notifications.
import { and, count, eq, gt, max } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { addMember, makeUser, memberOf } from "../../../tests/support/factories";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { SlackReceiver } from "../../../tests/support/slack-receiver";
import { createCycle } from "../cycles/cycles";
import { db, ensureDb, schema } from "../db";
import { resetEnvForTests } from "../env";
import { outbox } from "../mail";
import { createCard } from "../projects/cards";
import { boardTopic, publish, ready, stopRealtime, subscribe } from "../realtime";
import { createWireframe, getWireframe } from "../wireframes";
import type { MemberContext } from "../workspaces";
import { observeEvents } from "./bus";
import type { DomainEvent, EventKind } from "./types";

const { activity, notifications, checklistItems } = schema;

type World = Awaited<ReturnType<typeof ownerWithProject>> & {
  sam: { id: string; email: string };
  samCtx: MemberContext;
  col: (name: string) => string;
  newCard: (title: string, column?: string) => Promise<{ id: string; number: number }>;
};

export let w: World;
export const inTx: DomainEvent[] = [];
export const afterCommit: DomainEvent[] = [];
let stopObserving = () => {};
let marker = 0;

/** Waits until every live message published so far on the topic has arrived (NOTIFY keeps their order). */
async function drain(topic = boardTopic(w.project.id)) {
  const id = `marker-${++marker}`;
  const arrived = new Promise<void>((resolve) => {
    const stop = subscribe(topic, (payload) => {
      if (payload.includes(id)) {
        stop();
        resolve();
      }
    });
  });
  await publish(topic, { type: "test.marker", id });
  await arrived;
}

/** The newest activity row's id (rows written later count, whatever a deletion cascades away) and the notifications. */
async function counts() {
  const ws = w.workspace.id;
  const [[a], [n]] = await Promise.all([
    db()
      .select({ last: max(activity.id) })
      .from(activity)
      .where(eq(activity.workspaceId, ws)),
    db().select({ n: count() }).from(notifications).where(eq(notifications.workspaceId, ws)),
  ]);
  return { lastActivity: Number(a?.last ?? 0), notifications: Number(n!.n) };
}

async function activitySince(lastId: number) {
  const rows = await db()
    .select({ action: activity.action })
    .from(activity)
    .where(and(eq(activity.workspaceId, w.workspace.id), gt(activity.id, lastId)));
  return rows.length;
}

export type Case = {
  kind: EventKind;
  /** State the mutation needs (not counted). */
  prepare?: () => Promise<unknown>;
  /** The one mutation, by the app's own service. */
  run: (prepared: never) => Promise<unknown>;
  /** Activity rows it writes, live messages on the board's topic, notifications it makes. */
  activity: number;
  live: number;
  notified?: number;
  /** Where its live messages go, when not the board's topic. */
  topic?: (prepared: never) => string;
  /** Made by someone who is no member (a share link's viewer): the event has no actor. */
  guest?: boolean;
  /** What the event must carry (the kinds the webhooks send: the object and what changed). */
  carries?: Record<string, unknown>;
  /** A person's own account: the event has no workspace. */
  account?: boolean;
  /** The e-mails it sends, by address, where the case counts them (the security notices of an account change). */
  mailed?: string[];
};

export const card = (title: string) => () => w.newCard(title);

export async function itemOf(cardId: string) {
  const [item] = await db().select({ id: checklistItems.id }).from(checklistItems).where(eq(checklistItems.cardId, cardId));
  return item!.id;
}

export const newCycle = (name: string) => createCycle(w.member, w.project.id, { name, startsOn: "2026-02-02", endsOn: "2026-02-13" });

export async function newScreen() {
  const { id } = await createWireframe(w.member, { projectId: w.project.id, name: "Flow", device: "desktop" });
  return { wireframeId: id, screenId: Object.keys((await getWireframe(w.member, id)).document.screens)[0]! };
}

export async function someoneWith(role: "member" | "viewer") {
  const user = await makeUser();
  await addMember(w.workspace.id, user.id, role);
  return user;
}

let slack: SlackReceiver | null = null;

/** A Slack incoming-webhook URL on a local receiver, started on first use (the integration cases connect a channel). */
export async function slackHook(): Promise<string> {
  if (!slack) {
    slack = new SlackReceiver();
    await slack.start();
    process.env.SLACK_WEBHOOK_HOSTS = slack.origin;
    resetEnvForTests();
  }
  return slack.hookUrl();
}

/** Builds the world before the file's tests and stops the observer and the live updates after them. */
export function setUpEventWorld() {
  beforeAll(async () => {
    await ensureDb();
    // On Postgres the files of one worker share its database: the cases' fixed addresses
    // (joiner@example.test, the workspace's new slug) must not meet another file's.
    await resetDb();
    const base = await ownerWithProject();
    const sam = await makeUser({ fullName: "Sam Lee" });
    await addMember(base.workspace.id, sam.id, "member");
    const col = (name: string) => base.columns.find((c) => c.name === name)?.id ?? colByName.get(name)!;
    const colByName = new Map<string, string>();
    w = {
      ...base,
      sam,
      samCtx: await memberOf(sam.id),
      col: (name) => colByName.get(name) ?? col(name),
      newCard: (title, column = "Backlog") => createCard(base.member, base.project.id, { columnId: w.col(column), title }),
    };
    // Columns made by the cases are found by name.
    stopObserving = observeEvents({
      name: "test",
      inTransaction: async (_tx, e) => {
        inTx.push(e);
        if (e.kind === "column.added" || e.kind === "column.updated") colByName.set(e.subject.name, e.subject.id);
      },
      afterCommit: async (e) => void afterCommit.push(e),
    });
    await ready();
  });

  afterAll(async () => {
    stopObserving();
    await stopRealtime();
    if (slack) {
      await slack.close();
      slack = null;
      delete process.env.SLACK_WEBHOOK_HOSTS;
      resetEnvForTests();
    }
  });
}

/** One test per case: the one mutation emits its kind once, and each subscriber hears it once. */
export function eachSubscriberHearsOnce(cases: Case[], all: Case[]) {
  it.each(cases.map((c) => [`${c.kind} (${all.indexOf(c) + 1})`, c] as const))("%s: each subscriber hears it once", async (_name, c) => {
    const prepared = await c.prepare?.();
    const topic = c.topic?.(prepared as never) ?? boardTopic(w.project.id);
    const messages: string[] = [];
    const stop = subscribe(topic, (payload) => messages.push(payload));
    await drain(topic);
    inTx.length = 0;
    afterCommit.length = 0;
    messages.length = 0;
    const before = await counts();
    const mailsBefore = outbox.length;

    await c.run(prepared as never);
    await drain(topic);
    stop();

    // The test subscriber: the one event, inside the transaction and once more after it.
    expect(inTx.map((e) => e.kind)).toEqual([c.kind]);
    expect(afterCommit.map((e) => e.id)).toEqual([inTx[0]!.id]);
    const event = inTx[0]!;
    expect(event.workspaceId).toBe(c.account ? null : w.workspace.id);
    if (c.carries) expect(event).toMatchObject(c.carries);
    if (c.guest) expect(event.actor).toBeNull();
    else expect(event.actor?.id).toBeDefined();
    expect(Number.isNaN(Date.parse(event.at))).toBe(false);

    // The activity log, the live updates and the notifications, counted where users see them.
    const after = await counts();
    expect(await activitySince(before.lastActivity)).toBe(c.activity);
    const live = messages.filter((m) => !m.includes("test.marker"));
    expect(live).toHaveLength(c.live);
    if (!c.topic) for (const m of live) expect(JSON.parse(m)).toMatchObject({ by: event.actor?.id });
    expect(after.notifications - before.notifications).toBe(c.notified ?? 0);
    if (c.mailed) expect(outbox.slice(mailsBefore).map((m) => m.to)).toEqual(c.mailed);
  });
}
