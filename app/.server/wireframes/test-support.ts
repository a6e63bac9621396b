import { eq } from "drizzle-orm";
import type { Role } from "~/lib/permissions";
import type { ComponentDefinition, WireframeDocument } from "~/lib/wireframes/document";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../../tests/support/factories";
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

export type Args = { request: Request; params: Record<string, string>; context: Record<string, never> };
export const args = (request: Request, params: Record<string, string> = {}): Args => ({ request, params, context: {} });

/** For the route tests (app/routes/_app.wireframes.*.test.ts): what a loader or action answered or threw (redirects and 404s are thrown), as status, location, body. */
export async function settle(p: unknown): Promise<{ status: number; location: string | null; body: unknown }> {
  let out: unknown;
  try {
    out = await p;
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), body: null };
  if (out && typeof out === "object" && "type" in out && (out as { type: unknown }).type === "DataWithResponseInit") {
    const d = out as unknown as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, location: null, body: d.data };
  }
  return { status: 200, location: null, body: out };
}

export const eqId = (id: string) => eq(schema.wireframes.id, id);
export const errorsOf = (body: unknown) => (body as { error?: Record<string, string[]> }).error ?? {};

/** For the route tests: an owner's workspace with two projects, and requests as the owner or as a member of `role`. */
export async function routeWorkspace(role: "owner" | "member" | "viewer" = "owner") {
  const { user: owner, workspace } = await makeOwner({ fullName: "Olive Owner" });
  const [project] = await db()
    .insert(schema.projects)
    .values({ workspaceId: workspace.id, name: "Checkout", createdBy: owner.id })
    .returning();
  const [other] = await db()
    .insert(schema.projects)
    .values({ workspaceId: workspace.id, name: "Onboarding", createdBy: owner.id })
    .returning();
  const ownerMember = await getMemberContext(await authedRequest(owner.id, "/wireframes"));
  let user = owner;
  if (role !== "owner") {
    user = await makeUser({ fullName: `Vic ${role}` });
    await addMember(workspace.id, user.id, role);
  }
  const get = (path: string) => authedRequest(user.id, path);
  const post = async (path: string, body: Record<string, string>) => formRequest(await authedRequest(user.id, path), body);
  return { owner, ownerMember, user, workspace, project: project!, other: other!, get, post };
}

export const definition: ComponentDefinition = {
  schemaVersion: 2,
  width: 200,
  height: 40,
  elements: {
    bg: {
      id: "bg",
      type: "rectangle",
      screenId: "",
      parentId: null,
      order: "a0",
      name: "Background",
      x: 0,
      y: 0,
      width: 200,
      height: 40,
      fill: "#e0e7ff",
      stroke: null,
      strokeWidth: 0,
      radius: 4,
      opacity: 1,
      locked: false,
      hidden: false,
    },
  },
};

/** A document whose first screen holds an instance of `componentId`. */
export function withInstance(doc: WireframeDocument, componentId: string): WireframeDocument {
  const screenId = Object.keys(doc.screens)[0]!;
  return {
    ...doc,
    elements: {
      ...doc.elements,
      inst: {
        id: "inst",
        type: "instance",
        componentId,
        overrides: {},
        screenId,
        parentId: null,
        order: "a0",
        name: "Banner",
        x: 10,
        y: 10,
        width: 200,
        height: 40,
        fill: null,
        stroke: null,
        strokeWidth: 0,
        radius: 0,
        opacity: 1,
        locked: false,
        hidden: false,
      },
    },
  };
}
