import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { answer } from "../../tests/support/route-requests";
import { db, schema } from "~/.server/db";
import { createProject } from "~/.server/projects/projects";
import { getMemberContext } from "~/.server/workspaces";
import { type FormReply, replyMessages } from "~/components/ui/conform";
import { createCard } from "~/.server/projects/cards";
import { createPin } from "~/.server/prototypes";
import { saveToken } from "~/.server/design/tokens";
import { applyPatch, createWireframe, getWireframe } from "~/.server/wireframes";
import { makeReadOnly, makeWorkspace } from "~/.server/wireframes/test-support";
import { loader } from "./_app";
import { action as dashboardAction } from "./_app.dashboard";
import { action as designAction } from "./_app.design.server";
import { action as prototypeAction } from "./_app.prototypes.$id.server";
import { action as settingsAction } from "./_app.settings";
import { action as teamAction } from "./_app.team._index";
import { action as boardApiAction } from "./api.projects.$id.board.server";
import { action as patchAction } from "./api.wireframes.$id.patches.server";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe("the shell's read-only notice", () => {
  beforeEach(resetDb);

  it("is absent during the trial and explains itself once the trial has ended", async () => {
    const { user, workspace } = await makeOwner();
    const during = (await loader({ request: await authedRequest(user.id, "/dashboard"), params: {}, context: {} })) as unknown as {
      data: { readOnlyNotice: string | null };
    };
    expect(during.data.readOnlyNotice).toBeNull();
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    const after = (await loader({ request: await authedRequest(user.id, "/dashboard"), params: {}, context: {} })) as unknown as {
      data: { readOnlyNotice: string | null };
    };
    expect(after.data.readOnlyNotice).toBe(
      "This workspace is read-only because its free trial has ended. Your data is kept; choose a plan on the billing page to make changes again.",
    );
  });
});

describe("a read-only workspace (trial ended, no plan)", () => {
  beforeEach(resetDb);

  it("refuses quick create, renaming and role changes with the read-only message; members can still be removed", async () => {
    const { user, workspace } = await makeOwner();
    const project = await createProject(await getMemberContext(await authedRequest(user.id, "/projects")), { name: "Kept" });
    const member = await makeUser();
    await addMember(workspace.id, member.id, "member");
    await db().update(schema.users).set({ currentWorkspaceId: workspace.id }).where(eq(schema.users.id, user.id));
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    const req = (path: string) => authedRequest(user.id, path);
    const readOnly = /This workspace is read-only because its free trial has ended/;

    const quick = await answer<FormReply>(
      dashboardAction(args(formRequest(await req("/dashboard"), { projectId: project.id, title: "Nope" }))),
    );
    expect(quick.status).toBe(403);
    expect(replyMessages(quick.body).join(" ")).toMatch(readOnly);
    expect(await db().select().from(schema.cards).where(eq(schema.cards.projectId, project.id))).toHaveLength(0);

    const rename = await answer<FormReply>(
      settingsAction(args(formRequest(await req("/settings"), { intent: "update-workspace", name: "New", slug: "new-name" }))),
    );
    expect(rename.status).toBe(403);
    expect(replyMessages(rename.body).join(" ")).toMatch(readOnly);

    const role = await answer<FormReply>(
      teamAction(args(formRequest(await req("/team"), { intent: "change-role", userId: member.id, role: "admin" }))),
    );
    expect(role.status).toBe(403);
    expect(replyMessages(role.body).join(" ")).toMatch(readOnly);

    const removed = (await teamAction(args(formRequest(await req("/team"), { intent: "remove", userId: member.id })))) as Response;
    expect(removed.status).toBe(303);
    const [ws] = await db().select().from(schema.workspaces).where(eq(schema.workspaces.id, workspace.id));
    expect(ws!.name).not.toBe("New");
  });
});

