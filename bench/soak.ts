/**
 * npm run bench:soak [-- --minutes N] — load and faults on Postgres with two app instances
 * (issue 12). A throwaway Postgres 15, two production servers on it behind one port (a
 * small round-robin proxy here), USERS simulated users at a steady rate: sign-ins, board
 * reads (JSON and the page), card creates and moves, comments, attachment uploads, billing
 * page reads, status checks, and SSE listeners on the boards. During the run one instance
 * is killed with SIGKILL and started again, and Postgres is stopped for 10 seconds and
 * started again. At the end every write that got a success answer must be in the database
 * exactly once. Reports throughput, p50/p95/p99 per kind, errors by kind and phase, each
 * instance's resident memory over time, and ends with a one-line verdict; writes its section
 * of docs/performance.md between the soak markers. Default 10 minutes.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { projectRoot } from "../tests/support/build";
import { REQUEST_TIMEOUT_MS } from "../tests/durability/http-user";
import { freePort, startBuiltServer, type ServerProcess } from "../tests/support/server-process";
import { LOAD_ENV, MixedLoad, loadSettings, type Phase, type Sample } from "./soak-load";
import { benchBuild, rssMb, startPostgres } from "./support";

const { minutes: MINUTES, users: USERS, thinkMs: THINK_MS, listeners: LISTENERS } = loadSettings();
const DURATION_MS = MINUTES * 60_000;
const DB_OUTAGE_MS = 10_000;
const SECRET = "soak-session-secret-0123456789abcdef";

/** Each fault from its start until 5 s after recovery; a request overlapping one belongs to it. */
const windows: { phase: Phase; from: number; to: number }[] = [];
const phaseOf = (from: number, to: number): Phase => windows.find((w) => from <= w.to && to >= w.from)?.phase ?? "steady";
const t0 = performance.now();
const now = () => performance.now() - t0;
const log = (msg: string) => console.log(`[soak ${(now() / 1000).toFixed(0).padStart(4)} s] ${msg}`);

// ---- Postgres, the build, two instances and the proxy -------------------------------------
const pgPort = Number(process.env.BENCH_PG_PORT) || (await freePort());
const postgres = startPostgres(pgPort);
const instances: ServerProcess[] = [];
let running = true;
let cleanedUp = false;
// Whatever happens, nothing is left running: the instances and Postgres go with the script.
process.on("exit", () => {
  if (cleanedUp) return;
  for (const s of instances) s?.child.kill("SIGKILL");
  postgres.destroy();
});
process.on("uncaughtException", (error) => {
  console.error(error);
  for (const [i, s] of instances.entries())
    console.error(`--- instance ${"AB"[i]} output (last 3000 characters) ---\n${s?.output().slice(-3000)}`);
  process.exit(1);
});
log(`Postgres 15 on 127.0.0.1:${pgPort}`);
const buildDir = await benchBuild("/tmp/atelier-bench/build-soak");
const proxyPort = await freePort();
const appUrl = `http://127.0.0.1:${proxyPort}`;
const ports = [await freePort(), await freePort()];
const instanceEnv = {
  DATABASE_URL: postgres.url,
  SESSION_SECRET: SECRET,
  APP_URL: appUrl,
  ...LOAD_ENV,
};
const mailLog: string[] = []; // output of instances that have been replaced
// Each instance's output is kept in LOG_DIR; an exit nobody asked for is a failure of the run.
const LOG_DIR = mkdtempSync(path.join(os.tmpdir(), "atelier-soak-logs-"));
const unexpectedExits: string[] = [];
const killing = new Set<ServerProcess>();
let lives = 0;
async function startInstance(i: number) {
  const s = await startBuiltServer({ buildDir, port: ports[i], env: instanceEnv });
  const logFile = path.join(LOG_DIR, `instance-${"AB"[i]}-${++lives}.log`);
  void s.exited.then((code) => {
    writeFileSync(logFile, s.output());
    if (!killing.has(s) && running) {
      unexpectedExits.push(`instance ${"AB"[i]} exited by itself (${code}) at ${(now() / 60000).toFixed(1)} min (its output: ${logFile})`);
      log(unexpectedExits.at(-1)!);
    }
  });
  await s.waitForOutput(/Atelier listening/);
  instances[i] = s;
  return s;
}
await Promise.all([startInstance(0), startInstance(1)]);
log(`instances on ${ports.join(" and ")}, proxy on ${proxyPort}`);

