import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { setEstimate } from "../cycles/estimates";
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
 * Left to do (burndown, points): 0, 8, 10, 7, 2. Points are the cards' current estimates (as
 * in a cycle's burn-up; estimates keep no history), so a deleted card counts none: C has none.
 */
describe("the date range's burn-up honours estimate points", () => {
  beforeEach(resetDb);
  afterEach(() => void vi.useRealTimers());

  it("draws points when cards are estimated, day by day as worked out by hand", async () => {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Range" });
    const { columns } = await loadBoard(member, project.id);
    const col = (name: string) => columns.find((c) => c.name === name)!.id;
    vi.useFakeTimers({ toFake: ["Date"] });
    const at = (iso: string) => vi.setSystemTime(new Date(iso));

    at("2026-03-02T09:00:00Z");
    const a = await createCard(member, project.id, { columnId: col("To do"), title: "A" });
    const b = await createCard(member, project.id, { columnId: col("To do"), title: "B" });
    const c = await createCard(member, project.id, { columnId: col("Backlog"), title: "C" });
    await setEstimate(member, project.id, a.id, 3);
    await setEstimate(member, project.id, b.id, 5);
    at("2026-03-03T10:00:00Z");
    await moveCard(member, project.id, { cardId: a.id, toColumnId: col("In progress") });
    const d = await createCard(member, project.id, { columnId: col("To do"), title: "D" });
    await setEstimate(member, project.id, d.id, 2);
    at("2026-03-04T11:00:00Z");
    await moveCard(member, project.id, { cardId: a.id, toColumnId: col("Done") });
    at("2026-03-05T12:00:00Z");
    await moveCard(member, project.id, { cardId: b.id, toColumnId: col("Done") });
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
