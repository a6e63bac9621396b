import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { ApiKeyType, ApiScope } from "~/lib/api-keys";
import { allows } from "../access";
import { hashToken } from "../auth/tokens";
import { db, schema } from "../db";
import { forbidden, notFound, UserError } from "../errors";
import type { MemberContext } from "../workspaces";

const { apiKeys, users } = schema;

/**
 * API keys (issue 22, decision 027): `atl_<mode>_<public id>_<secret>`. The prefix lets secret
 * scanners (GitHub's, gitleaks) recognise a leaked key; the public id finds its row; only the
 * SHA-256 of the whole key is stored, so the secret is shown once, when it is made.
 */
export const KEY_PATTERN = /^atl_(live|test)_([a-z2-7]{12})_([A-Za-z0-9_-]{43})$/;

/** `live` in production, `test` elsewhere (a key made on a laptop says so). */
function keyMode(): "live" | "test" {
  return process.env.NODE_ENV === "production" ? "live" : "test";
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

function publicIdOf(bytes: Buffer): string {
  return [...bytes].map((b) => BASE32[b % 32]).join("");
}

/** A new key's text: 12 characters of public id, 256 bits of secret. */
function newKeyText(mode = keyMode()): { text: string; publicId: string } {
  const publicId = publicIdOf(randomBytes(12));
  return { text: `atl_${mode}_${publicId}_${randomBytes(32).toString("base64url")}`, publicId };
}

/** Whether a bearer credential looks like an API key (rather than a session id). */
export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith("atl_");
}

export type ApiKeyRow = {
  id: string;
  type: ApiKeyType;
  name: string;
  /** What the list shows of the key: its prefix and public id, never the secret. */
  hint: string;
  scopes: ApiScope[];
  ownerName: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
};

type CreateApiKeyInput = { type: ApiKeyType; name: string; scopes: ApiScope[]; expiresInDays: "30" | "90" | "365" | "never" };

const WORKSPACE_KEYS = "Only owners and admins can make or revoke workspace keys.";

/** A new key; its text is returned once and never stored. */
export async function createApiKey(
  member: MemberContext,
  input: CreateApiKeyInput,
  now = new Date(),
): Promise<{ id: string; key: string }> {
  if (input.type === "workspace" && !allows(member.role, "workspace", "change")) throw forbidden(WORKSPACE_KEYS);
  if (input.scopes.length === 0) throw new UserError(400, "Give the key at least one scope.", "access");
  const { text, publicId } = newKeyText();
  const expiresAt = input.expiresInDays === "never" ? null : new Date(now.getTime() + Number(input.expiresInDays) * 86_400_000);
  const [row] = await db()
    .insert(apiKeys)
    .values({
      workspaceId: member.workspace.id,
      userId: input.type === "personal" ? member.user.id : null,
      createdBy: member.user.id,
      name: input.name,
      mode: keyMode(),
      publicId,
      secretHash: hashToken(text),
      scopes: [...new Set(input.scopes)],
      expiresAt,
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key: text };
}

/**
 * The keys a member sees on /settings/api-keys: their own personal keys, and the workspace's
 * keys for owners and admins. Revoked keys stay listed (greyed) so the log makes sense.
 */
export async function listApiKeys(member: MemberContext): Promise<ApiKeyRow[]> {
  const seesWorkspaceKeys = allows(member.role, "workspace", "change");
  const rows = await db()
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      name: apiKeys.name,
      mode: apiKeys.mode,
      publicId: apiKeys.publicId,
      scopes: apiKeys.scopes,
      ownerName: users.fullName,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.workspaceId, member.workspace.id),
        seesWorkspaceKeys ? or(isNull(apiKeys.userId), eq(apiKeys.userId, member.user.id)) : eq(apiKeys.userId, member.user.id),
      ),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ userId, mode, publicId, scopes, ...row }) => ({
    ...row,
    type: userId ? "personal" : "workspace",
    hint: `atl_${mode}_${publicId}_…`,
    scopes: scopes as ApiScope[],
  }));
}

/** Revokes a key at once: the next request with it is refused. Personal keys by their user; workspace keys by owners and admins. */
export async function revokeApiKey(member: MemberContext, keyId: string, now = new Date()): Promise<{ name: string }> {
  const [key] = await db()
    .select({ id: apiKeys.id, userId: apiKeys.userId, name: apiKeys.name, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, member.workspace.id)))
    .limit(1);
  if (!key || (key.userId !== null && key.userId !== member.user.id)) throw notFound("That key");
  if (key.userId === null && !allows(member.role, "workspace", "change")) throw forbidden(WORKSPACE_KEYS);
  if (!key.revokedAt) {
    await db()
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, key.id), eq(apiKeys.workspaceId, member.workspace.id), isNull(apiKeys.revokedAt)));
  }
  return { name: key.name };
}
