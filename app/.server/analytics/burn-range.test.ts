import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { projectAtTimes } from "../../../tests/support/project-fixture";
import { loadBoard } from "../projects/board-reads";
import { createCard, deleteCard, moveCard } from "../projects/cards";
import { createProject } from "../projects/projects";
import { burnSection } from "./burn-section";
import { projectFlow } from "./reports";

/**
 * /analytics' burn-up and burndown of a date range (no cycle chosen) count estimate points as
 * a cycle's do. A small board worked out by hand (UTC), range Sun 1 to Thu 5 March 2026:
 *   Mon 2, 09:00  A (3 points) and B (5) created in To do, C (no estimate) in Backlog
 *   Tue 3, 10:00  A to In progress; D (2 points) created in To do
 *   Wed 4, 11:00  A to Done
 *   Thu 5, 12:00  B to Done; C deleted
 * End of each day:  scope (cards / points)   done (cards / points)
 *   Sun 1             0 / 0                     0 / 0
 *   Mon 2             3 / 8   (A, B, C)         0 / 0
 *   Tue 3             4 / 10  (D in)            0 / 0
 *   Wed 4             4 / 10                    1 / 3   (A)
 *   Thu 5             3 / 10  (C gone)          2 / 8   (A, B)
 * Left to do (burndown, points): 0, 8, 10, 7, 2. Points are each day's estimates (as in a cycle's
 * burn-up, decision 022); C has none.
 */
describe("the date range's burn-up honours estimate points", () => {
  beforeEach(resetDb);
  afterEach(() => void vi.useRealTimers());

  it("draws points when cards are estimated, day by day as worked out by hand", async () => {
    const { member, project, at, create, move, estimate } = await projectAtTimes("Range");
    at("2026-03-02T09:00:00Z");
    const a = await create("A", "To do");
    const b = await create("B", "To do");
    const c = await create("C", "Backlog");
    await estimate(a, 3);
    await estimate(b, 5);
    at("2026-03-03T10:00:00Z");
    await move(a, "In progress");
    const d = await create("D", "To do");
    await estimate(d, 2);
    at("2026-03-04T11:00:00Z");
    await move(a, "Done");
    at("2026-03-05T12:00:00Z");
    await move(b, "Done");
    await deleteCard(member, project.id, c.id);
    vi.useRealTimers();

    const range = { from: "2026-03-01", to: "2026-03-05" };
    const flow = await projectFlow(member, project.id, range);
    const burn = await burnSection(member, flow, range, null);
    const [up, down] = burn.charts;
    expect(burn.cycleId).toBeNull();
    expect(up!.table.rows).toEqual([
      // Day, scope (cards), done (cards), scope (points), done (points)
      ["2026-03-01", 0, 0, 0, 0],
      ["2026-03-02", 3, 0, 8, 0],
      ["2026-03-03", 4, 0, 10, 0],
      ["2026-03-04", 4, 1, 10, 3],
      ["2026-03-05", 3, 2, 10, 8],
    ]);
    expect(up!.legend.map((l) => l.label)).toEqual(["Scope (points)", "Done (points)", "Ideal"]);
    expect(up!.summary).toBe("By Mar 5, 2026: 8 points done of 10 points; the scope went from 0 points on Mar 1, 2026 to 10 points.");
    expect(down!.table.columns).toEqual(["Day", "Left to do (points)", "Ideal (points)"]);
    expect(down!.table.rows.map((r) => r[1])).toEqual([0, 8, 10, 7, 2]);
  }, 120_000); // many writes: slow on a loaded machine

  it("counts each day's estimates: a re-estimate is a step on its day, the days before keep theirs", async () => {
    // Mon 2 09:00 A (3) and B (5) in To do; Tue 3 10:00 A done; Wed 4 08:00 B 5 → 1;
    // Thu 5 09:00 A 3 → 4 (after it was done), 12:00 B done. End of each day (points):
    //   scope 8, 8, 4, 5; done 0, 3, 3, 5; left 8, 5, 1, 0. Today's estimates would read 5 every day.
    const { member, project, at, create, move, estimate } = await projectAtTimes("Re-estimated");
    at("2026-03-02T09:00:00Z");
    const a = await create("A", "To do");
    const b = await create("B", "To do");
    await estimate(a, 3);
    await estimate(b, 5);
    at("2026-03-03T10:00:00Z");
    await move(a, "Done");
    at("2026-03-04T08:00:00Z");
    await estimate(b, 1);
    at("2026-03-05T09:00:00Z");
    await estimate(a, 4);
    at("2026-03-05T12:00:00Z");
    await move(b, "Done");
    vi.useRealTimers();

    const range = { from: "2026-03-02", to: "2026-03-05" };
    const flow = await projectFlow(member, project.id, range);
    expect(flow.cfdPoints!.map((p) => [p.day, p.unstarted, p.completed])).toEqual([
      ["2026-03-02", 8, 0],
      ["2026-03-03", 5, 3],
      ["2026-03-04", 1, 3],
      ["2026-03-05", 0, 5],
    ]);
    const [up, down] = (await burnSection(member, flow, range, null)).charts;
    expect(up!.table.rows).toEqual([
      ["2026-03-02", 2, 0, 8, 0],
      ["2026-03-03", 2, 1, 8, 3],
      ["2026-03-04", 2, 1, 4, 3],
      ["2026-03-05", 2, 2, 5, 5],
    ]);
    expect(down!.table.rows.map((r) => r[1])).toEqual([8, 5, 1, 0]);
  }, 120_000);

  it("stays in cards when no card is estimated", async () => {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Plain" });
    const { columns } = await loadBoard(member, project.id);
    const card = await createCard(member, project.id, { columnId: columns[1]!.id, title: "Only" });
    await moveCard(member, project.id, { cardId: card.id, toColumnId: columns[4]!.id });
    const today = new Date().toISOString().slice(0, 10);
    const range = { from: today, to: today };
    const burn = await burnSection(member, await projectFlow(member, project.id, range), range, null);
    expect(burn.charts[0]!.legend.map((l) => l.label)).toEqual(["Scope (cards)", "Done (cards)", "Ideal"]);
    expect(burn.charts[0]!.table.rows).toEqual([[today, 1, 1, 0, 0]]);
  });
});
