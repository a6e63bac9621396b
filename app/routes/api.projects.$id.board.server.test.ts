import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser, memberOf } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { db, schema } from "~/.server/db";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard, updateCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { boardApiAction, loader } from "./api.projects.$id.board.server";

/**
 * The board's JSON API answers every refusal as problem details (RFC 9457, decision 026):
 * `application/problem+json` with `type`, `title`, `status`, `detail`, `code`, the intent,
 * and the field errors; never the old `{ ok: false, … }` shape.
 */
async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Website" });
  const { columns } = await loadBoard(member, project.id);
  const card = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Draft the brief" });
  return { user, workspace, member, project, columns, card };
}

async function post(userId: string | null, projectId: string, body: BodyInit, contentType?: string) {
  const url = `/api/projects/${projectId}/board`;
  const headers = contentType ? { "Content-Type": contentType } : undefined;
  const request = userId
    ? await authedRequest(userId, url, { method: "POST", body, headers })
    : new Request(new URL(url, "http://localhost:3000"), { method: "POST", body, headers });
  return boardApiAction(request, projectId);
}

const json = (value: unknown) => JSON.stringify(value);

async function problemOf(res: Response) {
  expect(res.headers.get("Content-Type")).toBe("application/problem+json");
  const body = await res.json();
  expect(body).toMatchObject({ type: expect.stringMatching(/^\/docs\/api\/problems\//), title: expect.any(String), status: res.status });
  expect(body).not.toHaveProperty("ok");
  return body;
}

describe("the board's JSON API: refusals are problem details", () => {
  beforeEach(resetDb);

  it("401 without a session, 404 for another workspace's project, on GET and POST", async () => {
    const mine = await setup();
    const theirs = await setup();
    const move = json({ intent: "move-card", cardId: mine.card.id, toColumnId: mine.columns[1]!.id });
    expect(await problemOf(await post(null, mine.project.id, move, "application/json"))).toMatchObject({
      status: 401,
      code: "unauthenticated",
    });
    expect(await problemOf(await post(mine.user.id, theirs.project.id, move, "application/json"))).toMatchObject({
      status: 404,
      code: "not_found",
    });
    const get = await loader({
      request: await authedRequest(mine.user.id, `/api/projects/${theirs.project.id}/board`),
      params: { id: theirs.project.id },
      context: {},
    });
    expect(await problemOf(get)).toMatchObject({ status: 404, code: "not_found" });
  });

  it("405 with Allow for a method the address does not take", async () => {
    const { user, project } = await setup();
    const res = await boardApiAction(await authedRequest(user.id, `/api/projects/${project.id}/board`, { method: "DELETE" }), project.id);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, POST");
    expect(await problemOf(res)).toMatchObject({ code: "method_not_allowed" });
  });

  it("400 validation_failed with every field's message, for a form and for JSON, and nothing written", async () => {
    const { user, project, card } = await setup();
    const form = new FormData();
    form.set("intent", "update-card");
    form.set("cardId", card.id);
    form.set("version", "1");
    form.set("title", "   ");
    expect(await problemOf(await post(user.id, project.id, form))).toMatchObject({
      status: 400,
      code: "validation_failed",
      detail: "Give the card a title.",
      intent: "update-card",
      errors: [{ field: "title", message: "Give the card a title." }],
    });
    expect(await problemOf(await post(user.id, project.id, json({ intent: "fly-away" }), "application/json"))).toMatchObject({
      status: 400,
      code: "validation_failed",
      detail: "Unknown action.",
      errors: [{ field: "intent" }],
    });
    // The body is parsed by its schema: an object of plain values, nothing nested.
    const nested = await problemOf(
      await post(user.id, project.id, json({ intent: "delete-card", cardId: { id: card.id } }), "application/json"),
    );
    expect(nested).toMatchObject({ status: 400, code: "validation_failed", errors: [{ field: "cardId" }] });
    const list = await problemOf(await post(user.id, project.id, json([card.id]), "application/json"));
    expect(list).toMatchObject({ status: 400, code: "validation_failed" });
    const [row] = await db().select().from(schema.cards).where(eq(schema.cards.id, card.id));
    expect(row).toMatchObject({ title: "Draft the brief" });
  });

  it("a service's refusal keeps its status and code: 403 for a viewer, 409 version_conflict for a stale field, 404 for a missing card", async () => {
    const { user, workspace, member, project, card } = await setup();
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    const rename = json({ intent: "update-card", cardId: card.id, version: 1, title: "Mine", baseTitle: "Draft the brief" });
    expect(await problemOf(await post(viewer.id, project.id, rename, "application/json"))).toMatchObject({
      status: 403,
      code: "forbidden",
      intent: "update-card",
    });

    await updateCard(member, project.id, card.id, 1, { title: "Theirs" }, { title: "Draft the brief" });
    expect(await problemOf(await post(user.id, project.id, rename, "application/json"))).toMatchObject({
      status: 409,
      code: "version_conflict",
      intent: "update-card",
    });

    const gone = json({ intent: "delete-card", cardId: "00000000-0000-4000-8000-000000000000" });
    expect(await problemOf(await post(user.id, project.id, gone, "application/json"))).toMatchObject({ status: 404, code: "not_found" });
  });

  it("success stays `{ ok: true, … }` JSON", async () => {
    const { user, project, card, columns } = await setup();
    const res = await post(
      user.id,
      project.id,
      json({ intent: "move-card", cardId: card.id, toColumnId: columns[2]!.id }),
      "application/json",
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, intent: "move-card", cardId: card.id });
  });
});
