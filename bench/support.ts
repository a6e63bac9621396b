/**
 * What the benchmarks share: percentiles, sizes, a process's resident memory, the seed
 * scripts (run under vite-node, with the app's modules and migrator) and the build they
 * measure. Nothing here measures anything by itself.
 */
import { spawnSync } from "node:child_process";
import http from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
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

/** A memory figure of a process in MB (one decimal), from /proc/<pid>/status; 0 once it has gone. */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kib / 102.4) / 10;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in MB (one decimal), from /proc; 0 once it has gone. */
export const rssMb = (pid: number) => statusMb(pid, "VmRSS");
/** The most resident memory a process has had so far (the kernel's high-water mark), in MB. */
export const peakRssMb = (pid: number) => statusMb(pid, "VmHWM");

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
  const buildDir = path.resolve(process.env.BUILD_DIR || fallback);
  if (process.env.BUILD_DIR) prepareBuildDir(buildDir);
  else await buildApp(buildDir);
  return buildDir;
}

const PGBIN = process.env.PGBIN ?? "/usr/lib/postgresql/15/bin";

/** Runs a Postgres tool as the postgres user when we are root (initdb refuses root), as scripts/test-all.sh does. */
function asPostgres(cmd: string, args: string[]) {
  const [file, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

export type ThrowawayPostgres = {
  url: string;
  port: number;
  /** pg_ctl stop -m fast: clients see their connections closed. */
  stop: () => void;
  start: () => void;
  /** Stops it and removes its folder. */
  destroy: () => void;
};

/**
 * A throwaway Postgres 15 from the machine's binaries (like scripts/test-all.sh), with
 * fsync on: the soak checks what a real server keeps. One database, `atelier`.
 */
export function startPostgres(port: number): ThrowawayPostgres {
  if (!existsSync(path.join(PGBIN, "initdb")))
    throw new Error(`Postgres binaries not found in ${PGBIN} (apt-get install postgresql, or set PGBIN).`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "atelier-pg-"));
  if (process.getuid?.() === 0) spawnSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  asPostgres(path.join(PGBIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const start = () =>
    void asPostgres(path.join(PGBIN, "pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
      "-w",
      "start",
    ]);
  const stop = () => void asPostgres(path.join(PGBIN, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  asPostgres(path.join(PGBIN, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "atelier"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/atelier`,
    port,
    stop,
    start,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
/** A process's CPU time so far (user + system) in ms, from /proc/<pid>/stat (fields 14 and 15; clock ticks of 1/CLK_TCK s). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // from field 3 (state) on
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One HTTP request over a kept-alive loopback connection (one at a time), its body whole. */
export function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}
