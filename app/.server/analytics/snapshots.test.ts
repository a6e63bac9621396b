import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { projectAtTimes } from "../../../tests/support/project-fixture";
import { db, schema } from "../db";
import { deleteCard } from "../projects/cards";
import { snapshotProject } from "./snapshots";

/**
 * The daily snapshots count each day's estimates (decision 022), also for a day the job missed
 * and filled later, after the estimates changed. Worked out by hand (UTC):
 *   Mon 2, 09:00  A and B created in To do; A estimated 3, B 1. The job writes the 2nd on the 3rd.
 *   Tue 3         09:00 C created in To do, estimated 2 at 09:30; 10:00 A to In progress; 15:00 A 3 → 5
 *   Wed 4         10:00 B 1 → 2; 12:00 C deleted
 *   Thu 5         10:00 A 5 → 8; B's estimate removed
 *   The job was down: on Fri 6 it fills the 3rd, 4th and 5th.
 * End of each day (cards / points):  To do       In progress
 *   Mon 2                             2 / 4       0 / 0
 *   Tue 3                             2 / 3 (B, C) 1 / 5
 *   Wed 4                             1 / 2       1 / 5
 *   Thu 5                             1 / 0       1 / 8
 * (With today's estimates, as before the history, the 3rd and 4th would have read 8 in progress.)
 */
describe("daily snapshots", () => {
  beforeEach(resetDb);
  afterEach(() => void vi.useRealTimers());

  it("a missed day filled after its estimates changed counts that day's points", async () => {
    const { member, project, columns, at, create, move, estimate } = await projectAtTimes("Snapshots");
    const snapshot = (lastDay: string) => snapshotProject(db(), { id: project.id, workspaceId: member.workspace.id }, lastDay);

    at("2026-03-02T09:00:00Z");
    const a = await create("A", "To do");
    const b = await create("B", "To do");
    await estimate(a, 3);
    await estimate(b, 1);
    at("2026-03-03T08:00:00Z");
    await snapshot("2026-03-02");

    at("2026-03-03T09:00:00Z");
    const c = await create("C", "To do");
    at("2026-03-03T09:30:00Z");
    await estimate(c, 2);
    at("2026-03-03T10:00:00Z");
    await move(a, "In progress");
    at("2026-03-03T15:00:00Z");
    await estimate(a, 5);
    at("2026-03-04T10:00:00Z");
    await estimate(b, 2);
    at("2026-03-04T12:00:00Z");
    await deleteCard(member, project.id, c.id);
    at("2026-03-05T10:00:00Z");
    await estimate(a, 8);
    await estimate(b, null);

    at("2026-03-06T07:00:00Z");
    await snapshot("2026-03-05");

    const rows = await db()
      .select()
      .from(schema.projectDailySnapshots)
      .where(and(eq(schema.projectDailySnapshots.projectId, project.id), eq(schema.projectDailySnapshots.workspaceId, member.workspace.id)))
      .orderBy(asc(schema.projectDailySnapshots.day));
    const byDay = (day: string) =>
      Object.fromEntries(
        rows
          .filter((r) => r.day === day && r.cardCount > 0)
          .map((r) => [columns.find((x) => x.id === r.columnId)!.name, [r.cardCount, Number(r.points)]]),
      );
    expect(byDay("2026-03-02")).toEqual({ "To do": [2, 4] });
    expect(byDay("2026-03-03")).toEqual({ "To do": [2, 3], "In progress": [1, 5] });
    expect(byDay("2026-03-04")).toEqual({ "To do": [1, 2], "In progress": [1, 5] });
    expect(byDay("2026-03-05")).toEqual({ "To do": [1, 0], "In progress": [1, 8] });
  }, 60_000);
});
