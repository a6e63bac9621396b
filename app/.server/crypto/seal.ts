import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "../env";
import { sessionSecrets } from "../secrets";

/**
 * Secrets the app keeps at rest and must read back in clear to use them: a webhook endpoint's
 * signing secrets, a Slack webhook URL, Figma's tokens (decisions 029 and 030). AES-256-GCM
 * with a key derived (HKDF-SHA256) from INTEGRATIONS_SECRET, or from SESSION_SECRET when that
 * is unset. Both may list several secrets, newest first: a value is sealed with the newest
 * and opened with whichever still fits, so a secret can be rotated without losing anything.
 * A database copy alone reveals none of them. (Secrets the app only compares, API keys and
 * passwords, are hashed instead.)
 */
const VERSION = "v1";

function keys(): Buffer[] {
  const configured = env().INTEGRATIONS_SECRET;
  const secrets = configured.length ? configured : sessionSecrets();
  // The salt keeps its first name: values sealed before the module served webhooks still open.
  return secrets.map((s) => Buffer.from(hkdfSync("sha256", s, "atelier-integrations", "secret-at-rest-v1", 32)));
}

/** How every sealed value begins (`v1:`): a stored value without it was kept in clear by an earlier version. */
export const SEALED_PREFIX = `${VERSION}:`;

/** Whether a stored value is sealed rather than a value kept in clear by an earlier version. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys()[0]!, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

export function open(sealed: string): string {
  const [version, data] = sealed.split(":");
  if (version !== VERSION || !data) throw new Error("sealed value: unknown format");
  const raw = Buffer.from(data, "base64url");
  const iv = raw.subarray(0, 12);
  const tag = raw.subarray(12, 28);
  const body = raw.subarray(28);
  for (const key of keys()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // not this key: try the next (older) one
    }
  }
  throw new Error("sealed value: no configured secret opens it (was INTEGRATIONS_SECRET or SESSION_SECRET changed?)");
}
