import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { dashboardAction } from "../dashboard";
import { db, schema } from "../db";
import { createProject } from "../projects/projects";
import { settingsAction, teamAction } from "./team-route";

type Failed = { init: { status: number }; data: { message: string } };

describe("a read-only workspace (trial ended, no plan)", () => {
  beforeEach(resetDb);

  it("refuses quick create, renaming and role changes with the read-only message; members can still be removed", async () => {
    const { user, workspace } = await makeOwner();
    const project = await createProject(workspace.id, user.id, { name: "Kept" });
    const member = await makeUser();
    await addMember(workspace.id, member.id, "member");
    await db().update(schema.users).set({ currentWorkspaceId: workspace.id }).where(eq(schema.users.id, user.id));
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    const req = (path: string) => authedRequest(user.id, path);
    const readOnly = /This workspace is read-only because its free trial has ended/;

    const quick = (await dashboardAction(
      formRequest(await req("/dashboard"), { projectId: project.id, title: "Nope" }),
    )) as unknown as Failed;
    expect(quick.init.status).toBe(403);
    expect(quick.data.message).toMatch(readOnly);
    expect(await db().select().from(schema.cards).where(eq(schema.cards.projectId, project.id))).toHaveLength(0);

    const rename = (await settingsAction(
      formRequest(await req("/settings"), { intent: "update-workspace", name: "New", slug: "new-name" }),
    )) as unknown as Failed;
    expect(rename.init.status).toBe(403);
    expect(rename.data.message).toMatch(readOnly);

    const role = (await teamAction(
      formRequest(await req("/team"), { intent: "change-role", userId: member.id, role: "admin" }),
    )) as unknown as Failed;
    expect(role.init.status).toBe(403);
    expect(role.data.message).toMatch(readOnly);

    const removed = (await teamAction(formRequest(await req("/team"), { intent: "remove", userId: member.id }))) as Response;
    expect(removed.status).toBe(303);
    const [ws] = await db().select().from(schema.workspaces).where(eq(schema.workspaces.id, workspace.id));
    expect(ws!.name).not.toBe("New");
  });
});
