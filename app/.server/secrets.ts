import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env";

let secrets: string[] | undefined;

/**
 * SESSION_SECRET, comma-separated, newest first (older ones still verify cookies).
 * Unset on the embedded default: generated once and kept in DATA_DIR.
 */
export function sessionSecrets(): string[] {
  if (secrets) return secrets;
  const e = env();
  if (e.SESSION_SECRET.length > 0) {
    secrets = e.SESSION_SECRET;
  } else if (e.DATABASE_URL && e.NODE_ENV === "production") {
    throw new Error(
      "SESSION_SECRET: required when DATABASE_URL is set in production (every instance must sign cookies with the same secret).",
    );
  } else if (e.DATA_DIR === "memory://") {
    secrets = [randomBytes(32).toString("hex")];
  } else {
    const dir = path.resolve(e.DATA_DIR);
    const file = path.join(dir, "session-secret");
    mkdirSync(dir, { recursive: true });
    if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    secrets = [readFileSync(file, "utf8").trim()];
  }
  return secrets;
}
