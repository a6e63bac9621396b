import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

/**
 * Reads the project's `.env` (or the file ENV_FILE names; `ENV_FILE=` turns it off)
 * into process.env. Variables already set in the environment win, so a deployment's
 * real settings are never overridden by a file left on disk. Returns the file read.
 */
export function loadDotenv(root: string, source: Record<string, string | undefined> = process.env): string | undefined {
  const name = source.ENV_FILE ?? ".env";
  if (!name) return undefined;
  const file = path.resolve(root, name);
  if (!existsSync(file)) {
    if (source.ENV_FILE) throw new Error(`ENV_FILE: ${file} does not exist.`);
    return undefined;
  }
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, "utf8")))) {
    if (source[key] === undefined && value !== undefined) source[key] = value;
  }
  return file;
}
