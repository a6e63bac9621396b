/**
 * npm run bench:memory:soak [-- --minutes N] — the server's resident memory under the soak's
 * mixed load (bench/soak-load.ts, the load of `npm run bench:soak`), on the embedded database
 * and on Postgres, side by side in one run (issue 12: at most 400 MB on the embedded database
 * after start and after the 10-minute load, 200 MB on Postgres). One production server at a
 * time, no faults: first on a new embedded DATA_DIR, then on a throwaway Postgres 15, each
 * under the same MINUTES (default 10) of USERS simulated users. For each it records the RSS
 * (from /proc) after start, every 5 s during the load (the peak, and the kernel's high-water
 * mark VmHWM), and after the load with 10 s at rest; and from inside the server
 * (bench/memory-probe.mjs, loaded with NODE_OPTIONS) the JS heap and "external" memory (where
 * PGlite's WebAssembly memory is counted), before and after a forced GC. Every acknowledged
 * write is then looked up in the database. Writes its section of docs/performance.md between
 * the memory-soak markers (after the memory section) and ends with a one-line verdict.
 * BUILD_DIR reuses a build; BENCH_PG_PORT chooses the Postgres port.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { projectRoot } from "../tests/support/build";
import { freePort, startBuiltServer, type ServerProcess } from "../tests/support/server-process";
import { LOAD_ENV, MixedLoad, loadSettings, type Query } from "./soak-load";
import { benchBuild, peakRssMb, rssMb, startPostgres } from "./support";

const { minutes: MINUTES, users: USERS, thinkMs: THINK_MS, listeners: LISTENERS } = loadSettings();
const DURATION_MS = MINUTES * 60_000;
const REST_MS = 10_000;
const SECRET = "memory-soak-secret-0123456789abcdef";
const TARGET = { embedded: 400, postgres: 200 } as const;

const t0 = performance.now();
const now = () => performance.now() - t0;
const log = (msg: string) => console.log(`[memory-soak ${(now() / 1000).toFixed(0).padStart(4)} s] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => Math.round(n / 1048576);

const work = mkdtempSync(path.join(os.tmpdir(), "atelier-memory-soak-"));
const LOG_DIR = mkdtempSync(path.join(os.tmpdir(), "atelier-memory-soak-logs-"));
const probe = pathToFileURL(path.join(projectRoot, "bench/memory-probe.mjs")).href;
const buildDir = await benchBuild("/tmp/atelier-bench/build-memory-soak");
const running: ServerProcess[] = [];
let postgres: ReturnType<typeof startPostgres> | undefined;
process.on("exit", () => {
  for (const s of running) s.child.kill("SIGKILL");
  postgres?.destroy();
});

type Inside = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
type Run = {
  backend: "embedded" | "postgres";
  afterStart: number;
  afterStartInside: { asked: Inside; gc: Inside };
  peakSampled: number;
  peakHwm: number;
  afterLoad: number;
  afterLoadInside: { asked: Inside; gc: Inside };
  series: { at: number; rss: number }[];
  load: MixedLoad;
  loadMs: number;
  check: Awaited<ReturnType<MixedLoad["check"]>>;
  unexpectedExit?: string;
};

/** Asks the server's probe for its memory (SIGUSR2) and answers its two lines: as asked and after a GC. */
async function inside(s: ServerProcess, file: string): Promise<{ asked: Inside; gc: Inside }> {
  const read = () =>
    existsSync(file)
      ? readFileSync(file, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Inside & { pid: number; moment: string })
          .filter((l) => l.pid === s.child.pid)
      : [];
  const before = read().length;
  s.child.kill("SIGUSR2");
  for (let i = 0; i < 100; i++) {
    const lines = read().slice(before);
    const asked = lines.find((l) => l.moment === "asked");
    const gc = lines.find((l) => l.moment === "after gc");
    if (asked && gc) return { asked, gc };
    await sleep(100);
  }
  throw new Error("the memory probe did not answer");
}

