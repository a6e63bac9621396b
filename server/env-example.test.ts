// .env.example documents every variable app/.server/env.ts reads, and its values parse.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv as parseDotenv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/.server/env";

const root = path.resolve(import.meta.dirname, "..");
const example = readFileSync(path.join(root, ".env.example"), "utf8");
const envSource = readFileSync(path.join(root, "app/.server/env.ts"), "utf8");
const schemaBody = envSource.slice(envSource.indexOf("envSchema = z"), envSource.indexOf(".transform((e)"));
const schemaKeys = [...schemaBody.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);

describe(".env.example", () => {
  it("finds the variables in env.ts", () => {
    expect(schemaKeys).toContain("PORT");
    expect(schemaKeys).toContain("GITHUB_USERINFO_URL");
  });

  it("mentions every variable env.ts validates", () => {
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    expect(schemaKeys.filter((k) => !documented.has(k))).toEqual([]);
  });

  it("holds values the server accepts, uncommented or not", () => {
    const active = parseDotenv(example);
    const commented = parseDotenv(example.replace(/^# ?([A-Z][A-Z0-9_]+=)/gm, "$1"));
    expect(() => parseEnv(active)).not.toThrow();
    expect(() => parseEnv(commented)).not.toThrow();
  });
});
