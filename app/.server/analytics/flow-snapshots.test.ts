import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { StateGroup } from "~/lib/board";
import { makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import type { MemberContext } from "../workspaces";
import { createProject } from "../projects/projects";
import { addDays, DAY_MS, dayOf, startOfDay } from "./days";
import { flowFromSnapshots } from "./flow-snapshots";
import { seededRandom } from "./forecast";
import { projectFlow } from "./reports";
import { snapshotProject } from "./snapshots";

/**
 * Decision 021: the analytics page's flow from the daily snapshots must be the replay's, number
 * for number. A random history (fixed seed) of 120 cards over the last 100 days walks through
 * six columns (two started, two completed, one cancelled), reopens and finishes cards again,
 * moves cards between the two completed columns, deletes some, and estimates some, re-estimating
 * and removing estimates as time goes (decision 022: a past day counts that day's points); the
 * cards table ends as the app leaves it (column, started_at, completed_at, the last estimate). The
 * job writes the snapshots up to yesterday; then both ways are read for ranges ending today.
 */
type Column = { id: string; group: StateGroup };

async function seedHistory(member: MemberContext, userId: string, now: Date) {
  const project = await createProject(member, { name: "Flow" });
  const ws = member.workspace.id;
  await db().execute(sql`delete from board_columns where project_id = ${project.id}`);
  const specs: [string, StateGroup][] = [
    ["Backlog", "backlog"],
    ["To do", "unstarted"],
    ["Doing", "started"],
    ["Review", "started"],
    ["Done", "completed"],
    ["Shipped", "completed"],
    ["Won't do", "cancelled"],
  ];
  const columns: Column[] = [];
  for (const [k, [name, group]] of specs.entries()) {
    const [c] = await db()
      .insert(schema.boardColumns)
      .values({ workspaceId: ws, projectId: project.id, name, stateGroup: group, position: `a${k}` })
      .returning({ id: schema.boardColumns.id });
    columns.push({ id: c!.id, group });
  }
  const random = seededRandom(7);
  // The estimates draw from a sequence of their own: the moves stay those the test always had.
  const randomPoints = seededRandom(11);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const transitions: (typeof schema.cardTransitions.$inferInsert)[] = [];
  const estimates: (typeof schema.cardEstimateChanges.$inferInsert)[] = [];
  const cards: (typeof schema.cards.$inferInsert)[] = [];
  /** Half the cards are estimated some time after their creation; some are re-estimated or lose it later. Returns the last estimate. */
  const estimate = (cardId: string, created: number): number | null => {
    if (randomPoints() >= 0.5) return null;
    let points: number | null = null;
    let at = created;
    for (let k = 0; k < 1 + Math.floor(randomPoints() * 4); k++) {
      at += randomPoints() * 20 * DAY_MS;
      if (at >= end) break;
      points = k > 0 && randomPoints() < 0.2 ? null : Math.floor(randomPoints() * 16) / 2;
      estimates.push({ workspaceId: ws, projectId: project.id, cardId, points, at: new Date(Math.floor(at)) });
    }
    return points;
  };
  const end = now.getTime() - 60_000;
  for (let n = 1; n <= 120; n++) {
    const cardId = randomUUID();
    let at = end - random() * 100 * DAY_MS;
    let column = pick(columns.slice(0, 2));
    let started: number | null = null;
    let completed: number | null = null;
    const created = at;
    const enter = (to: Column | null, from: Column | null) => {
      transitions.push({
        workspaceId: ws,
        projectId: project.id,
        cardId,
        userId,
        fromColumnId: from?.id ?? null,
        toColumnId: to?.id ?? null,
        fromStateGroup: from?.group ?? null,
        toStateGroup: to?.group ?? null,
        at: new Date(Math.floor(at)),
      });
      if (!to) return;
      // The app's lifecycle times (board-rows.ts lifecycleTimes): first start kept, completion set on entry, cleared on leaving.
      if (started === null && (to.group === "started" || to.group === "completed")) started = Math.floor(at);
      completed = to.group === "completed" ? (completed ?? Math.floor(at)) : null;
    };
    enter(column, null);
    const points = estimate(cardId, created);
    let deleted = false;
    for (let step = 0; step < 8; step++) {
      at += random() * 6 * DAY_MS;
      if (at >= end) break;
      if (random() < 0.03) {
        enter(null, column);
        deleted = true;
        break;
      }
      const next = pick(columns.filter((c) => c.id !== column.id));
      enter(next, column);
      column = next;
    }
    if (deleted) continue;
    cards.push({
      id: cardId,
      workspaceId: ws,
      projectId: project.id,
      columnId: column.id,
      number: n,
      title: `Card ${n}`,
      position: `a${String(n).padStart(4, "0")}`,
      createdAt: new Date(Math.floor(created)),
      startedAt: started === null ? null : new Date(started),
      // The app stamps completed_at with its own clock reading, a moment apart from the log's.
      completedAt: completed === null ? null : new Date(completed + 7),
      estimatePoints: points,
    });
  }
  await db().insert(schema.cards).values(cards);
  for (let k = 0; k < transitions.length; k += 500)
    await db()
      .insert(schema.cardTransitions)
      .values(transitions.slice(k, k + 500));
  await db().insert(schema.cardEstimateChanges).values(estimates);
  return { project, columns, estimates };
}

/** Points are sums of tenths: compared to the tenth. */
const rounded = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "number" ? Math.round(v * 10) / 10 : v))) as T;