async function measure(backend: Run["backend"]): Promise<Run> {
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const probeOut = path.join(work, `probe-${backend}.jsonl`);
  let databaseUrl = "";
  if (backend === "postgres") {
    postgres = startPostgres(Number(process.env.BENCH_PG_PORT) || (await freePort()));
    databaseUrl = postgres.url;
  }
  const s = await startBuiltServer({
    buildDir,
    port,
    env: {
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: SECRET,
      APP_URL: appUrl,
      ...LOAD_ENV,
      NODE_OPTIONS: `--expose-gc --import ${probe}`,
      MEMORY_PROBE_OUT: probeOut,
    },
  });
  running.push(s);
  let unexpectedExit: string | undefined;
  let stopping = false;
  void s.exited.then((code) => {
    if (!stopping) unexpectedExit = `the ${backend} server exited by itself (${code}) at ${(now() / 60000).toFixed(1)} min`;
  });
  await s.waitForOutput(/Atelier listening/);
  // As bench:memory: the first request opens the database's pages; memory is taken after it, at rest.
  await (await fetch(`${appUrl}/api/status`)).arrayBuffer();
  await sleep(2000);
  const afterStart = rssMb(s.child.pid!);
  const afterStartInside = await inside(s, probeOut);
  log(`${backend}: ${afterStart} MB after start; signing up ${USERS} users`);

  const load = new MixedLoad({ appUrl, users: USERS, thinkMs: THINK_MS, listeners: LISTENERS, mailLog: s.output, now });
  await load.signUpUsers();
  const series: Run["series"] = [];
  const loadStart = now();
  const timer = setInterval(() => series.push({ at: now() - loadStart, rss: rssMb(s.child.pid!) }), 5000);
  load.start();
  log(`${backend}: load of ${MINUTES} min started`);
  await sleep(DURATION_MS);
  await load.stop();
  const loadMs = now() - loadStart;
  clearInterval(timer);
  await sleep(REST_MS);
  const afterLoad = rssMb(s.child.pid!);
  const peakHwm = peakRssMb(s.child.pid!);
  const afterLoadInside = await inside(s, probeOut);
  log(`${backend}: ${afterLoad} MB after the load (${load.samples.length} requests); checking the database`);

  let check: Run["check"];
  if (backend === "postgres") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    check = await load.check(async (q, values) => (await client.query(q, values)).rows);
    await client.end();
    stopping = true;
    await s.stop("SIGTERM");
    postgres!.destroy();
    postgres = undefined;
  } else {
    // One process per folder: the server goes first, then the folder is opened here.
    stopping = true;
    await s.stop("SIGTERM");
    const db = new PGlite(path.join(s.dataDir, "pglite"), { extensions: { pg_trgm } });
    const query: Query = async (q, values) => (await db.query<Record<string, unknown>>(q, values)).rows;
    check = await load.check(query);
    await db.close();
  }
  running.splice(running.indexOf(s), 1);
  rmSync(s.dataDir, { recursive: true, force: true });
  // The server's output is kept (an error in the table is explained there).
  writeFileSync(path.join(LOG_DIR, `server-${backend}.log`), s.output());
  log(`${backend}: the server's output is in ${path.join(LOG_DIR, `server-${backend}.log`)}`);
  const peakSampled = Math.max(afterStart, ...series.map((p) => p.rss));
  return {
    backend,
    afterStart,
    afterStartInside,
    peakSampled,
    peakHwm,
    afterLoad,
    afterLoadInside,
    series,
    load,
    loadMs,
    check,
    unexpectedExit,
  };
}

const runs = [await measure("embedded"), await measure("postgres")];
rmSync(work, { recursive: true, force: true });

// ---- report ---------------------------------------------------------------------------------
const [embedded, onPostgres] = runs as [Run, Run];
const within = (r: Run) => r.afterStart <= TARGET[r.backend] && r.afterLoad <= TARGET[r.backend];
const errorsOf = (r: Run) => r.load.samples.filter((x) => x.status !== 200);
const passOf = (r: Run) => within(r) && r.check.lost === 0 && errorsOf(r).length === 0 && !r.unexpectedExit && r.load.unfinished === 0;
const pass = runs.every(passOf);
const fig = (r: Run) =>
  `${r.backend === "embedded" ? "embedded" : "Postgres"} ${r.afterStart} → ${r.afterLoad} MB (≤ ${TARGET[r.backend]})`;
const verdict = `${pass ? "PASS" : "FAIL"}: after start → after the ${MINUTES}-minute load, ${runs.map(fig).join("; ")}; ${runs
  .map(
    (r) =>
      `${errorsOf(r).length} errors and ${r.check.lost} lost writes of ${r.load.samples.length} requests on ${r.backend === "embedded" ? "the embedded database" : "Postgres"}`,
  )
  .join(", ")}${runs.map((r) => (r.unexpectedExit ? `; ${r.unexpectedExit}` : "")).join("")}${runs
  .map((r) => (r.load.unfinished ? `; ${r.load.unfinished} simulated users never ended on ${r.backend}` : ""))
  .join("")}`;

const mark = (r: Run, v: number) => (v <= TARGET[r.backend] ? `${v} MB` : `**${v} MB (over ${TARGET[r.backend]})**`);
const insideRow = (what: string, pick: (r: Run) => Inside) =>
  `| ${what} | ${runs.map((r) => `${mb(pick(r).heapUsed)} / ${mb(pick(r).heapTotal)} | ${mb(pick(r).external)} | ${mb(pick(r).arrayBuffers)}`).join(" | ")} |`;
const minutes =
  Math.max(...runs.map((r) => r.series.length)) > 0 ? Math.ceil(Math.max(...runs.map((r) => r.series.at(-1)?.at ?? 0)) / 60_000) : 0;
