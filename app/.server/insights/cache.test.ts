import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeUser, type memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { db, rowsOf, schema } from "../db";
import { setAssignee } from "../projects/assignees";
import { createCard, moveCard, updateCard } from "../projects/cards";
import { updateColumn } from "../projects/columns";
import { addDependency } from "../projects/dependencies";
import { createProject, setProjectArchived, updateProject } from "../projects/projects";
import type { Insight } from "~/lib/insights";
import { compactInsightChanges } from "./cache";
import { computeInsights, hideInsight, insightsFor } from "./index";

/**
 * The insight cache (./cache.ts): the pages read each project's insights from it while nothing
 * they rest on changed; any write to the board shows at once, and so do dismissals and snoozes.
 */
const setup = () => ownerWithProject();

const types = async (member: Awaited<ReturnType<typeof memberOf>>, projectId?: string) =>
  (await insightsFor(member, projectId ? { projectId } : {})).insights.map((i) => i.type);

/**
 * Replaces the project's cached insights with a marker (a kind no test here expects), so a read
 * shows whether it came from the cache.
 */
async function markCache(projectId: string) {
  const [row] = await db().select().from(schema.projectInsights).where(eq(schema.projectInsights.projectId, projectId));
  expect(row).toBeDefined();
  const marker: Insight = {
    id: `throughput-drop:${projectId}`,
    type: "throughput-drop",
    severity: "low",
    title: "from the cache",
    evidence: [],
    action: "",
    evidenceHash: "marker",
    projectId,
    projectName: "Website",
  };
  await db()
    .update(schema.projectInsights)
    .set({ insights: [marker] })
    .where(eq(schema.projectInsights.projectId, projectId));
}

