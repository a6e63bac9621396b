/**
 * What the benchmarks share: percentiles, sizes, a process's resident memory, the seed
 * scripts (run under vite-node, with the app's modules and migrator) and the build they
 * measure. Nothing here measures anything by itself.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildApp, prepareBuildDir, projectRoot } from "../tests/support/build";

/** The p-th percentile of `xs` (nearest rank, unsorted input), rounded to `decimals`. */
export function pct(xs: number[], p: number, decimals = 1): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const f = 10 ** decimals;
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * f) / f;
}

/** Bytes as KB (1,024 bytes), one decimal. */
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Resident memory of a process in MB (one decimal), from /proc; 0 once it has gone. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kib / 102.4) / 10;
  } catch {
    return 0;
  }
}

/**
 * Runs a seed script (bench/*-seed.ts) under vite-node with NODE_ENV=production and the
 * given DATA_DIR or DATABASE_URL, and returns what it wrote to $BENCH_OUT as JSON.
 */
export function runSeed<T>(script: string, env: Record<string, string>, out: string): T {
  const seed = spawnSync(
    process.execPath,
    [path.join(projectRoot, "node_modules/vite-node/vite-node.mjs"), "--config", "vitest.config.ts", script],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: "production", BENCH_OUT: out, MAIL_TRANSPORT: "memory", LOG_REQUESTS: "false", ...env },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  if (seed.status !== 0 || !existsSync(out)) throw new Error(`seeding failed (exit ${seed.status})`);
  return JSON.parse(readFileSync(out, "utf8")) as T;
}

/** A fresh build of the code as it is into `fallback` (like npm run bench); BUILD_DIR reuses one. */
export async function benchBuild(fallback: string): Promise<string> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? fallback);
  if (process.env.BUILD_DIR) prepareBuildDir(buildDir);
  else await buildApp(buildDir);
  return buildDir;
}