let next = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
const proxy = http.createServer((req, res) => {
  const first = next++ % 2;
  // The body is read first (the load's bodies are small), so a request refused by a dead
  // instance can go to the other one whole.
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks);
    const headers = { ...req.headers };
    if (body.length > 0) headers["content-length"] = String(body.length);
    forward(first, false, body, headers);
  });
  const forward = (target: number, retried: boolean, body: Buffer, headers: http.IncomingHttpHeaders) => {
    const up = http.request({ host: "127.0.0.1", port: ports[target], method: req.method, path: req.url, headers, agent }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on("error", (error: NodeJS.ErrnoException) => {
      // A refused connection never reached an instance: the other one may take it. Anything
      // else may have been seen, so the client gets 502 rather than a second attempt.
      if (error.code === "ECONNREFUSED" && !retried) return forward(1 - target, true, body, headers);
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" }).end(`proxy: ${error.code ?? error.message}`);
      else res.destroy();
    });
    res.on("close", () => up.destroy());
    up.end(body);
  };
});
// As nginx (75 s) would: an idle client connection outlives the users' pauses, so a user's next
// request never races the proxy closing it (Node's 5 s default gave ECONNRESET and EPIPE).
proxy.keepAliveTimeout = 75_000;
proxy.headersTimeout = 76_000;
await new Promise<void>((r) => proxy.listen(proxyPort, "127.0.0.1", () => r()));

// ---- users (bench/soak-load.ts) --------------------------------------------------------------
const allOutput = () => mailLog.join("") + instances.map((s) => s.output()).join("");
const load = new MixedLoad({ appUrl, users: USERS, thinkMs: THINK_MS, listeners: LISTENERS, mailLog: allOutput, now });
const { samples, ack, sse } = load;
log(`signing up ${USERS} users`);
await load.signUpUsers();
log("users ready; load starts");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Resident memory of each instance every 10 s (a restarted instance is a new process).
const rss: { at: number; a: number; b: number }[] = [];
const rssTimer = setInterval(() => {
  rss.push({ at: now(), a: rssMb(instances[0]!.child.pid!), b: rssMb(instances[1]!.child.pid!) });
}, 10_000);

const loadStart = now();
load.start();

// ---- faults ---------------------------------------------------------------------------------
const faults: string[] = [];
async function waitStatus(url: string, want: number, timeoutMs: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const res = await fetch(`${url}/api/status`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === want) return performance.now() - start;
    } catch {
      // not listening
    }
    await sleep(100);
  }
  return null;
}

