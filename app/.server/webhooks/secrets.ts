import { and, eq, isNotNull, notLike, or, sql } from "drizzle-orm";
import { isSealed, open, seal, SEALED_PREFIX } from "../crypto/seal";
import { db, schema } from "../db";

/**
 * An endpoint's signing secrets at rest (decision 029): sealed with AES-256-GCM by the same
 * module as the integrations' tokens, opened only to sign a delivery. Rows written before
 * migration 0300 hold their secrets in clear; `sealStoredSecrets` (run when this process's
 * delivery runner starts) seals them, and until it has, a clear value is read as it is.
 */
const { webhookEndpoints } = schema;

/** What the page shows of a secret: its last characters. */
export function secretHintOf(secret: string): string {
  return secret.slice(-4);
}

/** A stored secret's clear value (a clear one, from before 0300, as it is). */
function openSecret(stored: string): string {
  return isSealed(stored) ? open(stored) : stored;
}

/**
 * The secrets that sign now, in clear: the current one, and the previous one during its
 * overlap. Throws when the current one cannot be opened (its key is no longer configured).
 */
export function signingSecrets(
  row: { secret: string; previousSecret: string | null; previousExpiresAt: Date | null },
  now = new Date(),
): string[] {
  const current = openSecret(row.secret);
  if (!row.previousSecret || !row.previousExpiresAt || row.previousExpiresAt <= now) return [current];
  try {
    return [current, openSecret(row.previousSecret)];
  } catch {
    // Sealed under a key no longer configured (the rotation that followed its loss): the new one signs alone.
    return [current];
  }
}

/**
 * Seals every secret still in clear; returns how many endpoints it sealed. Each update is
 * conditional on the value it read, so two processes starting together seal a row once.
 */
export async function sealStoredSecrets(): Promise<number> {
  const clear = await db()
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previousSecret: webhookEndpoints.previousSecret })
    .from(webhookEndpoints)
    .where(
      or(
        notLike(webhookEndpoints.secret, `${SEALED_PREFIX}%`),
        and(isNotNull(webhookEndpoints.previousSecret), notLike(webhookEndpoints.previousSecret, `${SEALED_PREFIX}%`)),
      ),
    );
  let sealed = 0;
  for (const row of clear) {
    const previous = row.previousSecret;
    const done = await db()
      .update(webhookEndpoints)
      .set({
        secret: isSealed(row.secret) ? row.secret : seal(row.secret),
        previousSecret: previous === null || isSealed(previous) ? previous : seal(previous),
      })
      .where(
        and(
          eq(webhookEndpoints.id, row.id),
          eq(webhookEndpoints.secret, row.secret),
          previous === null ? sql`${webhookEndpoints.previousSecret} IS NULL` : eq(webhookEndpoints.previousSecret, previous),
        ),
      )
      .returning({ id: webhookEndpoints.id });
    sealed += done.length;
  }
  return sealed;
}
