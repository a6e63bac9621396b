import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { answer } from "../../tests/support/route-requests";
import { db, schema } from "~/.server/db";
import { createProject } from "~/.server/projects/projects";
import { getMemberContext } from "~/.server/workspaces";
import { type FormReply, replyMessages } from "~/components/ui/conform";
import { loader } from "./_app";
import { action as dashboardAction } from "./_app.dashboard";
import { action as settingsAction } from "./_app.settings";
import { action as teamAction } from "./_app.team._index";

const args = (request: Request) => ({ request, params: {}, context: {} });

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
