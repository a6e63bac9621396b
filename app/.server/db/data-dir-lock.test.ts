import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir, LOCK_FILE } from "./data-dir-lock";

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("claimDataDir", () => {
  it("claims a free folder and releases it", () => {
    const dir = folder();
    const release = claimDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses a folder a live process holds, naming it and DATABASE_URL", () => {
    const dir = folder();
    const holder = process.ppid; // alive for as long as this test runs
    writeFileSync(path.join(dir, LOCK_FILE), `${holder}\n`);
    expect(() => claimDataDir(dir)).toThrow(`Another Atelier server (process ${holder}) is using the embedded database in ${dir}`);
    expect(() => claimDataDir(dir)).toThrow(/DATABASE_URL/);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(holder));
  });

  it("takes over a file left by a process that died, or by an earlier life with our pid", () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), `${deadPid()}\n`);
    claimDataDir(dir)();
    writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`);
    const release = claimDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    release();
  });

  it("a release never removes another process's claim", () => {
    const dir = folder();
    const release = claimDataDir(dir);
    writeFileSync(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
    release();
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.ppid));
  });
});
