import { and, eq, gt, isNull } from "drizzle-orm";
import { db, schema } from "../db";
import { hashToken, randomToken } from "./tokens";

const { authTokens } = schema;

/**
 * Single-use links (e-mail verification, password reset). Only hashes are stored;
 * a newer token of the same purpose voids the user's older unused ones; checking a
 * token (opening the link) never spends it, only `spendToken` does, atomically.
 */
export type TokenPurpose = "verify-email" | "reset-password";

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  "verify-email": 24 * 60 * 60,
  "reset-password": 60 * 60,
};

export type IssuedToken = { token: string; secondary: string | null };

export type TokenCheck = { ok: true; userId: string; email: string } | { ok: false; reason: "unknown" | "used" | "expired" };

export async function issueToken(
  purpose: TokenPurpose,
  owner: { userId: string; email: string },
  opts: { withSecondary?: boolean } = {},
): Promise<IssuedToken> {
  const token = randomToken(32);
  const secondary = opts.withSecondary ? randomToken(32) : null;
  await db().transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.purpose, purpose), eq(authTokens.userId, owner.userId), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      purpose,
      userId: owner.userId,
      email: owner.email,
      tokenHash: hashToken(token),
      secondaryHash: secondary ? hashToken(secondary) : null,
      expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS[purpose] * 1000),
    });
  });
  return { token, secondary };
}

function matches(purpose: TokenPurpose, token: string, secondary: string | null) {
  return and(
    eq(authTokens.purpose, purpose),
    eq(authTokens.tokenHash, hashToken(token)),
    secondary === null ? isNull(authTokens.secondaryHash) : eq(authTokens.secondaryHash, hashToken(secondary)),
  );
}

/** Is the token good? Does not spend it (opening a link is not completing the step). */
export async function checkToken(purpose: TokenPurpose, token: string, secondary: string | null = null): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: "unknown" };
  const [row] = await db()
    .select({ userId: authTokens.userId, email: authTokens.email, usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(matches(purpose, token, secondary))
    .limit(1);
  if (!row || !row.userId) return { ok: false, reason: "unknown" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.userId, email: row.email };
}

/** Spends the token once: of two concurrent requests only one gets `ok`. */
export async function spendToken(purpose: TokenPurpose, token: string, secondary: string | null = null): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: "unknown" };
  const [row] = await db()
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(matches(purpose, token, secondary), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .returning({ userId: authTokens.userId, email: authTokens.email });
  if (row?.userId) return { ok: true, userId: row.userId, email: row.email };
  const check = await checkToken(purpose, token, secondary);
  return check.ok ? { ok: false, reason: "used" } : check;
}