describe("the insight cache", () => {
  beforeEach(resetDb);

  it("serves a project's insights from the cache until something they rest on changes", async () => {
    const { member, project, columns } = await setup();
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Send the invoice", dueDate: "2020-01-01" });
    expect(await types(member, project.id)).toEqual(["overdue"]);

    // Nothing changed: the next read is the stored result.
    await markCache(project.id);
    expect((await insightsFor(member, { projectId: project.id })).insights.map((i) => i.title)).toEqual(["from the cache"]);

    // A new urgent card with nobody on it shows on the next read, without waiting.
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    expect((await insightsFor(member, { projectId: project.id })).insights.map((i) => i.title)).toEqual([
      "1 card overdue",
      "1 urgent card with nobody assigned",
    ]);
  });

  it("every kind of change to the board shows at once", async () => {
    const { user, member, project, columns, workspace } = await setup();
    const todo = columns[1]!.id;
    const urgent = await createCard(member, project.id, { columnId: todo, title: "Server is down", priority: "urgent" });
    const late = await createCard(member, project.id, { columnId: todo, title: "Send the invoice" });
    expect(await types(member, project.id)).toEqual(["urgent-unassigned"]);

    // Assigning the card (card_assignees).
    await markCache(project.id);
    await setAssignee(member, project.id, urgent.id, user.id, true);
    expect(await types(member, project.id)).toEqual([]);

    // Editing a card (its due date).
    await markCache(project.id);
    await updateCard(member, project.id, late.id, late.version, { dueDate: "2020-01-01" });
    expect(await types(member, project.id)).toEqual(["overdue"]);

    // A block between open cards (card_dependencies).
    await markCache(project.id);
    await addDependency(member, project.id, { cardId: late.id, other: `#${urgent.number}`, direction: "blocked-by" });
    expect(await types(member, project.id)).toEqual(["overdue", "blocked-work"]);

    // Finishing the blocker (a move: cards and the transition log).
    await markCache(project.id);
    await moveCard(member, project.id, { cardId: urgent.id, toColumnId: columns[4]!.id, index: 0 });
    expect(await types(member, project.id)).toEqual(["overdue"]);

    // A work-in-progress limit (board_columns).
    await moveCard(member, project.id, { cardId: late.id, toColumnId: columns[2]!.id, index: 0 });
    await createCard(member, project.id, { columnId: columns[2]!.id, title: "Write the changelog" });
    expect(await types(member, project.id)).toEqual(["overdue"]);
    await markCache(project.id);
    await updateColumn(member, project.id, columns[2]!.id, { wipLimit: 1 });
    expect(await types(member, project.id)).toEqual(["overdue", "wip-limit"]);

    // The project's name is in its insights; an archived project has none on the pages.
    await markCache(project.id);
    await updateProject(member, project.id, { name: "Web site" });
    expect((await insightsFor(member)).insights.map((i) => i.projectName)).toEqual(["Web site", "Web site"]);
    await setProjectArchived(member, project.id, true);
    expect(await types(member)).toEqual([]);

    // Whatever the path, the pages show what the rules compute from the data.
    await setProjectArchived(member, project.id, false);
    expect((await insightsFor(member)).insights).toEqual(await computeInsights(db(), { workspaceId: workspace.id }));
  });

  it("a change to the team shows at once in every project", async () => {
    const { user, member, project, columns, workspace } = await setup();
    const other = await createProject(member, { name: "Mobile" });
    const second = await makeUser({ email: "sam@example.com", fullName: "Sam" });
    await addMember(workspace.id, second.id, "member");
    // Three cards for the owner, none for Sam: the owner is overloaded (team of two).
    for (const title of ["One", "Two", "Three"]) {
      const c = await createCard(member, project.id, { columnId: columns[1]!.id, title });
      await setAssignee(member, project.id, c.id, user.id, true);
    }
    expect(await types(member)).toEqual(["overload"]);
    await markCache(project.id);
    // Sam leaves: a team of one is never overloaded; the other project's cache is refreshed too.
    await db().delete(schema.memberships).where(eq(schema.memberships.userId, second.id));
    expect(await types(member)).toEqual([]);
    const changes = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from insight_changes where project_id in (${project.id}::uuid, ${other.id}::uuid)`),
    );
    expect(changes[0]!.n).toBe(0);
  });

  it("dismiss and snooze take effect at once, and an insight returns when its evidence changes", async () => {
    const { member, project, columns } = await setup();
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Send the invoice", dueDate: "2020-01-01" });
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    expect(await types(member, project.id)).toEqual(["overdue", "urgent-unassigned"]);

    await hideInsight(member, { insightId: `overdue:${project.id}`, how: "dismiss" });
    expect(await types(member, project.id)).toEqual(["urgent-unassigned"]);
    expect(await types(member)).toEqual(["urgent-unassigned"]);
    await hideInsight(member, { insightId: `urgent-unassigned:${project.id}`, how: "snooze" });
    expect(await insightsFor(member, { projectId: project.id })).toEqual({ insights: [], hidden: 2 });

    // Another overdue card: the dismissed insight's evidence changed, so it is back on the next read.
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Pay the rent", dueDate: "2020-02-01" });
    expect((await insightsFor(member, { projectId: project.id })).insights.map((i) => i.title)).toEqual(["2 cards overdue"]);
  });

  it("the daily upkeep keeps one change mark per project, and the project still reads as changed", async () => {
    const { member, project, columns } = await setup();
    expect(await types(member, project.id)).toEqual([]);
    await markCache(project.id);
    for (const title of ["One", "Two", "Three"]) await createCard(member, project.id, { columnId: columns[0]!.id, title });
    const marks = async () =>
      (await db().select().from(schema.insightChanges).where(eq(schema.insightChanges.projectId, project.id))).length;
    expect(await marks()).toBeGreaterThan(1);
    await db().insert(schema.insightChanges).values({ projectId: "00000000-0000-4000-8000-000000000000" });
    await compactInsightChanges(db());
    expect(await marks()).toBe(1);
    expect(await db().select().from(schema.insightChanges)).toHaveLength(1);
    // Not served from the cache: the change still counts.
    expect((await insightsFor(member, { projectId: project.id })).insights.map((i) => i.title)).not.toContain("from the cache");
  });

  it("insights computed for another day are computed again", async () => {
    const { member, project, columns } = await setup();
    const doing = await createCard(member, project.id, { columnId: columns[1]!.id, title: "Write the changelog" });
    await moveCard(member, project.id, { cardId: doing.id, toColumnId: columns[2]!.id, index: 0 });
    const now = new Date();
    expect(await types(member, project.id)).toEqual([]);
    await markCache(project.id);
    // Ten days on, nothing was written, yet the card in progress is stale.
    const later = await insightsFor(member, { projectId: project.id, now: new Date(now.getTime() + 10 * 86_400_000) });
    expect(later.insights.map((i) => i.title)).toEqual(["1 card in progress with no activity for over 3 days"]);
  });
});
