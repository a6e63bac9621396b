import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret is `whsec_` and the
 * base64 of its key bytes; a signature is `v1,` and the base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`. During a rotation's overlap each secret signs,
 * and `webhook-signature` holds both, separated by a space; a receiver accepts either.
 */
export const SECRET_PREFIX = "whsec_";

/** A new endpoint secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** The `webhook-signature` header's value for a message, one `v1,…` per secret. */
export function signatureHeader(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => {
      const mac = createHmac("sha256", keyOf(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
      return `v1,${mac}`;
    })
    .join(" ");
}

/** The three headers of a delivery (and the content type). */
export function signedHeaders(secrets: readonly string[], messageId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureHeader(secrets, messageId, timestamp, body),
  };
}
