import { eq } from "drizzle-orm";
import type { Role } from "~/lib/permissions";
import { authedRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { db, schema } from "../db";
import { getMemberContext, type MemberContext } from "../workspaces";

/**
 * For the wireframe tests: workspaces with a project and a card, members of each role, and
 * a read-only switch. Rows are written directly, so these tests do not depend on the
 * project services' own shape.
 */
export async function memberContextOf(userId: string): Promise<MemberContext> {
  return getMemberContext(await authedRequest(userId, "/wireframes"));
}

export async function makeWorkspace() {
  const { user, workspace } = await makeOwner();
  const [project] = await db()
    .insert(schema.projects)
    .values({ workspaceId: workspace.id, name: "Website", createdBy: user.id })
    .returning();
  const [column] = await db()
    .insert(schema.boardColumns)
    .values({ workspaceId: workspace.id, projectId: project!.id, name: "To do", stateGroup: "unstarted", position: "a0" })
    .returning();
  const [card] = await db()
    .insert(schema.cards)
    .values({
      workspaceId: workspace.id,
      projectId: project!.id,
      columnId: column!.id,
      number: 1,
      title: "Build the sign-in page",
      position: "a0",
    })
    .returning();
  const owner = await memberContextOf(user.id);
  return { user, workspace, project: project!, card: card!, owner };
}

/** Another user with `role` in the workspace (it becomes their current one). */
export async function addRole(workspaceId: string, role: Role): Promise<MemberContext> {
  const user = await makeUser();
  await db().insert(schema.memberships).values({ workspaceId, userId: user.id, role });
  await db().update(schema.users).set({ currentWorkspaceId: workspaceId }).where(eq(schema.users.id, user.id));
  return memberContextOf(user.id);
}

/** The trial ended without a plan: the workspace is read-only. */
export async function makeReadOnly(workspaceId: string) {
  await db()
    .update(schema.workspaces)
    .set({ trialEndsAt: new Date(Date.now() - 60_000) })
    .where(eq(schema.workspaces.id, workspaceId));
}

/** The status of a thrown UserError (or 0 when nothing was thrown). */
export async function statusOf(p: Promise<unknown>): Promise<number> {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return (thrown as { status?: number } | null)?.status ?? 0;
}

/** A 1x1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
);
