import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDotenv } from "./dotenv";

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function folderWith(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-dotenv-"));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

describe("loadDotenv", () => {
  it("fills unset variables from .env and never overrides the environment", () => {
    const dir = folderWith({ ".env": "PORT=4000\nSMTP_URL=smtp://127.0.0.1:2525\n# a comment\nEMPTY=\n" });
    const source: Record<string, string | undefined> = { PORT: "3000" };
    expect(loadDotenv(dir, source)).toBe(path.join(dir, ".env"));
    expect(source.PORT).toBe("3000");
    expect(source.SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(source.EMPTY).toBe("");
  });

  it("does nothing without a .env, or with ENV_FILE set empty", () => {
    const none: Record<string, string | undefined> = {};
    expect(loadDotenv(folderWith({}), none)).toBeUndefined();
    const off: Record<string, string | undefined> = { ENV_FILE: "" };
    expect(loadDotenv(folderWith({ ".env": "PORT=1" }), off)).toBeUndefined();
    expect(off.PORT).toBeUndefined();
  });

  it("reads the file ENV_FILE names, and says so when it is missing", () => {
    const dir = folderWith({ "staging.env": "APP_URL=https://staging.example" });
    const source: Record<string, string | undefined> = { ENV_FILE: "staging.env" };
    loadDotenv(dir, source);
    expect(source.APP_URL).toBe("https://staging.example");
    expect(() => loadDotenv(dir, { ENV_FILE: "nope.env" })).toThrow(/ENV_FILE/);
  });
});
