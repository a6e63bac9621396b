import { hash } from "@node-rs/argon2";
import { signIn } from "~/.server/auth/session";
import { db, schema } from "~/.server/db";
import { createWorkspace, getMemberContext, type MemberContext } from "~/.server/workspaces";
import type { Role } from "~/lib/permissions";
import { memberships } from "~/.server/db/schema-product";

let n = 0;

/** A verified user, created directly in the database (no clicking through sign-up). */
export async function makeUser(overrides: { email?: string; fullName?: string; password?: string } = {}) {
  n++;
  const email = overrides.email ?? `user${n}-${Date.now()}@example.test`;
  const [user] = await db()
    .insert(schema.users)
    .values({
      email,
      fullName: overrides.fullName ?? `Test User ${n}`,
      passwordHash: overrides.password ? await hash(overrides.password, { algorithm: 2 }) : null,
      emailVerifiedAt: new Date(),
    })
    .returning();
  return user!;
}

/** A user who owns a fresh workspace. */
export async function makeOwner(overrides: Parameters<typeof makeUser>[0] = {}) {
  const user = await makeUser(overrides);
  const workspace = await createWorkspace(user.id, `${user.fullName}'s workspace`);
  return { user, workspace };
}

export async function addMember(workspaceId: string, userId: string, role: Role) {
  await db().insert(memberships).values({ workspaceId, userId, role });
  await db().update(schema.users).set({ currentWorkspaceId: workspaceId }).where(eqId(userId));
}

import { eq } from "drizzle-orm";
const eqId = (id: string) => eq(schema.users.id, id);

/** A Request carrying a signed-in session cookie for `userId`. */
export async function authedRequest(userId: string, url: string, init: RequestInit = {}) {
  const headers = await signIn(new Request("http://localhost:3000/"), userId);
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  const h = new Headers(init.headers);
  h.set("Cookie", cookie);
  return new Request(new URL(url, "http://localhost:3000"), { ...init, headers: h });
}

export function formRequest(cookieReq: Request, body: Record<string, string>) {
  return new Request(cookieReq.url, {
    method: "POST",
    headers: { Cookie: cookieReq.headers.get("Cookie") ?? "", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });
}

/** The member context of `userId` in their current workspace, as a signed-in request resolves it (what services take). */
export async function memberOf(userId: string): Promise<MemberContext> {
  return getMemberContext(await authedRequest(userId, "/dashboard"));
}
