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
import { HttpError, HttpUser, REQUEST_TIMEOUT_MS } from "../tests/durability/http-user";
import { freePort, startBuiltServer, type ServerProcess } from "../tests/support/server-process";
import { benchBuild, pct, rssMb, startPostgres } from "./support";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const MINUTES = Number(arg("minutes") ?? process.env.SOAK_MINUTES ?? 10);
const USERS = Number(arg("users") ?? process.env.SOAK_USERS ?? 50);
/** Mean pause between one user's actions: USERS / THINK_MS × 1000 requests a second overall. */
const THINK_MS = Number(arg("think-ms") ?? process.env.SOAK_THINK_MS ?? 2500);
const LISTENERS = Math.min(USERS, 10);
const DURATION_MS = MINUTES * 60_000;
const DB_OUTAGE_MS = 10_000;
const SECRET = "soak-session-secret-0123456789abcdef";

type Phase = "steady" | "instance killed" | "database away";
type Sample = { kind: string; ms: number; status: number | string; phase: Phase; at: number };

const samples: Sample[] = [];
/** Each fault from its start until 5 s after recovery; a request overlapping one belongs to it. */
const windows: { phase: Phase; from: number; to: number }[] = [];
const phaseOf = (from: number, to: number): Phase => windows.find((w) => from <= w.to && to >= w.from)?.phase ?? "steady";
const t0 = performance.now();
const now = () => performance.now() - t0;
const log = (msg: string) => console.log(`[soak ${(now() / 1000).toFixed(0).padStart(4)} s] ${msg}`);

// ---- Postgres, the build, two instances and the proxy -------------------------------------
const pgPort = await freePort();
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
  // One address for every simulated user: the per-address limits would refuse the load itself.
  RATE_LIMIT_SIGNIN_PER_IP: "1000000",
  RATE_LIMIT_SIGNUP_PER_IP: "1000000",
  RATE_LIMIT_RESET_PER_IP: "1000000",
  RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: "1000000",
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

// ---- users ----------------------------------------------------------------------------------
type UserState = { user: HttpUser; projectId: string; columns: string[]; cards: string[] };
const ack = {
  cards: new Map<string, string>(), // id → title
  moves: new Map<string, { column: string; settled: boolean }>(), // last acknowledged move; settled = no later attempt failed
  comments: new Set<string>(), // bodies (unique)
  attachments: new Set<string>(), // file names (unique)
};
let seq = 0;
const allOutput = () => mailLog.join("") + instances.map((s) => s.output()).join("");

async function timed<T>(kind: string, fn: () => Promise<T>): Promise<T | undefined> {
  const start = performance.now();
  const at = now();
  try {
    const v = await fn();
    samples.push({ kind, ms: performance.now() - start, status: 200, phase: "steady", at });
    return v;
  } catch (error) {
    const status =
      error instanceof HttpError
        ? error.status
        : ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name ?? "error");
    samples.push({ kind, ms: performance.now() - start, status, phase: "steady", at });
    return undefined;
  }
}

async function getOk(u: HttpUser, path: string) {
  const res = await u.get(path, { accept: "text/html" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new HttpError(res.status, `${path}: ${res.status}`);
}

log(`signing up ${USERS} users`);
const users: UserState[] = [];
for (let i = 0; i < USERS; i += 5) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(5, USERS - i) }, async (_, j) => {
      const user = new HttpUser(appUrl, `soak-${i + j}-${Date.now()}@example.test`);
      // A first name of its own: the default workspace slug comes from it (two at once with one name race, see docs/performance.md).
      await user.signUp(`User${i + j} Soak`, allOutput);
      await user.signIn();
      const projectId = await user.createProject(`Soak ${i + j}`);
      const columns = (await user.board(projectId)).map((c) => c.id);
      return { user, projectId, columns, cards: [] } as UserState;
    }),
  );
  users.push(...batch);
}
log("users ready; load starts");

