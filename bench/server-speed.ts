/**
 * npm run bench:server — how fast the production server serves the signed-in pages (issue 23).
 *
 * Seeds a 1,000-card board in 8 columns (bench/board-seed.ts) and starts the built server on
 * the embedded database (or on Postgres with BENCH_DATABASE=postgres, a throwaway server),
 * then drives each page with CONNECTIONS keep-alive connections for SECONDS after a warm-up,
 * asking for gzip as a browser does: pages a second, p50/p95/p99, bytes on the wire, each
 * also as a ratio to a static file served by the same server in the same run (the floor),
 * and the server's RSS at start, peak and end. Writes its section of docs/performance.md.
 *
 * BENCH_PROFILE=<page name> instead runs the server under --cpu-prof, drives only that page,
 * and prints where the server's CPU went (self time by function and by package).
 * BENCH_PAGES=board,dashboard drives only those pages (and the floor) and writes nothing.
 * BENCH_QUERIES=1 instead prints how many SQL statements one request of each page sends.
 */
import http from "node:http";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { projectRoot } from "../tests/support/build";
import { startBuiltServer } from "../tests/support/server-process";
import { benchBuild, cpuMs, peakRssMb, pct, request, rssMb, runSeed, startPostgres } from "./support";
import { summarizeProfile } from "./cpu-profile";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CARDS = Number(process.env.BENCH_CARDS ?? 1000);
const PROFILE = process.env.BENCH_PROFILE ?? "";
const QUERIES = process.env.BENCH_QUERIES === "1";
const onPostgres = process.env.BENCH_DATABASE === "postgres";

type Seed = { projectId: string; cookie: string; columnIds: string[]; cards: number; columns: number; driver: string };

const work = mkdtempSync(path.join(os.tmpdir(), "atelier-bench-server-"));
const dataDir = path.join(work, "data");
const secret = "bench-server-secret";
const pg = onPostgres ? startPostgres(55432) : null;
const dbEnv: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir };
const s = runSeed<Seed>(
  "bench/board-seed.ts",
  { ...dbEnv, SESSION_SECRET: secret, BENCH_CARDS: String(CARDS), BENCH_ROUNDS: "3" },
  path.join(work, "seed.json"),
);

const buildDir = await benchBuild("/tmp/atelier-bench/build-server");
const profileDir = path.join(work, "profile");
const server = await startBuiltServer({
  buildDir,
  env: { ...dbEnv, SESSION_SECRET: secret, READ_CACHE: process.env.READ_CACHE ?? "on", ...(QUERIES ? { LOG_QUERIES: "true" } : {}) },
  nodeArgs: PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
});
await server.waitForOutput(/listening on/);
const pid = server.child.pid!;
const startRss = rssMb(pid);

// The floor: the client's entry script, a file every page loads (a few KB gzipped).
const assets = readdirSync(path.join(buildDir, "client/assets"));
const asset = assets.find((f) => f.startsWith("entry.client") && f.endsWith(".js")) ?? assets.find((f) => f.endsWith(".js"))!;
const expandAll = s.columnIds.map((id) => `expand=${id}`).join("&");
const pages: { name: string; path: string; signedIn: boolean }[] = [
  { name: "static file (floor)", path: `/assets/${asset}`, signedIn: false },
  { name: "landing page", path: "/", signedIn: false },
  { name: `board, default view (${s.cards} cards)`, path: `/projects/${s.projectId}`, signedIn: true },
  { name: `board, every column expanded (${s.cards} cards)`, path: `/projects/${s.projectId}?${expandAll}`, signedIn: true },
  { name: "dashboard", path: "/dashboard", signedIn: true },
  { name: "projects", path: "/projects", signedIn: true },
  { name: "team", path: "/team", signedIn: true },
  { name: "settings", path: "/settings", signedIn: true },
  { name: "notifications", path: "/notifications", signedIn: true },
  { name: `analytics (${s.cards}-card project)`, path: `/analytics?project=${s.projectId}`, signedIn: true },
];

/** `cpu`: the app process's CPU time per page (user and system), which other work on the machine changes less than the rate. */
type Result = { name: string; rps: number; p50: number; p95: number; p99: number; cpu: number; wireBytes: number; errors: number };

