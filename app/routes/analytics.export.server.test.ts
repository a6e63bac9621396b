import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser, memberOf } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { dayOf } from "~/.server/analytics/days";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard, moveCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { loader } from "./analytics.export.server";

async function setup(name = "Web Site") {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name });
  const { columns } = await loadBoard(member, project.id);
  return { user, workspace, member, project, columns };
}

const get = async (userId: string, path: string) => loader({ request: await authedRequest(userId, path), params: {}, context: {} });

describe("/analytics/export", () => {
  beforeEach(resetDb);

  it("downloads a chart's data as CSV for a viewer, and 404s another workspace's project", async () => {
    const mine = await setup();
    const theirs = await setup("Theirs");
    const card = await createCard(mine.member, mine.project.id, { columnId: mine.columns[1]!.id, title: "Hero" });
    await moveCard(mine.member, mine.project.id, { cardId: card.id, toColumnId: mine.columns[4]!.id, index: 1 });
    const viewer = await makeUser({ email: "viewer@example.com" });
    await addMember(mine.workspace.id, viewer.id, "viewer");
    const today = dayOf(new Date());

    const res = await get(viewer.id, `/analytics/export?project=${mine.project.id}&chart=throughput&from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="web-site-throughput-${today}-to-${today}.csv"`);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Week starting,Cards finished");
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},1$/);

    const cfd = await get(viewer.id, `/analytics/export?project=${mine.project.id}&chart=cfd&from=${today}&to=${today}`);
    expect(await cfd.text()).toBe(`Day,Backlog,Not started,In progress,Completed,Cancelled\r\n${today},0,0,0,1,0\r\n`);
    expect(cfd.headers.get("Content-Disposition")).toContain("web-site-cumulative-flow-");

    const cycle = await get(viewer.id, `/analytics/export?project=${mine.project.id}&chart=lead&from=${today}&to=${today}`);
    expect(cycle.headers.get("Content-Disposition")).toContain("web-site-lead-time-");
    expect(await cycle.text()).toBe(`Card,Finished,Lead time (days)\r\nHero,${today},0\r\n`);
    expect((await get(mine.user.id, `/analytics/export?project=${mine.project.id}&chart=toString`)).status).toBe(400);
    const byColumn = await get(viewer.id, `/analytics/export?project=${mine.project.id}&chart=cfd-column&from=${today}&to=${today}`);
    expect(byColumn.headers.get("Content-Disposition")).toContain("web-site-cumulative-flow-by-column-");
    expect(await byColumn.text()).toBe(`Day,Backlog,To do,In progress,Review,Done\r\n${today},0,0,0,0,1\r\n`);
    const aging = await get(viewer.id, `/analytics/export?project=${mine.project.id}&chart=aging`);
    expect(aging.headers.get("Content-Disposition")).toContain("web-site-aging-work-");
    expect(await aging.text()).toBe("Card,Column,Age (days),Older than the 85th percentile\r\n");

    const across = await get(mine.user.id, `/analytics/export?project=${theirs.project.id}&chart=cfd`);
    expect(across.status).toBe(404);
    expect(await across.text()).not.toContain("Theirs");
    expect((await get(mine.user.id, `/analytics/export?project=nope&chart=cfd`)).status).toBe(404);
    expect((await get(mine.user.id, `/analytics/export?project=${mine.project.id}&chart=pie`)).status).toBe(400);
  });
});
