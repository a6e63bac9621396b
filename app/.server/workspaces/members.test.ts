import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { getMemberContext, requireMember } from "./index";
import { changeRole, LAST_OWNER_MESSAGE, removeMember } from "./members";

async function ctxFor(userId: string) {
  return getMemberContext(await authedRequest(userId, "/team"));
}

describe("members", () => {
  beforeEach(resetDb);

  it("keeps the last owner, and only owners make owners", async () => {
    const { user, workspace } = await makeOwner();
    const admin = await makeUser();
    await addMember(workspace.id, admin.id, "admin");
    await expect(changeRole(await ctxFor(user.id), user.id, "admin")).rejects.toMatchObject({ message: LAST_OWNER_MESSAGE });
    await expect(removeMember(await ctxFor(user.id), user.id)).rejects.toMatchObject({ message: LAST_OWNER_MESSAGE });
    await expect(changeRole(await ctxFor(admin.id), admin.id, "owner")).rejects.toMatchObject({ status: 403 });
    await changeRole(await ctxFor(user.id), admin.id, "owner");
    await changeRole(await ctxFor(admin.id), user.id, "member");
    const [m] = await db().select().from(schema.memberships).where(eq(schema.memberships.userId, user.id));
    expect(m!.role).toBe("member");
  });

  it("a removed member loses access on the next request", async () => {
    const { user, workspace } = await makeOwner();
    const member = await makeUser();
    await addMember(workspace.id, member.id, "member");
    expect((await ctxFor(member.id)).workspace.id).toBe(workspace.id);
    await removeMember(await ctxFor(user.id), member.id);
    const after = await ctxFor(member.id);
    expect(after.workspace.id).not.toBe(workspace.id); // moved to a workspace of their own
    expect(after.role).toBe("owner");
  });

  it("viewers may read but not write", async () => {
    const { workspace } = await makeOwner();
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    const req = await authedRequest(viewer.id, "/projects");
    await expect(requireMember(req, "project")).resolves.toMatchObject({ role: "viewer" });
    const thrown = await requireMember(await authedRequest(viewer.id, "/projects"), "project", "create").catch((e) => e);
    expect(thrown.init?.status ?? thrown.status).toBe(403);
  });

  it("changes no role in a read-only workspace (the service checks, whoever calls it)", async () => {
    const { user, workspace } = await makeOwner();
    const member = await makeUser();
    await addMember(workspace.id, member.id, "member");
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    await expect(changeRole(await ctxFor(user.id), member.id, "admin")).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("This workspace is read-only because its free trial has ended"),
    });
    const [m] = await db().select().from(schema.memberships).where(eq(schema.memberships.userId, member.id));
    expect(m!.role).toBe("member");
  });

  it("lets only admins and owners change roles", async () => {
    const { workspace } = await makeOwner();
    const member = await makeUser();
    const other = await makeUser();
    await addMember(workspace.id, member.id, "member");
    await addMember(workspace.id, other.id, "viewer");
    await expect(changeRole(await ctxFor(member.id), other.id, "member")).rejects.toMatchObject({
      status: 403,
      message: "Only admins and owners can change roles.",
    });
  });
});
