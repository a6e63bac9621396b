import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, formRequest, makeOwner, makeUser, memberOf } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { db, schema } from "~/.server/db";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { boardAction, boardLoader } from "./_app.projects.$id.server";
import { boardApiAction } from "./api.projects.$id.board.server";

async function thrownStatus(p: Promise<unknown>): Promise<number> {
  const thrown = await p.then(
    () => null,
    (e) => e,
  );
  return thrown?.init?.status ?? thrown?.status ?? 0;
}

async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Website" });
  const { columns } = await loadBoard(member, project.id);
  return { user, workspace, member, project, columns };
}

const cardCount = async (projectId: string) => (await db().select().from(schema.cards).where(eq(schema.cards.projectId, projectId))).length;

describe("board route", () => {
  beforeEach(resetDb);

  it("renders the board for a member and 404s another workspace's project", async () => {
    const mine = await setup();
    const theirs = await setup();
    const req = await authedRequest(mine.user.id, `/projects/${mine.project.id}`);
    const data = await boardLoader(req, mine.project.id);
    expect(data.columns).toHaveLength(5);
    expect(await thrownStatus(boardLoader(await authedRequest(mine.user.id, `/projects/${theirs.project.id}`), theirs.project.id))).toBe(
      404,
    );
    expect(await thrownStatus(boardLoader(await authedRequest(mine.user.id, "/projects/not-a-uuid"), "not-a-uuid"))).toBe(404);
  });

  it("creates a card with a plain form post and redirects back without a toast (the card shows in its column)", async () => {
    const { user, project, columns } = await setup();
    const base = await authedRequest(user.id, `/projects/${project.id}`);
    const res = (await boardAction(
      formRequest(base, { intent: "create-card", columnId: columns[1]!.id, title: "Hero copy" }),
      project.id,
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/projects/${project.id}`);
    expect(res.headers.get("Set-Cookie") ?? "").not.toContain("atelier_flash=");
    expect(await cardCount(project.id)).toBe(1);
  });

  it("keeps a toast for what is not in view: a deleted card, a move", async () => {
    const { user, member, project, columns } = await setup();
    const moved = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Move me" });
    const doomed = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Delete me" });
    const base = await authedRequest(user.id, `/projects/${project.id}?task=${doomed.id}`);
    const deleted = (await boardAction(formRequest(base, { intent: "delete-card", cardId: doomed.id }), project.id)) as Response;
    expect(deleted.headers.get("Location")).toBe(`/projects/${project.id}`);
    expect(deleted.headers.get("Set-Cookie")).toContain("atelier_flash=");
    const move = (await boardAction(
      formRequest(base, { intent: "move-card", cardId: moved.id, toColumnId: columns[3]!.id, index: "1" }),
      project.id,
    )) as Response;
    expect(move.headers.get("Set-Cookie")).toContain("atelier_flash=");
  });

  it("redirects a filter URL with empty parameters to the clean one", async () => {
    const { user, project } = await setup();
    const req = await authedRequest(user.id, `/projects/${project.id}?q=&assignee=&label=&priority=high&due=&expand=x`);
    const thrown = (await boardLoader(req, project.id).then(
      () => null,
      (e) => e,
    )) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe(`/projects/${project.id}?priority=high&expand=x`);
    const clean = await boardLoader(await authedRequest(user.id, `/projects/${project.id}?priority=high`), project.id);
    expect(clean.filters.priority).toBe("high");
  });

  it("answers odd URLs without failing: a NUL in the search finds nothing, a ?task= that is no card's id is a 404", async () => {
    const { user, member, project, columns } = await setup();
    await createCard(member, project.id, { columnId: columns[0]!.id, title: "Hero copy" });
    const searched = await boardLoader(await authedRequest(user.id, `/projects/${project.id}?q=Hero%00`), project.id);
    expect(searched.columns.flatMap((c) => c.cards).map((c) => c.title)).toEqual(["Hero copy"]);
    for (const task of ["not-a-uuid", "%00", "00000000-0000-4000-8000-000000000000"]) {
      expect(await thrownStatus(boardLoader(await authedRequest(user.id, `/projects/${project.id}?task=${task}`), project.id))).toBe(404);
    }
  });

  it("refuses to delete a column toward a column that is not on the board, even an empty one (400, nothing deleted)", async () => {
    const { user, project, columns } = await setup();
    const theirs = await setup();
    const base = await authedRequest(user.id, `/projects/${project.id}`);
    for (const moveTo of [theirs.columns[0]!.id, "00000000-0000-4000-8000-000000000000", columns[1]!.id.replace(/.$/, "0")]) {
      const result = (await boardAction(
        formRequest(base, { intent: "delete-column", columnId: columns[1]!.id, moveTo }),
        project.id,
      )) as unknown as {
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
    }
    expect((await loadBoard(await memberOf(user.id), project.id)).columns).toHaveLength(5);
    const done = (await boardAction(formRequest(base, { intent: "delete-column", columnId: columns[1]!.id }), project.id)) as Response;
    expect(done.status).toBe(303);
  });

  it("refuses a move naming both a position and a neighbour (400, nothing moved): the neighbour would go unchecked", async () => {
    const { user, member, project, columns } = await setup();
    const theirs = await setup();
    const card = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Stay" });
    const foreign = await createCard(theirs.member, theirs.project.id, { columnId: theirs.columns[0]!.id, title: "Theirs" });
    const base = await authedRequest(user.id, `/projects/${project.id}`);
    const move = { intent: "move-card", cardId: card.id, toColumnId: columns[2]!.id, index: "1" };
    for (const neighbour of [{ afterId: foreign.id }, { beforeId: card.id }] as Record<string, string>[]) {
      const result = (await boardAction(formRequest(base, { ...move, ...neighbour }), project.id)) as unknown as {
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
    }
    const [row] = await db().select().from(schema.cards).where(eq(schema.cards.id, card.id));
    expect(row!.columnId).toBe(columns[0]!.id);
  });

  it("answers bad input with a field message and a 400, and saves nothing", async () => {
    const { user, project, columns } = await setup();
    const base = await authedRequest(user.id, `/projects/${project.id}`);
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: "create-card", columnId: columns[0]!.id, title: "   " }, "title", "Give the card a title."],
      [{ intent: "create-card", columnId: columns[0]!.id, title: "x".repeat(201) }, "title", "Keep the title under 200 characters."],
      [
        { intent: "create-card", columnId: "00000000-0000-4000-8000-000000000000", title: "Lost" },
        "columnId",
        "That column is not on this board. Reload the page and try again.",
      ],
      [{ intent: "create-card", columnId: columns[0]!.id, title: "Dated", dueDate: "2026-02-30" }, "dueDate", "That is not a real date."],
      [{ intent: "nonsense" }, "intent", "Unknown action."],
    ];
    for (const [fields, field, message] of cases) {
      const result = await boardAction(formRequest(base, fields), project.id);
      const init = result as unknown as {
        init: { status: number };
        data: { field: string; message: string; values: Record<string, string> };
      };
      expect(init.init.status).toBe(400);
      expect(init.data).toMatchObject({ field, message });
    }
    expect(await cardCount(project.id)).toBe(0);
  });

  it("refuses a viewer's write with a 403 and changes nothing", async () => {
    const { workspace, project, columns, member } = await setup();
    const card = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Read me" });
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    const base = await authedRequest(viewer.id, `/projects/${project.id}`);
    const result = (await boardAction(
      formRequest(base, { intent: "move-card", cardId: card.id, toColumnId: columns[4]!.id, index: "1" }),
      project.id,
    )) as unknown as {
      init: { status: number };
    };
    expect(result.init.status).toBe(403);
    const [row] = await db().select().from(schema.cards).where(eq(schema.cards.id, card.id));
    expect(row!.columnId).toBe(columns[0]!.id);
  });

  it("the JSON endpoint answers 401 without a session and moves with one", async () => {
    const { user, member, project, columns } = await setup();
    const card = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Drag me" });
    const anon = new Request(`http://localhost:3000/api/projects/${project.id}/board`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "move-card", cardId: card.id, toColumnId: columns[2]!.id }),
    });
    expect((await boardApiAction(anon, project.id)).status).toBe(401);
    const base = await authedRequest(user.id, `/api/projects/${project.id}/board`);
    const res = await boardApiAction(
      new Request(base.url, {
        method: "POST",
        headers: { Cookie: base.headers.get("Cookie")!, "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "move-card", cardId: card.id, toColumnId: columns[2]!.id }),
      }),
      project.id,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, message: "Moved to In progress." });
  });
});
