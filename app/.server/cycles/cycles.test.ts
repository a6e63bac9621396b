import { and, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { dayOf, addDays } from "../analytics/days";
import { db, schema } from "../db";
import { listActivity } from "../projects/activity";
import { loadBoard } from "../projects/board-reads";
import { createCard, moveCard } from "../projects/cards";
import { createProject } from "../projects/projects";
import {
  addCardToCycle,
  closeCycle,
  createCycle,
  deleteCycle,
  getCycle,
  listCycles,
  moveUnfinished,
  removeCardFromCycle,
  renameCycle,
  setCardCycle,
} from "./cycles";
import { setEstimate } from "./estimates";

async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Cycles" });
  const { columns } = await loadBoard(member, project.id);
  const col = (name: string) => columns.find((c) => c.name === name)!.id;
  // Estimates count from when they were set (decision 022): these are set a week back, before
  // the days of the cycles the tests plan.
  const card = async (title: string, points: number | null = null) => {
    const c = await createCard(member, project.id, { columnId: col("To do"), title });
    if (points !== null) await setEstimate(member, project.id, c.id, points, new Date(Date.now() - 7 * 86_400_000));
    return c;
  };
  const today = dayOf(new Date());
  return { user, workspace, member, project, col, card, today };
}

const stays = (cardId: string) => db().select().from(schema.cycleCards).where(eq(schema.cycleCards.cardId, cardId));

