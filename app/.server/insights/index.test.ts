import { beforeEach, describe, expect, it } from "vitest";
import { makeUser, addMember, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { db, schema } from "../db";
import { createCard, moveCard } from "../projects/cards";
import { computeInsights, hideInsight, insightsFor } from "./index";

const DAY = 86_400_000;

const setup = () => ownerWithProject();

describe("insights from the database", () => {
  beforeEach(resetDb);

  it("finds overdue, urgent unassigned, blocked, stale and duplicate cards in a real project", async () => {
    const { member, project, columns, workspace } = await setup();
    const todo = columns[1]!.id;
    const late = await createCard(member, project.id, { columnId: todo, title: "Send the invoice", dueDate: "2020-01-01" });
    const urgent = await createCard(member, project.id, { columnId: todo, title: "Server is down", priority: "urgent" });
    const a = await createCard(member, project.id, { columnId: todo, title: "Fix the login button on Safari" });
    const b = await createCard(member, project.id, { columnId: todo, title: "Fix login button on Safari" });
    const doing = await createCard(member, project.id, { columnId: todo, title: "Write the changelog" });
    await moveCard(member, project.id, { cardId: doing.id, toColumnId: columns[2]!.id, index: 0 });
    // A finished blocker does not block.
    const done = await createCard(member, project.id, { columnId: todo, title: "Design the logo" });
    await moveCard(member, project.id, { cardId: done.id, toColumnId: columns[4]!.id, index: 0 });
    await db()
      .insert(schema.cardDependencies)
      .values([
        { workspaceId: workspace.id, projectId: project.id, blockerCardId: urgent.id, blockedCardId: late.id },
        { workspaceId: workspace.id, projectId: project.id, blockerCardId: done.id, blockedCardId: a.id },
      ]);

    const now = new Date();
    const found = await computeInsights(db(), { workspaceId: workspace.id, now });
    expect(found.map((i) => i.type).sort()).toEqual(["blocked-work", "duplicates", "overdue", "urgent-unassigned"]);
    const overdue = found.find((i) => i.type === "overdue")!;
    expect(overdue).toMatchObject({
      id: `overdue:${project.id}`,
      projectName: "Website",
      title: "1 card overdue",
      evidence: [{ label: `#${late.number} Send the invoice`, href: `/projects/${project.id}?task=${late.id}`, value: "due Jan 1, 2020" }],
    });
    expect(found.find((i) => i.type === "blocked-work")!.evidence).toEqual([
      { label: `#${late.number} Send the invoice`, href: `/projects/${project.id}?task=${late.id}`, value: `blocked by #${urgent.number}` },
    ]);
    expect(found.find((i) => i.type === "duplicates")!.title).toBe(`#${a.number} and #${b.number} may be the same work`);

    // Ten days on, the card in progress has had no activity for longer than 3 days.
    const later = await computeInsights(db(), {
      workspaceId: workspace.id,
      projectId: project.id,
      now: new Date(now.getTime() + 10 * DAY),
    });
    expect(later.find((i) => i.type === "stale-work")).toMatchObject({
      title: "1 card in progress with no activity for over 3 days",
      evidence: [{ label: `#${doing.number} Write the changelog`, value: "no activity for 10 days" }],
    });
  });

  it("a quiet, healthy project has no insights", async () => {
    const { member, project, columns, workspace } = await setup();
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Plan the launch", dueDate: "2099-01-01" });
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Write the press release" });
    expect(await computeInsights(db(), { workspaceId: workspace.id })).toEqual([]);
  });

  it("dismiss hides an insight until its evidence changes; snooze hides it for a week", async () => {
    const { member, project, columns, workspace } = await setup();
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Send the invoice", dueDate: "2020-01-01" });
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    const other = await makeUser({ email: "viewer@example.com" });
    await addMember(workspace.id, other.id, "viewer");
    const viewer = await memberOf(other.id);

    const first = await insightsFor(member, { projectId: project.id });
    expect(first.insights.map((i) => i.type)).toEqual(["overdue", "urgent-unassigned"]);

    await hideInsight(member, { insightId: `overdue:${project.id}`, how: "dismiss" });
    const now = new Date();
    expect((await insightsFor(member, { projectId: project.id, now })).insights.map((i) => i.type)).toEqual(["urgent-unassigned"]);
    expect((await insightsFor(member, { projectId: project.id })).hidden).toBe(1);
    // Personal: the viewer still sees it.
    expect((await insightsFor(viewer)).insights.map((i) => i.type)).toEqual(["overdue", "urgent-unassigned"]);

    // Snoozed for a week: hidden for six days, back on the eighth.
    await hideInsight(member, { insightId: `urgent-unassigned:${project.id}`, how: "snooze" }, now);
    expect((await insightsFor(member, { now: new Date(now.getTime() + 6 * DAY) })).insights).toEqual([]);
    expect((await insightsFor(member, { now: new Date(now.getTime() + 8 * DAY) })).insights.map((i) => i.type)).toEqual([
      "urgent-unassigned",
    ]);

    // Another overdue card: the evidence changed, so the dismissed insight returns.
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Pay the rent", dueDate: "2020-02-01" });
    const back = await insightsFor(member, { projectId: project.id });
    expect(back.insights.map((i) => i.title)).toEqual(["2 cards overdue"]);

    // An insight that no longer applies cannot be dismissed.
    await expect(hideInsight(member, { insightId: `wip-limit:${project.id}:x`, how: "dismiss" })).rejects.toMatchObject({ status: 404 });
  });

  it("404s a project of another workspace", async () => {
    const mine = await setup();
    const theirs = await setup();
    await expect(insightsFor(mine.member, { projectId: theirs.project.id })).rejects.toMatchObject({ status: 404 });
  });
});
