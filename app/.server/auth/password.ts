import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum). The
 * algorithm is written as its number: the package exports it as an ambient const
 * enum, which isolatedModules cannot read.
 */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verified against when the account is unknown or has no password, so a failed
// sign-in takes as long whether or not the e-mail has an account.
let decoy: Promise<string> | undefined;

export async function verifyPassword(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword("decoy password for unknown accounts");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a crash.
    return false;
  }
}