describe("cycles", () => {
  beforeEach(resetDb);

  it("keeps the membership history: one open stay per card, moves and removals close the previous one", async () => {
    const { member, project, card, today } = await setup();
    const one = await createCycle(member, project.id, { name: "Cycle 1", startsOn: today, endsOn: addDays(today, 6) });
    const two = await createCycle(member, project.id, { name: "Cycle 2", startsOn: addDays(today, 7), endsOn: addDays(today, 13) });
    const c = await card("Write the brief", 3);
    await addCardToCycle(member, project.id, one.id, `#${c.number}`);
    await expect(addCardToCycle(member, project.id, one.id, "Write the brief")).rejects.toMatchObject({
      status: 409,
      message: `#${c.number} is already in this cycle.`,
    });
    await setCardCycle(member, project.id, c.id, two.id);
    await removeCardFromCycle(member, project.id, two.id, c.id);
    await setCardCycle(member, project.id, c.id, one.id);
    const rows = (await stays(c.id)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => [r.cycleId, r.removedAt === null, r.pointsAtAdd])).toEqual([
      [one.id, false, 3],
      [two.id, false, 3],
      [one.id, true, 3],
    ]);
    const log = await listActivity(member.workspace.id, { cardId: c.id });
    expect(log.filter((a) => a.field === "cycle").map((a) => [a.oldValue, a.newValue])).toEqual([
      [null, "Cycle 1"],
      ["Cycle 2", null],
      ["Cycle 1", "Cycle 2"],
      [null, "Cycle 1"],
    ]);
    const list = await listCycles(member, project.id);
    expect(list.map((l) => [l.name, l.status, l.cardCount])).toEqual([
      ["Cycle 2", "upcoming", 0],
      ["Cycle 1", "active", 1],
    ]);
  });

  it("closing freezes the report; a later card move never alters it; unfinished cards move on in one step", async () => {
    const { member, project, col, card, today } = await setup();
    const cycle = await createCycle(member, project.id, { name: "Sprint", startsOn: addDays(today, -3), endsOn: today });
    const next = await createCycle(member, project.id, { name: "Next", startsOn: addDays(today, 1), endsOn: addDays(today, 7) });
    const a = await card("Alpha", 3);
    const b = await card("Beta", 2);
    const c = await card("Gamma", 5);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await setCardCycle(member, project.id, a.id, cycle.id, threeDaysAgo);
    await setCardCycle(member, project.id, b.id, cycle.id, threeDaysAgo);
    // Gamma joins today: scope added after the first day.
    await setCardCycle(member, project.id, c.id, cycle.id);
    await moveCard(member, project.id, { cardId: a.id, toColumnId: col("Done") });
    const report = await closeCycle(member, project.id, cycle.id);
    expect(report).toMatchObject({
      scopeAtStart: { cards: 2, points: 5 },
      scopeAdded: { cards: 1, points: 5 },
      scopeRemoved: { cards: 0, points: 0 },
      completed: { cards: 1, points: 3 },
      carriedOver: { cards: 2, points: 7 },
    });
    expect(report.series.at(-1)).toMatchObject({ day: today, scopeCards: 3, scopePoints: 10, doneCards: 1, donePoints: 3 });
    // Later: Beta is finished, Alpha reopened, Gamma's estimate changes. The closed cycle's report stays as it was.
    await moveCard(member, project.id, { cardId: b.id, toColumnId: col("Done") });
    await moveCard(member, project.id, { cardId: a.id, toColumnId: col("In progress") });
    await setEstimate(member, project.id, c.id, 8);
    const after = await getCycle(member, project.id, cycle.id);
    expect(after.report).toEqual(report);
    expect(after.series).toEqual(report.series);
    expect(after.status).toBe("closed");
    await expect(closeCycle(member, project.id, cycle.id)).rejects.toMatchObject({ status: 409 });
    await expect(setCardCycle(member, project.id, b.id, cycle.id)).resolves.toBe(false);
    const late = await card("Late");
    await expect(setCardCycle(member, project.id, late.id, cycle.id)).rejects.toMatchObject({ status: 409 });
    // Move the unfinished ones (Alpha is in progress again, Gamma never started; Beta is done and stays).
    const moved = await moveUnfinished(member, project.id, cycle.id, next.id);
    expect(moved).toEqual({ count: 2, to: "Next" });
    const open = await db()
      .select({ cardId: schema.cycleCards.cardId })
      .from(schema.cycleCards)
      .where(and(eq(schema.cycleCards.cycleId, next.id), isNull(schema.cycleCards.removedAt)));
    expect(open.map((o) => o.cardId).sort()).toEqual([a.id, c.id].sort());
    expect((await getCycle(member, project.id, cycle.id)).report).toEqual(report);
  });

  it("an open cycle's burn-up is live: scope added today is a step today, not on the days before", async () => {
    const { member, project, col, card, today } = await setup();
    const cycle = await createCycle(member, project.id, { name: "Live", startsOn: addDays(today, -2), endsOn: addDays(today, 2) });
    const a = await card("Alpha", 1);
    const b = await card("Beta", 4);
    await setCardCycle(member, project.id, a.id, cycle.id, new Date(Date.now() - 3 * 86_400_000));
    await setCardCycle(member, project.id, b.id, cycle.id);
    await moveCard(member, project.id, { cardId: a.id, toColumnId: col("Done") });
    const live = await getCycle(member, project.id, cycle.id);
    expect(live.series.map((p) => [p.day, p.scopeCards, p.scopePoints, p.doneCards])).toEqual([
      [addDays(today, -2), 1, 1, 0],
      [addDays(today, -1), 1, 1, 0],
      [today, 2, 5, 1],
    ]);
    expect(live.cards.map((c) => [c.title, c.done])).toEqual([
      ["Alpha", true],
      ["Beta", false],
    ]);
  });

  it("a card re-estimated mid-cycle: the days before keep its old points, and the report has those at the close", async () => {
    const { member, project, col, card, today } = await setup();
    // Days d-3 to today; A (3 points) and B (2) join before it starts; A becomes 8 at noon on d-2;
    // B is done today. End of each day: d-3 2 cards / 5 points; d-2 and d-1 2 / 10; today 2 / 10,
    // 1 / 2 done. Report: at start 2 / 5; added 0 cards, 5 points (A grew); completed 1 / 2;
    // carried over 1 / 8. 5 + 5 - 0 = 2 + 8.
    const cycle = await createCycle(member, project.id, { name: "Re-estimated", startsOn: addDays(today, -3), endsOn: today });
    const a = await card("Alpha", 3);
    const b = await card("Beta", 2);
    const fourDaysAgo = new Date(Date.now() - 4 * 86_400_000);
    await setCardCycle(member, project.id, a.id, cycle.id, fourDaysAgo);
    await setCardCycle(member, project.id, b.id, cycle.id, fourDaysAgo);
    const noonTwoDaysAgo = new Date(`${addDays(today, -2)}T12:00:00Z`);
    expect(await setEstimate(member, project.id, a.id, 8, noonTwoDaysAgo)).toBe(true);
    await moveCard(member, project.id, { cardId: b.id, toColumnId: col("Done") });
    const expected = [
      [addDays(today, -3), 2, 5, 0, 0],
      [addDays(today, -2), 2, 10, 0, 0],
      [addDays(today, -1), 2, 10, 0, 0],
      [today, 2, 10, 1, 2],
    ];
    const live = await getCycle(member, project.id, cycle.id);
    expect(live.series.map((p) => [p.day, p.scopeCards, p.scopePoints, p.doneCards, p.donePoints])).toEqual(expected);
    expect(live.cards.map((c) => [c.title, c.points])).toEqual([
      ["Alpha", 8],
      ["Beta", 2],
    ]);
    const report = await closeCycle(member, project.id, cycle.id);
    expect(report).toMatchObject({
      scopeAtStart: { cards: 2, points: 5 },
      scopeAdded: { cards: 0, points: 5 },
      scopeRemoved: { cards: 0, points: 0 },
      completed: { cards: 1, points: 2 },
      carriedOver: { cards: 1, points: 8 },
    });
    expect(report.series.map((p) => [p.day, p.scopeCards, p.scopePoints, p.doneCards, p.donePoints])).toEqual(expected);
    expect(report.cards.map((c) => [c.title, c.points, c.outcome])).toEqual([
      ["Alpha", 8, "carried-over"],
      ["Beta", 2, "completed"],
    ]);
  });

  it("renames a cycle, a closed one too, without touching its frozen report", async () => {
    const { member, workspace, project, card, today } = await setup();
    const cycle = await createCycle(member, project.id, { name: "Sprint 1", startsOn: addDays(today, -2), endsOn: today });
    const a = await card("Alpha", 2);
    await setCardCycle(member, project.id, a.id, cycle.id, new Date(Date.now() - 2 * 86_400_000));
    expect(await renameCycle(member, project.id, cycle.id, "  Kick-off  ")).toEqual({ id: cycle.id, from: "Sprint 1", to: "Kick-off" });
    const report = await closeCycle(member, project.id, cycle.id);
    await renameCycle(member, project.id, cycle.id, "Kick-off sprint");
    const after = await getCycle(member, project.id, cycle.id);
    expect([after.name, after.status]).toEqual(["Kick-off sprint", "closed"]);
    expect(after.report).toEqual(report);
    await expect(renameCycle(member, project.id, cycle.id, "   ")).rejects.toMatchObject({ status: 400, field: "name" });
    await expect(renameCycle(member, project.id, cycle.id, "x".repeat(81))).rejects.toMatchObject({ status: 400, field: "name" });
    // Viewers, other workspaces and unknown cycles are refused.
    const viewerUser = await makeUser();
    await addMember(workspace.id, viewerUser.id, "viewer");
    await expect(renameCycle(await memberOf(viewerUser.id), project.id, cycle.id, "No")).rejects.toMatchObject({ status: 403 });
    const { user: stranger } = await makeOwner();
    await expect(renameCycle(await memberOf(stranger.id), project.id, cycle.id, "Mine")).rejects.toMatchObject({ status: 404 });
    await expect(renameCycle(member, project.id, "not-a-uuid", "Mine")).rejects.toMatchObject({ status: 404 });
    expect((await listCycles(member, project.id)).map((c) => c.name)).toEqual(["Kick-off sprint"]);
  });

  it("deleting a cycle keeps its cards (they leave it, and their activity says so); a closed one's report goes with it", async () => {
    const { member, workspace, project, col, card, today } = await setup();
    const open = await createCycle(member, project.id, { name: "Open", startsOn: today, endsOn: addDays(today, 6) });
    const done = await createCycle(member, project.id, { name: "Done", startsOn: addDays(today, -7), endsOn: addDays(today, -1) });
    const keep = await createCycle(member, project.id, { name: "Keep", startsOn: addDays(today, 7), endsOn: addDays(today, 13) });
    const a = await card("Alpha", 3);
    const b = await card("Beta");
    const c = await card("Gamma");
    await setCardCycle(member, project.id, a.id, open.id);
    await setCardCycle(member, project.id, b.id, open.id);
    await setCardCycle(member, project.id, c.id, keep.id);

    const viewerUser = await makeUser();
    await addMember(workspace.id, viewerUser.id, "viewer");
    await expect(deleteCycle(await memberOf(viewerUser.id), project.id, open.id)).rejects.toMatchObject({ status: 403 });
    const { user: stranger } = await makeOwner();
    await expect(deleteCycle(await memberOf(stranger.id), project.id, open.id)).rejects.toMatchObject({ status: 404 });

    expect(await deleteCycle(member, project.id, open.id)).toEqual({ name: "Open", cardCount: 2, wasClosed: false });
    await expect(getCycle(member, project.id, open.id)).rejects.toMatchObject({ status: 404 });
    await expect(deleteCycle(member, project.id, open.id)).rejects.toMatchObject({ status: 404 });
    // The cards are still on the board, in no cycle, and can join another one.
    const { columns } = await loadBoard(member, project.id);
    expect(columns.find((x) => x.id === col("To do"))!.cards.map((x) => x.title)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(await stays(a.id)).toEqual([]);
    const log = await listActivity(member.workspace.id, { cardId: a.id });
    expect(log.filter((x) => x.field === "cycle").map((x) => [x.oldValue, x.newValue])).toEqual([
      ["Open", null],
      [null, "Open"],
    ]);
    await setCardCycle(member, project.id, a.id, keep.id);
    // Another cycle's cards are untouched.
    expect((await getCycle(member, project.id, keep.id)).cards.map((x) => x.title)).toEqual(["Alpha", "Gamma"]);

    // A closed cycle: its frozen report is deleted with it.
    await setCardCycle(member, project.id, b.id, done.id, new Date(Date.now() - 7 * 86_400_000));
    await closeCycle(member, project.id, done.id);
    expect(await deleteCycle(member, project.id, done.id)).toEqual({ name: "Done", cardCount: 1, wasClosed: true });
    expect(await db().select().from(schema.cycles).where(eq(schema.cycles.id, done.id))).toEqual([]);
    expect((await listCycles(member, project.id)).map((x) => x.name)).toEqual(["Keep"]);
  });

  it("viewers read cycles but cannot change them; estimates are validated and logged", async () => {
    const { member, workspace, project, card, today } = await setup();
    const cycle = await createCycle(member, project.id, { name: "Read me", startsOn: today, endsOn: today });
    const viewerUser = await makeUser();
    await addMember(workspace.id, viewerUser.id, "viewer");
    const viewer = await memberOf(viewerUser.id);
    expect((await listCycles(viewer, project.id)).map((c) => c.name)).toEqual(["Read me"]);
    await expect(createCycle(viewer, project.id, { name: "No", startsOn: today, endsOn: today })).rejects.toMatchObject({ status: 403 });
    await expect(closeCycle(viewer, project.id, cycle.id)).rejects.toMatchObject({ status: 403 });
    const c = await card("Pointed");
    await expect(setEstimate(member, project.id, c.id, 1000)).rejects.toMatchObject({ status: 400, field: "estimate" });
    await expect(setEstimate(member, project.id, c.id, 1.25)).rejects.toMatchObject({ status: 400 });
    await expect(setEstimate(viewer, project.id, c.id, 2)).rejects.toMatchObject({ status: 403 });
    await setEstimate(member, project.id, c.id, 2.5);
    await setEstimate(member, project.id, c.id, null);
    const log = await listActivity(member.workspace.id, { cardId: c.id });
    expect(log.filter((a) => a.field === "estimate").map((a) => [a.oldValue, a.newValue])).toEqual([
      [2.5, null],
      [null, 2.5],
    ]);
    // Another workspace's member finds nothing.
    const { user: stranger } = await makeOwner();
    await expect(listCycles(await memberOf(stranger.id), project.id)).rejects.toMatchObject({ status: 404 });
  });
});
