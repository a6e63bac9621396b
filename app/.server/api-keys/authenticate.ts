import { and, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { ApiKeyType } from "~/lib/api-keys";
import type { Role } from "~/lib/permissions";
import { getPlan, type PlanId } from "~/lib/plans";
import { hashToken, safeEqual } from "../auth/tokens";
import { sessionUserColumns } from "../auth/session";
import { db, schema } from "../db";
import type { MemberContext } from "../workspaces";
import { KEY_PATTERN } from "./keys";

const { apiKeys, memberships, users, workspaces } = schema;

/**
 * A request made with an API key acts as this: a member context (so every service and the
 * access gate take it as they take a signed-in member) with the key beside it. The gate reads
 * `apiKey.scopes` and refuses what they do not cover (app/.server/access).
 * - A workspace key acts as an admin of its workspace, within its scopes (owner-only actions,
 *   such as paying or deleting the workspace, stay out of reach); `user` is whoever made it, so
 *   what it changes is attributed to a person.
 * - A personal key acts as its user with the user's role in the key's workspace, within its
 *   scopes; it stops working when the user leaves that workspace.
 */
export type ApiKeyMember = MemberContext & {
  apiKey: { id: string; type: ApiKeyType; scopes: readonly string[]; planId: PlanId };
};

type ApiKeyRefusal = { refused: "invalid_key" | "key_revoked" | "key_expired"; detail: string };

const WORKSPACE_KEY_ROLE: Role = "admin";

const invalid: ApiKeyRefusal = {
  refused: "invalid_key",
  detail: "The API key is not valid. Check that it was copied whole, or make a new one in Settings → API keys.",
};

/** Last used time and address, written at most once a minute per key (or when the address changes). */
const LAST_USED_EVERY_SECONDS = 60;

export async function authenticateApiKey(credential: string, ip: string, now = new Date()): Promise<ApiKeyMember | ApiKeyRefusal> {
  const match = KEY_PATTERN.exec(credential);
  if (!match) return invalid;
  const [row] = await db()
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      createdBy: apiKeys.createdBy,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      workspace: {
        id: workspaces.id,
        name: workspaces.name,
        slug: workspaces.slug,
        planId: workspaces.planId,
        trialEndsAt: workspaces.trialEndsAt,
      },
    })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(eq(apiKeys.publicId, match[2]!))
    .limit(1);
  if (!row || !safeEqual(row.secretHash, hashToken(credential))) return invalid;
  if (row.revokedAt) return { refused: "key_revoked", detail: "This API key has been revoked. Make a new one in Settings → API keys." };
  if (row.expiresAt && row.expiresAt <= now) {
    return { refused: "key_expired", detail: "This API key has expired. Make a new one in Settings → API keys." };
  }

  const userId = row.userId ?? row.createdBy;
  const [person] = await db()
    .select({ ...sessionUserColumns, membership: memberships.role })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.workspaceId, row.workspace.id)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!person) return invalid;
  const { membership, ...user } = person;
  let role: Role = WORKSPACE_KEY_ROLE;
  if (row.userId) {
    if (!membership) {
      return {
        refused: "key_revoked",
        detail: "This personal key's owner is no longer a member of its workspace, so the key no longer works.",
      };
    }
    role = membership;
  }

  await db()
    .update(apiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, sql`${now.toISOString()}::timestamptz - make_interval(secs => ${LAST_USED_EVERY_SECONDS})`),
          isNull(apiKeys.lastUsedIp),
          ne(apiKeys.lastUsedIp, ip),
        ),
      ),
    );

  return {
    user,
    workspace: row.workspace,
    role,
    apiKey: {
      id: row.id,
      type: row.userId ? "personal" : "workspace",
      scopes: row.scopes,
      planId: getPlan(row.workspace.planId as PlanId)?.id ?? "professional",
    },
  };
}