/**
 * One answer to a change in a read-only workspace, whatever the resource: 403, and the
 * UserError behind it carries the code `workspace_read_only` that JSON routes send as problem
 * details and clients decide by (`isReadOnlyProblem`). Wireframes and prototypes used to
 * answer 409. The routes are the ones the board, the editor, the design manager and the
 * prototype player post to; nothing is written.
 */
describe("a change in a read-only workspace, on every kind of resource", () => {
  beforeEach(resetDb);

  const readOnly = /This workspace is read-only because its free trial has ended/;
  const readOnlyError = { status: 403, code: "workspace_read_only", message: expect.stringMatching(readOnly) };

  async function lapsed() {
    const ws = await makeWorkspace();
    const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Home", device: "desktop" });
    const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
    await makeReadOnly(ws.workspace.id);
    return { ...ws, wireframeId: id, screenId };
  }

  const jsonPost = async (userId: string, path: string, body: unknown) =>
    authedRequest(userId, path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("a board write (the board's JSON API): 403 with the reason; the service says workspace_read_only", async () => {
    const ws = await lapsed();
    const res = await boardApiAction(
      args(
        await jsonPost(ws.user.id, `/api/projects/${ws.project.id}/board`, {
          intent: "create-card",
          columnId: ws.card.columnId,
          title: "New",
        }),
        {
          id: ws.project.id,
        },
      ),
    );
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).toMatch(readOnly);
    await expect(createCard(ws.owner, ws.project.id, { columnId: ws.card.columnId, title: "New" })).rejects.toMatchObject(readOnlyError);
    expect(await db().select().from(schema.cards).where(eq(schema.cards.projectId, ws.project.id))).toHaveLength(1);
  });

  it("a wireframe patch (the editor's JSON API): 403 with the reason; the service says workspace_read_only", async () => {
    const ws = await lapsed();
    const body = { clientId: "tab-1", ops: [{ op: "set-screen" as const, id: ws.screenId, key: "name", value: "Renamed" }] };
    const res = await patchAction(
      args(await jsonPost(ws.user.id, `/api/wireframes/${ws.wireframeId}/patches`, body), { id: ws.wireframeId }),
    );
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).toMatch(readOnly);
    await expect(applyPatch(ws.owner, ws.wireframeId, body)).rejects.toMatchObject(readOnlyError);
    expect((await getWireframe(ws.owner, ws.wireframeId)).seq).toBe(0);
  });

  it("a design edit (the design manager's form): 403 with the reason; the service says workspace_read_only", async () => {
    const ws = await lapsed();
    const reply = await answer<FormReply>(
      designAction(args(formRequest(await authedRequest(ws.user.id, "/design"), { intent: "create-set", name: "brand" }))),
    );
    expect(reply.status).toBe(403);
    expect(replyMessages(reply.body).join(" ")).toMatch(readOnly);
    await expect(saveToken(ws.owner, null, { set: "core", path: "x", type: "number", value: 1 })).rejects.toMatchObject(readOnlyError);
  });

  it("a feedback pin (the prototype player's form): 403 with the reason; the service says workspace_read_only", async () => {
    const ws = await lapsed();
    const path = `/prototypes/${ws.wireframeId}?comments=1`;
    const fields = { intent: "pin", screenId: ws.screenId, x: "10", y: "10", body: "Looks good" };
    const reply = await answer<FormReply>(
      prototypeAction(args(formRequest(await authedRequest(ws.user.id, path), fields), { id: ws.wireframeId })),
    );
    expect(reply.status).toBe(403);
    expect(replyMessages(reply.body).join(" ")).toMatch(readOnly);
    await expect(createPin(ws.owner, ws.wireframeId, { screenId: ws.screenId, x: 10, y: 10, body: "Looks good" })).rejects.toMatchObject(
      readOnlyError,
    );
    expect(await db().select().from(schema.prototypePins).where(eq(schema.prototypePins.wireframeId, ws.wireframeId))).toHaveLength(0);
  });
});