const actions: [weight: number, kind: string, run: (s: UserState) => Promise<unknown>][] = [
  [4, "sign-in", (s) => s.user.signIn()],
  [22, "board read (JSON)", (s) => s.user.board(s.projectId)],
  [8, "board page (HTML)", (s) => getOk(s.user, `/projects/${s.projectId}`)],
  [
    16,
    "card create",
    async (s) => {
      const title = `soak card ${++seq}`;
      const id = await s.user.createCard(s.projectId, s.columns[0]!, title);
      ack.cards.set(id, title);
      s.cards.push(id);
    },
  ],
  [
    16,
    "card move",
    async (s) => {
      const cardId = s.cards[Math.floor(Math.random() * s.cards.length)];
      if (!cardId) return;
      const column = s.columns[Math.floor(Math.random() * s.columns.length)]!;
      try {
        await s.user.boardIntent(s.projectId, { intent: "move-card", cardId, toColumnId: column });
        ack.moves.set(cardId, { column, settled: true });
      } catch (error) {
        // It may or may not have happened: the card's column is no longer known.
        const m = ack.moves.get(cardId);
        ack.moves.set(cardId, { column: m?.column ?? "", settled: false });
        throw error;
      }
    },
  ],
  [
    10,
    "comment",
    async (s) => {
      const cardId = s.cards[Math.floor(Math.random() * s.cards.length)];
      if (!cardId) return;
      const body = `soak comment ${++seq}`;
      await s.user.boardIntent(s.projectId, { intent: "add-comment", cardId, body });
      ack.comments.add(body);
    },
  ],
  [
    4,
    "attachment upload",
    async (s) => {
      const cardId = s.cards[Math.floor(Math.random() * s.cards.length)];
      if (!cardId) return;
      const name = `soak-${++seq}.txt`;
      const form = new FormData();
      form.set("intent", "upload-attachment");
      form.set("cardId", cardId);
      form.set("file", new Blob([`attachment ${name}\n`.repeat(64)], { type: "text/plain" }), name);
      const res = await fetch(`${s.user.base}/api/projects/${s.projectId}/board`, {
        method: "POST",
        headers: { Origin: s.user.base, Cookie: s.user.cookie },
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      if (res.status !== 200) throw new HttpError(res.status, `upload: ${res.status} ${text.slice(0, 200)}`);
      ack.attachments.add(name);
    },
  ],
  [6, "billing page", (s) => getOk(s.user, "/billing")],
  [6, "status", (s) => getOk(s.user, "/api/status")],
];
const totalWeight = actions.reduce((n, [w]) => n + w, 0);
function pick() {
  let r = Math.random() * totalWeight;
  for (const a of actions) if ((r -= a[0]) < 0) return a;
  return actions[0]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function userLoop(s: UserState) {
  await sleep(Math.random() * THINK_MS);
  while (running) {
    const [, kind, run] = pick();
    await timed(kind, () => run(s));
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

// SSE listeners: count events, reconnect when a stream ends (as the browser's EventSource does).
const sse = { events: 0, connects: 0, drops: 0, eventsAfterDbReturn: 0 };
let dbBackAt = Infinity;
async function listen(s: UserState) {
  while (running) {
    const controller = new AbortController();
    // Set before the request: a server that never answers must not hold the run open.
    const timer = setInterval(() => !running && controller.abort(), 500);
    try {
      const res = await fetch(`${appUrl}/projects/${s.projectId}/events`, {
        headers: { Cookie: s.user.cookie, Accept: "text/event-stream" },
        signal: controller.signal,
      });
      if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status}`);
      sse.connects++;
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const n = (dec.decode(value).match(/^event:/gm) ?? []).length;
        sse.events += n;
        if (now() > dbBackAt) sse.eventsAfterDbReturn += n;
      }
    } catch {
      // aborted or refused
    } finally {
      clearInterval(timer);
    }
    if (running) {
      sse.drops++;
      await sleep(1000);
    }
  }
}

// Resident memory of each instance every 10 s (a restarted instance is a new process).
const rss: { at: number; a: number; b: number }[] = [];
const rssTimer = setInterval(() => {
  rss.push({ at: now(), a: rssMb(instances[0]!.child.pid!), b: rssMb(instances[1]!.child.pid!) });
}, 10_000);

const loadStart = now();
const loops = users.map(userLoop);
const listeners = users.slice(0, LISTENERS).map(listen);

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
  const dashboard = users[0]!;
  const page = await fetch(`${instances[1]!.url}/dashboard`, {
    headers: { Cookie: dashboard.user.cookie },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => null);
  const pageText = page ? await page.text() : "";
  await sleep(Math.max(0, DB_OUTAGE_MS - (performance.now() - stoppedAt)));
  postgres.start();
  dbBackAt = now();
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
await Promise.all(loops);
await Promise.all(listeners);
clearInterval(rssTimer);
const loadMs = now() - loadStart;
for (const s of samples) s.phase = phaseOf(s.at, s.at + s.ms);
log("load over; checking the database");

// ---- every acknowledged write, exactly once -------------------------------------------------
const client = new pg.Client({ connectionString: postgres.url });
await client.connect();
const one = async (q: string, values: unknown[]) => (await client.query(q, values)).rows;
const cardRows = await one("select id::text, title, column_id::text as column from cards where id = any($1::uuid[])", [
  [...ack.cards.keys()],
]);
const byId = new Map(cardRows.map((r: { id: string; title: string; column: string }) => [r.id, r]));
const missing: string[] = [];
for (const [id, title] of ack.cards) if (byId.get(id)?.title !== title) missing.push(`card ${title}`);
const titleCounts = await one(
  "select title, count(*)::int as n from cards where title like 'soak card %' group by title having count(*) > 1",
  [],
);
let wrongColumn = 0;
for (const [id, m] of ack.moves) if (m.settled && byId.get(id)?.column !== m.column) wrongColumn++;
const commentRows = await one("select body, count(*)::int as n from comments where body = any($1) group by body", [[...ack.comments]]);
const commentCounts = new Map(commentRows.map((r: { body: string; n: number }) => [r.body, r.n]));
for (const b of ack.comments) if (commentCounts.get(b) !== 1) missing.push(`comment ${b} (${commentCounts.get(b) ?? 0}×)`);
const attachmentRows = await one(
  "select a.file_name as name, count(*)::int as n, bool_and(b.storage_key is not null) as bytes from card_attachments a left join file_blobs b on b.storage_key = a.storage_key where a.file_name = any($1) group by a.file_name",
  [[...ack.attachments]],
);
const attachmentCounts = new Map(attachmentRows.map((r: { name: string; n: number; bytes: boolean }) => [r.name, r]));
for (const n of ack.attachments) {
  const r = attachmentCounts.get(n) as { n: number; bytes: boolean } | undefined;
  if (r?.n !== 1 || !r.bytes) missing.push(`attachment ${n}`);
}
await client.end();

// ---- report ---------------------------------------------------------------------------------
const kinds = [...new Set(samples.map((s) => s.kind))];
const ok = (s: Sample) => s.status === 200;
const perKind = kinds.map((kind) => {
  const all = samples.filter((s) => s.kind === kind);
  const good = all.filter(ok).map((s) => s.ms);
  return { kind, n: all.length, ok: good.length, p50: pct(good, 50), p95: pct(good, 95), p99: pct(good, 99) };
});
const errors = new Map<string, number>();
for (const s of samples)
  if (!ok(s)) errors.set(`${s.phase}: ${s.kind} → ${s.status}`, (errors.get(`${s.phase}: ${s.kind} → ${s.status}`) ?? 0) + 1);
// Expected only while a fault lasts: 503 (database away), the proxy's 502 (an instance died
// under a request) and connection errors. Anything else, or any error in steady running, is not.
const expectedDuringFault = (s: Sample) => s.status === 503 || s.status === 502 || typeof s.status === "string";
const unexpected = samples.filter((s) => !ok(s) && (s.phase === "steady" || !expectedDuringFault(s)));
const serverErrorsInSteady = unexpected.filter((s) => s.phase === "steady");
const countBy = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
const lost = missing.length + titleCounts.length + wrongColumn;
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

Acknowledged writes checked in the database afterwards: ${ack.cards.size} cards (each once, by id and title), the column of ${[...ack.moves.values()].filter((m) => m.settled).length} moved cards (those whose last move was answered), ${ack.comments.size} comments, ${ack.attachments.size} attachments with their bytes: ${lost === 0 ? "all there, none twice" : `${lost} missing or wrong: ${[...missing.slice(0, 10), ...titleCounts.map((t: { title: string }) => `${t.title} twice`)].join(", ")}`}.

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