let recoveryOk = true;
await sleep(Math.max(0, DURATION_MS * 0.35 - (now() - loadStart)));
{
  const window = { phase: "instance killed" as Phase, from: now(), to: Infinity };
  windows.push(window);
  const victim = instances[0]!;
  log(`kill -9 instance A (pid ${victim.child.pid})`);
  mailLog.push(victim.output());
  killing.add(victim);
  await victim.stop("SIGKILL");
  await sleep(3000);
  const restart = performance.now();
  await startInstance(0);
  const ms = performance.now() - restart;
  faults.push(
    `instance A killed with SIGKILL at ${(now() / 60000).toFixed(1)} min, started again 3 s later; listening after ${(ms / 1000).toFixed(1)} s`,
  );
  log(faults.at(-1)!);
  await sleep(5000);
  window.to = now();
}
await sleep(Math.max(0, DURATION_MS * 0.65 - (now() - loadStart)));
{
  const window = { phase: "database away" as Phase, from: now(), to: Infinity };
  windows.push(window);
  log("stopping Postgres");
  postgres.stop();
  const stoppedAt = performance.now();
  // While it is away: the status endpoint answers 503 and pages the error screen, on both instances.
  const statusWhileAway = await Promise.all(instances.map((s) => waitStatus(s.url, 503, 5000)));
  const dashboard = load.users[0]!;
  const page = await fetch(`${instances[1]!.url}/dashboard`, {
    headers: { Cookie: dashboard.user.cookie },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => null);
  const pageText = page ? await page.text() : "";
  await sleep(Math.max(0, DB_OUTAGE_MS - (performance.now() - stoppedAt)));
  postgres.start();
  load.dbBackAt = now();
  log("Postgres started again");
  const back = await Promise.all(instances.map((s) => waitStatus(s.url, 200, 30_000)));
  const worst = Math.max(...back.map((b) => b ?? Infinity));
  if (!(worst <= 5000) || statusWhileAway.some((s) => s === null)) recoveryOk = false;
  faults.push(
    `Postgres stopped for ${(DB_OUTAGE_MS / 1000).toFixed(0)} s at ${(now() / 60000 - DB_OUTAGE_MS / 60000).toFixed(1)} min: /api/status answered 503 on ${
      statusWhileAway.filter((s) => s !== null).length
    } of 2 instances while it was away; a page (/dashboard) answered ${page?.status ?? "no answer"}${
      /API|unavailable|database/i.test(pageText) ? " with the API error screen" : ""
    }; after its return both instances answered 200 within ${(worst / 1000).toFixed(1)} s without a restart`,
  );
  log(faults.at(-1)!);
  await sleep(5000);
  window.to = now();
}
await sleep(Math.max(0, DURATION_MS - (now() - loadStart)));
running = false;
await load.stop();
clearInterval(rssTimer);
const loadMs = now() - loadStart;
for (const s of samples) s.phase = phaseOf(s.at, s.at + s.ms);
log("load over; checking the database");

// ---- every acknowledged write, exactly once -------------------------------------------------
const client = new pg.Client({ connectionString: postgres.url });
await client.connect();
const { lost, missing, twice, settledMoves } = await load.check(async (q, values) => (await client.query(q, values)).rows);
await client.end();

// ---- report ---------------------------------------------------------------------------------
const perKind = load.perKind();
const ok = (s: Sample) => s.status === 200;
const errors = new Map<string, number>();
for (const s of samples)
  if (!ok(s)) errors.set(`${s.phase}: ${s.kind} → ${s.status}`, (errors.get(`${s.phase}: ${s.kind} → ${s.status}`) ?? 0) + 1);
// Expected only while a fault lasts: 503 (database away), the proxy's 502 (an instance died
// under a request) and connection errors. Anything else, or any error in steady running, is not.
const expectedDuringFault = (s: Sample) => s.status === 503 || s.status === 502 || typeof s.status === "string";
const unexpected = samples.filter((s) => !ok(s) && (s.phase === "steady" || !expectedDuringFault(s)));
const serverErrorsInSteady = unexpected.filter((s) => s.phase === "steady");
const countBy = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
const pass = lost === 0 && unexpected.length === 0 && recoveryOk && unexpectedExits.length === 0;
const throughput = samples.length / (loadMs / 1000);
const maxRss = (k: "a" | "b") => Math.max(...rss.map((r) => r[k]));
const rssEvery = Math.max(1, Math.ceil(rss.length / 12));

const verdict = pass
  ? `PASS: ${samples.length} requests, every acknowledged write present exactly once (${ack.cards.size} cards, ${ack.moves.size} moved, ${ack.comments.size} comments, ${ack.attachments.size} attachments), errors only during the faults`
  : `FAIL: ${lost} acknowledged writes missing, duplicated or misplaced; ${unexpected.length} unexpected errors (${serverErrorsInSteady.length} in steady running; during the faults: ${
      [...countBy(unexpected.filter((s) => s.phase !== "steady").map((s) => String(s.status)))].map(([k, n]) => `${n}× ${k}`).join(", ") ||
      "none"
    })${unexpectedExits.length ? `; ${unexpectedExits.length} instance exits nobody asked for` : ""}${recoveryOk ? "" : "; recovery after the database's return was slower than 5 s or /api/status did not answer 503"}`;

const section = `<!-- soak:start -->
## Soak: two instances on one Postgres, a crash and a database restart

Command: \`npm run bench:soak${MINUTES === 10 ? "" : ` -- --minutes ${MINUTES}`}\` (bench/soak.ts): ${MINUTES} min, ${USERS} simulated users (one action each every ${(THINK_MS / 1000).toFixed(1)} s on average), ${LISTENERS} of them also listening to their board's events, two production servers on a throwaway Postgres 15 behind a round-robin proxy; ${os.cpus().length} cores shared with other work (load average ${os.loadavg()[0]!.toFixed(1)} at the end); ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.

**${verdict}.**

Faults:
${[...faults, ...unexpectedExits].map((f) => `- ${f}.`).join("\n")}

Throughput: ${throughput.toFixed(1)} requests/s (${samples.length} in ${(loadMs / 1000).toFixed(0)} s). Server-sent events: ${sse.connects} connections, ${sse.events} events received (${sse.eventsAfterDbReturn} after the database's return), ${sse.drops} streams ended and reopened.

| kind | requests | succeeded | p50 | p95 | p99 |
|---|---:|---:|---:|---:|---:|
${perKind.map((k) => `| ${k.kind} | ${k.n} | ${k.ok} | ${k.p50} ms | ${k.p95} ms | ${k.p99} ms |`).join("\n")}

Errors by phase and kind (a status, or the client's error code; "proxy" 502 is the proxy's answer when an instance died under a request):

| phase: request → answer | count |
|---|---:|
${
  [...errors]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `| ${k} | ${n} |`)
    .join("\n") || "| none | 0 |"
}

Acknowledged writes checked in the database afterwards: ${ack.cards.size} cards (each once, by id and title), the column of ${settledMoves} moved cards (those whose last move was answered), ${ack.comments.size} comments, ${ack.attachments.size} attachments with their bytes: ${lost === 0 ? "all there, none twice" : `${lost} missing or wrong: ${[...missing.slice(0, 10), ...twice].join(", ")}`}.

Resident memory of each instance (MB; A was restarted, so its figures after the crash are a new process):

| time | A | B |
|---|---:|---:|
${rss
  .filter((_, i) => i % rssEvery === 0 || i === rss.length - 1)
  .map((r) => `| ${(r.at / 60000).toFixed(1)} min | ${r.a} | ${r.b} |`)
  .join("\n")}
| **max** | **${maxRss("a")}** | **${maxRss("b")}** |
<!-- soak:end -->`;

console.log("\n" + section);
const file = path.join(projectRoot, "docs/performance.md");
const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
const updated = /<!-- soak:start -->[\s\S]*<!-- soak:end -->/.test(current)
  ? current.replace(/<!-- soak:start -->[\s\S]*<!-- soak:end -->/, section)
  : `${current.trimEnd()}\n\n${section}\n`;
writeFileSync(file, updated);

// ---- clean up -------------------------------------------------------------------------------
proxy.close();
agent.destroy();
for (const s of instances) {
  killing.add(s);
  await s.stop("SIGTERM");
  rmSync(s.dataDir, { recursive: true, force: true });
}
postgres.destroy();
cleanedUp = true;
console.log(verdict);
process.exit(pass ? 0 : 1);