/** CONNECTIONS loops, each one request at a time on its own kept-alive connection, for `seconds`. */
async function drive(page: (typeof pages)[number], seconds: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers: Record<string, string> = { "Accept-Encoding": "gzip, br", Accept: "text/html" };
  if (page.signedIn) headers.Cookie = s.cookie;
  const ms: number[] = [];
  let wireBytes = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = http.get(`${server.url}${page.path}`, { agent, headers }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => {
          if (res.statusCode !== 200) errors++;
          ms.push(performance.now() - t);
          wireBytes = bytes;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  const started = performance.now();
  const cpuBefore = cpuMs(pid);
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (cpuMs(pid) - cpuBefore) / Math.max(1, ms.length);
  agent.destroy();
  return { name: page.name, rps: ms.length / elapsed, p50: pct(ms, 50), p95: pct(ms, 95), p99: pct(ms, 99), cpu, wireBytes, errors };
}

// Every page answers before anything is measured (a 302 to /auth would measure the wrong page).
for (const page of pages) {
  const r = await request(`${server.url}${page.path}`, { headers: page.signedIn ? { Cookie: s.cookie } : {} });
  if (r.status !== 200) throw new Error(`${page.path} answered ${r.status}`);
}

if (QUERIES) {
  // How many statements one request of each page sends (after one to warm its caches).
  for (const page of pages.slice(1)) {
    const ask = () => request(`${server.url}${page.path}`, { headers: page.signedIn ? { Cookie: s.cookie } : {} });
    await ask();
    await new Promise((r) => setTimeout(r, 300));
    const before = server.output().split("[db] ").length;
    await ask();
    await new Promise((r) => setTimeout(r, 300));
    const sent = server.output().split("[db] ").slice(before);
    console.log(`${page.name}: ${sent.length} statements`);
    if (process.env.BENCH_QUERIES_SHOW === page.name) for (const q of sent) console.log(`  ${q.split("\n")[0]!.slice(0, 160)}`);
  }
  await server.stop();
  pg?.destroy();
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

const results: Result[] = [];
// BENCH_PAGES=board,dashboard: only the pages whose names start so (and the floor), for a quick comparison.
const only = (process.env.BENCH_PAGES ?? "").split(",").filter(Boolean);
const chosen = PROFILE
  ? pages.filter((p) => p.name.startsWith(PROFILE))
  : only.length
    ? pages.filter((p, i) => i === 0 || only.some((o) => p.name.startsWith(o)))
    : pages;
if (PROFILE && chosen.length === 0) throw new Error(`no page named ${PROFILE}: ${pages.map((p) => p.name).join(", ")}`);
for (const page of chosen) {
  await drive(page, Math.min(3, SECONDS)); // warm-up
  results.push(await drive(page, SECONDS));
  const r = results.at(-1)!;
  console.log(`${page.name}: ${r.rps.toFixed(1)}/s, p50 ${r.p50} ms, ${r.cpu.toFixed(1)} ms of server CPU a page`);
}
const peakRss = peakRssMb(pid);
const endRss = rssMb(pid);
const load = os.loadavg()[0]!.toFixed(2);
await server.stop();
pg?.destroy();

if (PROFILE) {
  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"))!;
  console.log(summarizeProfile(JSON.parse(readFileSync(path.join(profileDir, file), "utf8"))));
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
rmSync(work, { recursive: true, force: true });
if (only.length) process.exit(0);

const floor = results[0]!.rps;
const rows = results.map(
  (r) =>
    `| ${r.name} | ${r.rps.toFixed(1)} | ${(r.rps / floor).toFixed(3)} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.cpu.toFixed(1)} | ${(r.wireBytes / 1024).toFixed(1)} KB |${r.errors ? ` ${r.errors} errors` : ""}`,
);
const marker = onPostgres ? "server-speed-postgres" : "server-speed";
const section = `<!-- ${marker}:start -->
## Server speed: signed-in pages under load (${s.driver})

Command: \`${onPostgres ? "BENCH_DATABASE=postgres " : ""}npm run bench:server\` (${CONNECTIONS} keep-alive connections, ${SECONDS} s per page after a ${Math.min(3, SECONDS)} s warm-up, gzip asked for; ${os.cpus().length} cores; load average ${load} when it ended; ${new Date().toISOString().slice(0, 10)}).

| page | pages/s | ratio to the static file | p50 ms | p95 ms | p99 ms | server CPU ms a page | on the wire |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}

Server RSS: ${startRss} MB after start, ${peakRss} MB at the peak, ${endRss} MB at the end.
<!-- ${marker}:end -->`;

const doc = path.join(projectRoot, "docs/performance.md");
const text = existsSync(doc) ? readFileSync(doc, "utf8") : "# Performance\n";
const re = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
writeFileSync(doc, re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`);
console.log(section);