describe("the analytics flow from the daily snapshots (decision 021)", () => {
  beforeEach(resetDb);

  it("is the replay's flow, number for number, for ranges ending today; and steps aside otherwise", async () => {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const now = new Date();
    const today = dayOf(now);
    const { project, columns, estimates } = await seedHistory(member, user.id, now);
    // The history is rich enough to mean something: re-estimates in the range, and removals.
    expect(estimates.filter((e) => e.at! >= startOfDay(addDays(today, -55))).length).toBeGreaterThan(20);
    expect(estimates.some((e) => e.points === null)).toBe(true);
    const scope = { workspaceId: member.workspace.id, projectId: project.id };
    const ids = columns.map((c) => c.id);
    const range = { from: addDays(today, -55), to: today };

    // Before the job has written the snapshots, the fast path steps aside.
    expect(await flowFromSnapshots(db(), scope, ids, range, now)).toBeNull();
    await snapshotProject(db(), { id: project.id, workspaceId: member.workspace.id }, addDays(today, -1));

    for (const r of [range, { from: addDays(today, -130), to: today }, { from: today, to: today }]) {
      const fast = await flowFromSnapshots(db(), scope, ids, r, now);
      expect(fast).not.toBeNull();
      const replayed = await projectFlow(member, project.id, r, { replay: true, now });
      const viaSnapshots = await projectFlow(member, project.id, r, { now });
      expect(rounded(viaSnapshots)).toEqual(rounded(replayed));
      // The history is rich enough to mean something.
      if (r === range) {
        expect(replayed.finished.length).toBeGreaterThan(10);
        expect(replayed.finished.some((c) => c.cycleDays === null)).toBe(true);
        expect(replayed.cfdPoints).not.toBeNull();
        expect(replayed.throughput.some((w) => w.completed > 0)).toBe(true);
      }
    }

    // A range that ends before today, or a missing day, goes back to the replay.
    expect(await flowFromSnapshots(db(), scope, ids, { from: addDays(today, -20), to: addDays(today, -1) }, now)).toBeNull();
    await db().execute(sql`delete from project_daily_snapshots where project_id = ${project.id} and day = ${addDays(today, -3)}::date`);
    expect(await flowFromSnapshots(db(), scope, ids, range, now)).toBeNull();
  }, 60_000);

  it("the card keeps its first transition, first start and last completion from the log, whatever order they are written in", async () => {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const ws = member.workspace.id;
    const project = await createProject(member, { name: "Times" });
    const cols = await db()
      .select({ id: schema.boardColumns.id, group: schema.boardColumns.stateGroup })
      .from(schema.boardColumns)
      .where(eq(schema.boardColumns.projectId, project.id));
    const col = (g: StateGroup) => cols.find((c) => c.group === g)!;
    const [todo, doing, done] = [col("unstarted"), col("started"), col("completed")];
    const [shipped] = await db()
      .insert(schema.boardColumns)
      .values({ workspaceId: ws, projectId: project.id, name: "Shipped", stateGroup: "completed", position: "z9" })
      .returning({ id: schema.boardColumns.id });
    const cardId = randomUUID();
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
    // The app's own completed_at (its clock, not the log's) differs on purpose: the page reads the log's.
    await db()
      .insert(schema.cards)
      .values({
        id: cardId,
        workspaceId: ws,
        projectId: project.id,
        columnId: shipped!.id,
        number: 1,
        title: "Ship it",
        position: "a0",
        createdAt: day(1),
        startedAt: day(1),
        completedAt: day(20),
      });
    const move = (from: { id: string; group: StateGroup } | null, to: { id: string; group: StateGroup }, at: Date) =>
      db()
        .insert(schema.cardTransitions)
        .values({
          workspaceId: ws,
          projectId: project.id,
          cardId,
          fromColumnId: from?.id ?? null,
          toColumnId: to.id,
          fromStateGroup: from?.group ?? null,
          toStateGroup: to.group,
          at,
        });
    const times = () =>
      db()
        .select({ logged: schema.cards.firstLoggedAt, started: schema.cards.firstStartedAt, completed: schema.cards.lastCompletedAt })
        .from(schema.cards)
        .where(eq(schema.cards.id, cardId))
        .then((r) => r[0]!);
    // Finished on the 10th, reopened on the 12th, finished again on the 14th, moved to Shipped on the 16th.
    await move(done, doing, day(12));
    await move(doing, done, day(14));
    await move(done, { id: shipped!.id, group: "completed" }, day(16));
    expect(await times()).toEqual({ logged: day(12), started: day(12), completed: day(14) });
    // The earlier history written late (as the backfill writes it): the earliest and the latest win.
    await move(null, todo, day(2));
    await move(todo, doing, day(5));
    await move(doing, done, day(10));
    expect(await times()).toEqual({ logged: day(2), started: day(5), completed: day(14) });
  });
});
