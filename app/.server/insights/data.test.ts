import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { percentile } from "../analytics/cycle-time";
import { db, schema } from "../db";
import { setAssignee } from "../projects/assignees";
import { createCard } from "../projects/cards";
import { createProject } from "../projects/projects";
import { loadInsightData } from "./data";

/** What the rules read, against the database: the numbers the queries compute are the ones worked out by hand. */
const now = new Date("2026-11-25T12:00:00Z");
const DAY = 86_400_000;

const setup = () => ownerWithProject();

describe("the insight rules' data", () => {
  beforeEach(resetDb);

  it("the 85th percentile cycle time of the last 90 days, by nearest rank of the rounded days", async () => {
    const { member, project, columns, workspace } = await setup();
    // Cycle times in days; 1.15 and 2.25 sit on a rounding edge (1.15 × 10 is 11.4999… in floating point).
    const days = [0.5, 1.15, 1.15, 2.25, 3, 4.05, 5, 6.2, 7, 9.95, 12, 30];
    for (const [k, d] of days.entries()) {
      const card = await createCard(member, project.id, { columnId: columns[4]!.id, title: `Done ${k}` });
      const completed = new Date(now.getTime() - (k + 1) * DAY);
      await db()
        .update(schema.cards)
        .set({ startedAt: new Date(completed.getTime() - d * DAY), completedAt: completed })
        .where(eq(schema.cards.id, card.id));
    }
    // Finished before the 90 days, and never started: left out.
    const old = await createCard(member, project.id, { columnId: columns[4]!.id, title: "Long ago" });
    await db()
      .update(schema.cards)
      .set({ startedAt: new Date(now.getTime() - 200 * DAY), completedAt: new Date(now.getTime() - 100 * DAY) })
      .where(eq(schema.cards.id, old.id));
    const data = await loadInsightData(db(), { workspaceId: workspace.id, projectId: project.id, now });
    const expected = percentile(
      days.map((d) => Math.round(d * 10) / 10),
      85,
    );
    expect(expected).toBe(12);
    expect(data.cycleP85.get(project.id)).toBe(expected);

    // With none finished: null.
    const other = await createProject(member, { name: "Empty" });
    expect((await loadInsightData(db(), { workspaceId: workspace.id, projectId: other.id, now })).cycleP85.get(other.id)).toBeNull();
  });

  it("cards finished per 7-day window (each card once a window), and each open card's assignees", async () => {
    const { user, member, project, columns, workspace } = await setup();
    const a = await createCard(member, project.id, { columnId: columns[1]!.id, title: "A" });
    const b = await createCard(member, project.id, { columnId: columns[1]!.id, title: "B" });
    await setAssignee(member, project.id, a.id, user.id, true);
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();
    const done = columns[4]!.id;
    const todo = columns[1]!.id;
    // A finishes twice this week (counted once), B once this week and once three weeks ago;
    // a move between two done columns (from completed) is not a finish.
    await db().execute(sql`
      insert into card_transitions (workspace_id, project_id, card_id, from_column_id, to_column_id, from_state_group, to_state_group, at) values
        (${workspace.id}, ${project.id}, ${a.id}, ${todo}, ${done}, 'unstarted', 'completed', ${at(1)}::timestamptz),
        (${workspace.id}, ${project.id}, ${a.id}, ${todo}, ${done}, 'unstarted', 'completed', ${at(2)}::timestamptz),
        (${workspace.id}, ${project.id}, ${b.id}, ${todo}, ${done}, 'unstarted', 'completed', ${at(3)}::timestamptz),
        (${workspace.id}, ${project.id}, ${b.id}, ${todo}, ${done}, 'unstarted', 'completed', ${at(22)}::timestamptz),
        (${workspace.id}, ${project.id}, ${b.id}, ${done}, ${done}, 'completed', 'completed', ${at(15)}::timestamptz),
        (${workspace.id}, ${project.id}, ${b.id}, ${todo}, ${done}, 'unstarted', 'completed', ${at(70)}::timestamptz)`);
    const data = await loadInsightData(db(), { workspaceId: workspace.id, projectId: project.id, now });
    expect(data.weekly.get(project.id)).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 2]);
    expect(data.openCards.map((c) => [c.title, c.assigneeIds]).sort()).toEqual([
      ["A", [user.id]],
      ["B", []],
    ]);
  });
});
