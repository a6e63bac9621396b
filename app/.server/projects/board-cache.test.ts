import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { itOn } from "../../../tests/support/database-kind";
import { db, driver, rowsOf } from "../db";
import { keptForProject } from "./board-cache";
import { loadBoard, workspaceMembers } from "./board-reads";
import { createCard } from "./cards";
import { createProject } from "./projects";

async function setup() {
  const { user, workspace } = await makeOwner({ fullName: "Ada Owner" });
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Launch" });
  const board = await loadBoard(member, project.id);
  const card = await createCard(member, project.id, { columnId: board.columns[1]!.id, title: "Write the brief" });
  return { user, workspace, member, project, card };
}

async function versionOf(projectId: string): Promise<number> {
  const rows = rowsOf<{ version: string | number }>(
    await db().execute(sql`select version from project_versions where project_id = ${projectId}`),
  );
  return Number(rows[0]!.version);
}

describe("the board's reads, kept until their project changes", () => {
  beforeEach(resetDb);

  it("answers the same read again from memory while nothing changed", async () => {
    const { member, project } = await setup();
    const first = await loadBoard(member, project.id);
    const second = await loadBoard(member, project.id);
    expect(second).toBe(first);
    // Shared between requests, so nobody may change it.
    expect(Object.isFrozen(first.columns[1]!.cards[0])).toBe(true);
    // Another filter is another read.
    const filtered = await loadBoard(member, project.id, { q: "brief" });
    expect(filtered).not.toBe(first);
    expect(filtered.columns[1]!.cards.map((c) => c.title)).toEqual(["Write the brief"]);
  });

  // Written as raw SQL: the version follows the tables, whichever code (or person) wrote them.
  const writes: {
    what: string;
    write: (ids: { cardId: string; projectId: string; workspaceId: string; userId: string }) => ReturnType<typeof sql>;
    seen: (card: Awaited<ReturnType<typeof loadBoard>>["columns"][number]["cards"][number]) => unknown;
    expected: unknown;
  }[] = [
    {
      what: "a card's title",
      write: (i) => sql`update cards set title = 'Brief, v2' where id = ${i.cardId}`,
      seen: (c) => c.title,
      expected: "Brief, v2",
    },
    {
      what: "an assignee",
      write: (i) =>
        sql`insert into card_assignees (card_id, user_id, project_id, workspace_id) values (${i.cardId}, ${i.userId}, ${i.projectId}, ${i.workspaceId})`,
      seen: (c) => c.assigneeIds.length,
      expected: 1,
    },
    {
      what: "a checklist item",
      write: (i) =>
        sql`insert into checklist_items (card_id, project_id, workspace_id, text, position) values (${i.cardId}, ${i.projectId}, ${i.workspaceId}, 'Outline', 'a0')`,
      seen: (c) => c.checklistTotal,
      expected: 1,
    },
    {
      what: "a comment",
      write: (i) =>
        sql`insert into comments (card_id, project_id, workspace_id, author_id, body) values (${i.cardId}, ${i.projectId}, ${i.workspaceId}, ${i.userId}, 'Looks good')`,
      seen: (c) => c.commentCount,
      expected: 1,
    },
    { what: "a deleted card", write: (i) => sql`delete from cards where id = ${i.cardId}`, seen: (c) => c, expected: undefined },
  ];

  it.each(writes)("reads afresh after $what changes", async ({ write, seen, expected }) => {
    const { member, project, card, user, workspace } = await setup();
    const before = await loadBoard(member, project.id);
    const version = await versionOf(project.id);
    await db().execute(write({ cardId: card.id, projectId: project.id, workspaceId: workspace.id, userId: user.id }));
    expect(await versionOf(project.id)).toBeGreaterThan(version);
    const after = await loadBoard(member, project.id);
    expect(after).not.toBe(before);
    expect(seen(after.columns[1]!.cards[0]!)).toEqual(expected);
  });

  it("bumps a project once per transaction, at commit, and not at all when it rolls back", async () => {
    const { project, card } = await setup();
    const version = await versionOf(project.id);
    await db().transaction(async (tx) => {
      await tx.execute(sql`update cards set title = 'One' where id = ${card.id}`);
      await tx.execute(sql`update cards set title = 'Two' where id = ${card.id}`);
      await tx.execute(sql`update board_columns set name = name || '!' where project_id = ${project.id}`);
    });
    expect(await versionOf(project.id)).toBe(version + 1);
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update cards set title = 'Three' where id = ${card.id}`);
        throw new Error("changed my mind");
      })
      .catch(() => undefined);
    expect(await versionOf(project.id)).toBe(version + 1);
  });

  it("reads the members afresh when one joins or is renamed, on every board of the workspace", async () => {
    const { member, project, workspace } = await setup();
    const members = () => keptForProject(workspace.id, project.id, "members", () => workspaceMembers(member));
    const first = await members();
    expect(await members()).toBe(first);
    const colleague = await makeUser({ fullName: "Grace Colleague" });
    await addMember(workspace.id, colleague.id, "member");
    const joined = await members();
    expect(joined.map((m) => m.fullName)).toEqual(["Ada Owner", "Grace Colleague"]);
    await db().execute(sql`update users set full_name = 'Grace Hopper' where id = ${colleague.id}`);
    expect((await members()).map((m) => m.fullName)).toEqual(["Ada Owner", "Grace Hopper"]);
    // A sign-in (the last-seen time, not a name) leaves the kept read alone.
    const kept = await members();
    await db().execute(sql`update users set updated_at = now() where id = ${colleague.id}`);
    expect(await members()).toBe(kept);
  });

  it("keeps nothing for a project of another workspace: its reads stay their own", async () => {
    const { project } = await setup();
    const { user: stranger } = await makeOwner();
    const outsider = await memberOf(stranger.id);
    const seen = await loadBoard(outsider, project.id);
    expect(seen.columns).toEqual([]);
    let reads = 0;
    const read = async () => ++reads;
    await keptForProject(outsider.workspace.id, project.id, "anything", read);
    await keptForProject(outsider.workspace.id, project.id, "anything", read);
    expect(reads).toBe(2);
  });

  // Bumping at the first write would hold the version row through the rest of each transaction:
  // two people moving cards in one column (each then shifting the other's card) would deadlock.
  itOn("postgres", "lets two transactions that write each other's cards both commit", async () => {
    const { member, project, card } = await setup();
    const board = await loadBoard(member, project.id);
    const other = await createCard(member, project.id, { columnId: board.columns[1]!.id, title: "Other" });
    const d = driver();
    if (d.kind !== "postgres") throw new Error("Postgres only");
    const [a, b] = [await d.pool.connect(), await d.pool.connect()];
    try {
      const version = await versionOf(project.id);
      await a.query("begin");
      await b.query("begin");
      await a.query("update cards set title = 'A1' where id = $1", [card.id]);
      await b.query("update cards set title = 'B1' where id = $1", [other.id]);
      // a now waits for b's row; b then commits, and a goes on.
      const aSecond = a.query("update cards set title = 'A2' where id = $1", [other.id]);
      await b.query("commit");
      await aSecond;
      await a.query("commit");
      expect(await versionOf(project.id)).toBe(version + 2);
    } finally {
      a.release();
      b.release();
    }
  });
});
