import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser, memberOf } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard, moveCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { analyticsLoader, rangeFrom } from "./_app.analytics.server";

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
    expect(data.flow!.cfd.at(-1)!.completed).toBe(1);
    expect(data.flow!.throughput.at(-1)!.completed).toBe(1);
    expect(data.flow!.cfd).toHaveLength(56);

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