const atMinute = (r: Run, m: number) => r.series.filter((p) => p.at <= m * 60_000).at(-1)?.rss ?? "";
const errorList = (r: Run) => {
  const by = new Map<string, number>();
  for (const x of errorsOf(r)) by.set(`${x.kind} → ${x.status}`, (by.get(`${x.kind} → ${x.status}`) ?? 0) + 1);
  return [...by].map(([k, n]) => `${n}× ${k}`).join(", ") || "none";
};

const section = `<!-- memory-soak:start -->
## Memory under the 10-minute load: embedded database and Postgres side by side

Command: \`npm run bench:memory:soak${MINUTES === 10 ? "" : ` -- --minutes ${MINUTES}`}\` (bench/memory-soak.ts)${process.env.BUILD_DIR ? ` with BUILD_DIR=${process.env.BUILD_DIR}` : ", from a fresh build"}: the soak's mixed load (bench/soak-load.ts, as \`npm run bench:soak\`, without its faults) for ${MINUTES} min, ${USERS} simulated users (one action each every ${(THINK_MS / 1000).toFixed(1)} s on average), ${LISTENERS} of them listening to their board's events, against one production server on a new embedded DATA_DIR, then against one on a throwaway Postgres 15; ${os.cpus().length} cores shared with other work (load average ${os.loadavg()[0]!.toFixed(1)} at the end); Node ${process.version}; ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.

**${verdict}.**

| resident memory (RSS) | embedded database | Postgres |
|---|---:|---:|
| after start (first request, 2 s at rest) | ${mark(embedded, embedded.afterStart)} | ${mark(onPostgres, onPostgres.afterStart)} |
| peak during the load (sampled every 5 s) | ${embedded.peakSampled} MB | ${onPostgres.peakSampled} MB |
| peak (the kernel's high-water mark, VmHWM) | ${embedded.peakHwm} MB | ${onPostgres.peakHwm} MB |
| after the load (${REST_MS / 1000} s at rest) | ${mark(embedded, embedded.afterLoad)} | ${mark(onPostgres, onPostgres.afterLoad)} |
| target after start and after the load | ≤ ${TARGET.embedded} MB | ≤ ${TARGET.postgres} MB |
| requests (per second) | ${embedded.load.samples.length} (${(embedded.load.samples.length / (embedded.loadMs / 1000)).toFixed(1)}) | ${onPostgres.load.samples.length} (${(onPostgres.load.samples.length / (onPostgres.loadMs / 1000)).toFixed(1)}) |
| errors | ${errorList(embedded)} | ${errorList(onPostgres)} |
| acknowledged writes found once afterwards | ${runs.map((r) => (r.check.lost === 0 ? `all (${r.load.ack.cards.size} cards, ${r.check.settledMoves} moves, ${r.load.ack.comments.size} comments, ${r.load.ack.attachments.size} attachments)` : `**${r.check.lost} missing or wrong**: ${[...r.check.missing.slice(0, 5), ...r.check.twice.slice(0, 5)].join(", ")}`)).join(" | ")} |

Inside the server (bench/memory-probe.mjs; MB; the JS heap used / its total; "external" holds PGlite's WebAssembly memory):

| moment | embedded: JS heap | external | array buffers | Postgres: JS heap | external | array buffers |
|---|---:|---:|---:|---:|---:|---:|
${insideRow("after start", (r) => r.afterStartInside.asked)}
${insideRow("after start, after a forced GC", (r) => r.afterStartInside.gc)}
${insideRow("after the load", (r) => r.afterLoadInside.asked)}
${insideRow("after the load, after a forced GC", (r) => r.afterLoadInside.gc)}

RSS during the load (MB, the last sample of each minute):

| minute | embedded database | Postgres |
|---|---:|---:|
${Array.from({ length: minutes }, (_, i) => `| ${i + 1} | ${atMinute(embedded, i + 1)} | ${atMinute(onPostgres, i + 1)} |`).join("\n")}

Latency of the successful requests (ms, p50 / p95 / p99):

| kind | embedded database | Postgres |
|---|---:|---:|
${[...new Set(runs.flatMap((r) => r.load.perKind().map((k) => k.kind)))]
  .map((kind) => {
    const cell = (r: Run) => {
      const k = r.load.perKind().find((x) => x.kind === kind);
      return k ? `${k.p50} / ${k.p95} / ${k.p99}` : "";
    };
    return `| ${kind} | ${cell(embedded)} | ${cell(onPostgres)} |`;
  })
  .join("\n")}

<!-- memory-soak:end -->`;

console.log("\n" + section);
const file = path.join(projectRoot, "docs/performance.md");
const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
const ours = /<!-- memory-soak:start -->[\s\S]*<!-- memory-soak:end -->/;
writeFileSync(
  file,
  ours.test(current)
    ? current.replace(ours, section)
    : current.includes("<!-- memory:end -->")
      ? current.replace("<!-- memory:end -->", `<!-- memory:end -->\n\n${section}`)
      : `${current.trimEnd()}\n\n${section}\n`,
);
console.log(verdict);
process.exit(pass ? 0 : 1);
