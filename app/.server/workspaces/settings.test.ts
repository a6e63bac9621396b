// The workspace's settings as services: each checks the caller's role and read-only mode
// itself, so any caller (a route, an API, a job) gets the same refusals.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { getMemberContext } from "./index";
import { deleteWorkspace, updateWorkspace } from "./settings";

const ctxFor = async (userId: string) => getMemberContext(await authedRequest(userId, "/settings"));
const workspaceRow = async (id: string) => (await db().select().from(schema.workspaces).where(eq(schema.workspaces.id, id)))[0];
const endTrial = (id: string) =>
  db()
    .update(schema.workspaces)
    .set({ trialEndsAt: new Date(Date.now() - 1000) })
    .where(eq(schema.workspaces.id, id));

describe("updateWorkspace", () => {
  beforeEach(resetDb);

  it("lets admins and owners rename; members and viewers get a 403 and nothing changes", async () => {
    const { workspace } = await makeOwner();
    for (const role of ["member", "viewer"] as const) {
      const someone = await makeUser();
      await addMember(workspace.id, someone.id, role);
      await expect(updateWorkspace(await ctxFor(someone.id), { name: "Taken over", slug: "taken-over" })).rejects.toMatchObject({
        status: 403,
        message: "Only admins and owners can change workspace settings.",
      });
    }
    expect((await workspaceRow(workspace.id))!.name).toBe(workspace.name);
    const admin = await makeUser();
    await addMember(workspace.id, admin.id, "admin");
    await expect(updateWorkspace(await ctxFor(admin.id), { name: "Studio", slug: "studio" })).resolves.toEqual({ slug: "studio" });
    expect(await workspaceRow(workspace.id)).toMatchObject({ name: "Studio", slug: "studio" });
  });

  it("refuses a read-only workspace with the read-only message", async () => {
    const { user, workspace } = await makeOwner();
    await endTrial(workspace.id);
    await expect(updateWorkspace(await ctxFor(user.id), { name: "Later", slug: "later" })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("This workspace is read-only because its free trial has ended"),
    });
    expect((await workspaceRow(workspace.id))!.name).toBe(workspace.name);
  });
});

describe("deleteWorkspace", () => {
  beforeEach(resetDb);

  it("is for owners only, and only with the workspace's name typed", async () => {
    const { user, workspace } = await makeOwner();
    const admin = await makeUser();
    await addMember(workspace.id, admin.id, "admin");
    await expect(deleteWorkspace(await ctxFor(admin.id), workspace.name)).rejects.toMatchObject({
      status: 403,
      message: "Only owners can delete the workspace.",
    });
    await expect(deleteWorkspace(await ctxFor(user.id), "something else")).rejects.toMatchObject({
      status: 400,
      field: "confirm",
      message: `Type the workspace's name, ${workspace.name}, to confirm.`,
    });
    expect(await workspaceRow(workspace.id)).toBeDefined();
    await deleteWorkspace(await ctxFor(user.id), ` ${workspace.name} `);
    expect(await workspaceRow(workspace.id)).toBeUndefined();
  });
});
