import { data } from "@remix-run/node";
import { and, asc, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { Role } from "~/lib/permissions";
import { allows, refusalOf, type AccessAction, type ResourceKind } from "../access";
import { requireUser, type SessionUser } from "../auth/session";
import { randomToken } from "../auth/tokens";
import { db, schema, type Db, transaction } from "../db";
import { oncePerRead } from "../http/request-scope";

const { workspaces, memberships, users } = schema;

export const TRIAL_DAYS = 14;

export type WorkspaceSummary = { id: string; name: string; slug: string; role: Role };

export type MemberContext = {
  user: SessionUser;
  workspace: { id: string; name: string; slug: string; planId: string; trialEndsAt: Date | null };
  role: Role;
};

export function slugify(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return base || "workspace";
}

async function freeSlug(tx: Db, wanted: string, exceptWorkspaceId?: string): Promise<string> {
  let slug = wanted;
  for (let i = 0; i < 5; i++) {
    const [taken] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug)).limit(1);
    if (!taken || taken.id === exceptWorkspaceId) return slug;
    slug = `${wanted.slice(0, 33)}-${
      randomToken(4)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "")
        .slice(0, 5) || "x"
    }`;
  }
  return `${wanted.slice(0, 30)}-${Date.now().toString(36)}`;
}

export function defaultWorkspaceName(user: { fullName: string; email: string }): string {
  const first = user.fullName.trim().split(/\s+/)[0];
  return first ? `${first}'s workspace` : `${user.email.split("@")[0]}'s workspace`;
}

/** A new workspace with `userId` as its owner, on a 14-day trial; it becomes the user's current one. */
export async function createWorkspace(userId: string, name: string): Promise<WorkspaceSummary> {
  return transaction((tx) => createWorkspaceIn(tx, userId, name));
}

/** The same, inside a transaction the caller holds (account creation). */
export async function createWorkspaceIn(tx: Db, userId: string, name: string): Promise<WorkspaceSummary> {
  const wanted = slugify(name);
  // Two sign-ups at once can both find a slug free: the insert skips a taken one (waiting
  // for the other transaction) and the next try takes a suffixed slug, never a 500.
  for (let attempt = 0; attempt < 6; attempt++) {
    const slug = attempt === 0 ? await freeSlug(tx, wanted) : await freeSlug(tx, `${wanted.slice(0, 33)}-${attempt}`);
    const [ws] = await tx
      .insert(workspaces)
      .values({
        name: name.trim().slice(0, 80) || "My workspace",
        slug,
        planId: "professional",
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
        createdBy: userId,
      })
      .onConflictDoNothing({ target: workspaces.slug })
      .returning({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug });
    if (!ws) continue;
    await tx.insert(memberships).values({ workspaceId: ws.id, userId, role: "owner" });
    await tx.update(users).set({ currentWorkspaceId: ws.id }).where(eq(users.id, userId));
    return { ...ws, role: "owner" as const };
  }
  throw new Error("Could not find a free workspace address.");
}

export async function listWorkspacesOf(userId: string): Promise<WorkspaceSummary[]> {
  return db()
    .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
}

const membershipColumns = {
  id: workspaces.id,
  name: workspaces.name,
  slug: workspaces.slug,
  planId: workspaces.planId,
  trialEndsAt: workspaces.trialEndsAt,
  role: memberships.role,
};

async function loadMembership(userId: string, workspaceId: string) {
  const [row] = await db()
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)))
    .limit(1);
  return row ?? null;
}

const perRequest = new WeakMap<Request, Promise<MemberContext>>();

async function resolve(request: Request): Promise<MemberContext> {
  const user = await requireUser(request);
  // The current workspace and the user's role in it, in one read.
  let [row] = await db()
    .select(membershipColumns)
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, users.currentWorkspaceId)))
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row) {
    // The current workspace is gone or the user was removed from it: fall back to
    // another membership, or (a user with none) make them a workspace of their own.
    const [first] = await listWorkspacesOf(user.id);
    const ws = first ?? (await createWorkspace(user.id, defaultWorkspaceName(user)));
    if (first) await db().update(users).set({ currentWorkspaceId: ws.id }).where(eq(users.id, user.id));
    row = (await loadMembership(user.id, ws.id)) ?? undefined;
  }
  if (!row) throw new Error("membership vanished while resolving the workspace");
  const { role, ...workspace } = row;
  return { user, workspace, role };
}

/** The signed-in user's current workspace and role, read fresh from the database once per request. */
export function getMemberContext(request: Request): Promise<MemberContext> {
  let p = perRequest.get(request);
  if (!p) {
    // One answer for the root's, the layout's and the page's loaders of a request that writes nothing.
    p = oncePerRead("member-context", () => resolve(request));
    perRequest.set(request, p);
  }
  return p;
}

/**
 * requireUser, plus the user's role in the current workspace allows `action`.
 * A removed member has no row and is moved to another workspace; a role that may
 * not do the action gets a 403.
 */
export async function requireMember<K extends ResourceKind = "workspace">(
  request: Request,
  kind: K = "workspace" as K,
  action: AccessAction<K> = "read" as AccessAction<K>,
): Promise<MemberContext> {
  const ctx = await getMemberContext(request);
  // The access gate decides (app/.server/access); a page shows its refusal as a 403.
  if (!allows(ctx.role, kind, action)) throw data({ message: refusalOf(kind, action) }, { status: 403 });
  return ctx;
}

/** Switch the current workspace (only to one the user belongs to). */
export async function switchWorkspace(userId: string, workspaceId: string): Promise<boolean> {
  if (!isUuid(workspaceId)) return false;
  const m = await loadMembership(userId, workspaceId);
  if (!m) return false;
  await db().update(users).set({ currentWorkspaceId: workspaceId }).where(eq(users.id, userId));
  return true;
}

/** Is the user (still) a member of the workspace? */
export async function isMemberOf(userId: string, workspaceId: string): Promise<boolean> {
  return (await loadMembership(userId, workspaceId)) !== null;
}
