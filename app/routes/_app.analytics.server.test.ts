import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser, memberOf } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard, moveCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { rangeFrom } from "~/.server/analytics/range";
import { analyticsLoader } from "./_app.analytics.server";

async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Website" });
  const { columns } = await loadBoard(member, project.id);
  return { user, workspace, member, project, columns };
}

const status = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { status?: number; init?: { status?: number } }) => e.init?.status ?? e.status ?? -1,
  );

describe("/analytics loader", () => {
  beforeEach(resetDb);

  it("gives a viewer the overview and a project's flow, and 404s another workspace's project", async () => {
    const mine = await setup();
    const theirs = await setup();
    const card = await createCard(mine.member, mine.project.id, { columnId: mine.columns[1]!.id, title: "Hero" });
    await moveCard(mine.member, mine.project.id, { cardId: card.id, toColumnId: mine.columns[4]!.id, index: 1 });
    const viewer = await makeUser({ email: "viewer@example.com" });
    await addMember(mine.workspace.id, viewer.id, "viewer");

    const data = await analyticsLoader(await authedRequest(viewer.id, `/analytics?project=${mine.project.id}`));
    expect(data.overview).toEqual([{ id: mine.project.id, name: "Website", throughput4w: 1, wip: 0, overdue: 0 }]);
    // The page gets the project of the flow and its charts, not the flow's rows.
    expect(data.flow).toEqual({ project: { id: mine.project.id, name: "Website" } });
    expect(data.charts.map((c) => c.id)).toEqual(["cfd", "throughput", "cycle", "lead", "aging"]);
    const cfdTable = data.charts[0]!.table;
    expect(cfdTable.rows).toHaveLength(56);
    expect(cfdTable.rows.at(-1)![cfdTable.columns.indexOf("Completed")]).toBe(1);
    expect(data.charts[1]!.table.rows.at(-1)![1]).toBe(1);
    // The finished card went straight from To do to Done: a lead time, no cycle time.
    expect(data.charts[3]!.table.rows).toEqual([["Hero", expect.any(String), 0]]);
    expect(data.charts[2]!.empty).toBe(true);
    expect(data.times).toEqual({ cycle: null, lead: { p50: 0, p85: 0, p95: 0, count: 1 } });

    // One card through In progress: now a cycle time too.
    const second = await createCard(mine.member, mine.project.id, { columnId: mine.columns[1]!.id, title: "Footer" });
    await moveCard(mine.member, mine.project.id, { cardId: second.id, toColumnId: mine.columns[2]!.id, index: 0 });
    await moveCard(mine.member, mine.project.id, { cardId: second.id, toColumnId: mine.columns[4]!.id, index: 0 });
    const again = await analyticsLoader(await authedRequest(viewer.id, `/analytics?project=${mine.project.id}`));
    expect(again.times!.cycle).toEqual({ p50: 0, p85: 0, p95: 0, count: 1 });
    expect(again.charts[2]!.dots).toEqual([expect.objectContaining({ label: expect.stringMatching(/^Footer: 0 days, finished /) })]);
    expect(again.charts[3]!.table.rows.map((r) => r[0]).sort()).toEqual(["Footer", "Hero"]);

    // Cumulative flow by column: the board's columns, Done holding the two finished cards.
    const byColumn = await analyticsLoader(await authedRequest(viewer.id, `/analytics?project=${mine.project.id}&cfd=column`));
    expect(byColumn.cfdBy).toBe("column");
    const cfd = byColumn.charts[0]!;
    expect(cfd.id).toBe("cfd-column");
    expect(cfd.table.columns).toEqual(["Day", "Backlog", "To do", "In progress", "Review", "Done"]);
    expect(cfd.table.rows.at(-1)!.slice(1)).toEqual([0, 0, 0, 0, 2]);
    expect(cfd.summary).toMatch(/: 0 in Backlog, 0 in To do, 0 in In progress, 0 in Review, 2 in Done\.$/);

    // Aging work in progress: a card in In progress now, against the cycle time percentiles (0 days).
    const third = await createCard(mine.member, mine.project.id, { columnId: mine.columns[2]!.id, title: "Nav" });
    const aging = (await analyticsLoader(await authedRequest(viewer.id, `/analytics?project=${mine.project.id}`))).charts[4]!;
    expect(aging.xTicks.map((t) => t.label)).toEqual(["In progress", "Review"]);
    expect(aging.table.rows).toEqual([[`#${third.number} Nav`, "In progress", 0, "No"]]);

    expect(await status(analyticsLoader(await authedRequest(mine.user.id, `/analytics?project=${theirs.project.id}`)))).toBe(404);
    expect(await status(analyticsLoader(await authedRequest(mine.user.id, "/analytics?project=nope")))).toBe(404);
  });

  it("reads the date range from the GET form, defaulting to the last 8 weeks", () => {
    const now = new Date("2026-03-31T12:00:00Z");
    expect(rangeFrom(new URL("http://x/analytics"), now)).toEqual({ from: "2026-02-04", to: "2026-03-31" });
    expect(rangeFrom(new URL("http://x/analytics?from=2026-03-10&to=2026-03-01"), now)).toEqual({ from: "2026-03-01", to: "2026-03-10" });
    expect(rangeFrom(new URL("http://x/analytics?from=junk&to="), now)).toEqual({ from: "2026-02-04", to: "2026-03-31" });
  });
});
