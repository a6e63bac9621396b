/**
 * npm run bench:api — the public API (/api/v1) on a board of 1,000 cards: reading one card,
 * and listing 100 cards (the first page and a page further on), each through the API's
 * router as a request with a workspace key (the key's check, rate limit and monthly count
 * included), measured in-process under vite-node with NODE_ENV=production on the embedded
 * database. Aim (issue 22): under 20 ms of server time at p50 each. Writes its section of
 * docs/performance.md between the `api` markers.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pct as percentile } from "./support";

process.env.DATA_DIR ??= "memory://";
process.env.SESSION_SECRET ??= "bench-api-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_TRANSPORT ??= "memory";
process.env.LOG_REQUESTS = "false";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const CARDS = 1000;
const loadAtStart = os.loadavg()[0]!.toFixed(1);

const { sql } = await import("drizzle-orm");
const { db, ensureDb, rowsOf, driver, closeDb } = await import("~/.server/db");
const { createApiKey } = await import("~/.server/api-keys");
const { handleApiV1 } = await import("~/.server/api-v1/router");

await ensureDb();
const t0 = performance.now();
// The Enterprise plan: 1,000 requests a minute per key and no monthly cap, so the rounds are not refused.
const [ws] = rowsOf<{ id: string; user_id: string }>(
  await db().execute(sql`
    with u as (insert into users (email, full_name) values ('api@bench.test', 'Api Bench') returning id),
    w as (insert into workspaces (name, slug, plan_id) values ('Apibench', 'apibench', 'enterprise') returning id)
    insert into memberships (workspace_id, user_id, role) select w.id, u.id, 'owner' from w, u returning workspace_id as id, user_id`),
);
const [project] = rowsOf<{ id: string }>(
  await db().execute(sql`insert into projects (workspace_id, name, card_seq) values (${ws!.id}, 'Board', ${CARDS}) returning id`),
);
await db().execute(sql`
  insert into board_columns (workspace_id, project_id, name, state_group, position)
  select ${ws!.id}, ${project!.id}, n, g, 'a' || i
  from unnest(array['Backlog', 'To do', 'In progress', 'Review', 'Done'], array['backlog', 'unstarted', 'started', 'started', 'completed'])
    with ordinality as t(n, g, i)`);
await db().execute(sql`
  with c as (select id, row_number() over (order by position) - 1 as n from board_columns where project_id = ${project!.id})
  insert into cards (workspace_id, project_id, column_id, number, title, description, priority, position)
  select ${ws!.id}, ${project!.id}, c.id, g + 1, 'Card ' || (g + 1), 'About card ' || (g + 1),
    (array['urgent', 'high', 'medium', 'low', 'none'])[1 + g % 5], 'a' || lpad(g::text, 6, '0')
  from generate_series(0, ${CARDS - 1}) g join c on c.n = g % 5`);
await db().execute(sql`
  insert into card_assignees (card_id, user_id, workspace_id, project_id)
  select id, ${ws!.user_id}, workspace_id, project_id from cards where project_id = ${project!.id} and number % 3 = 0`);
if (driver().kind === "pglite") await db().execute(sql`ANALYZE`);
const seedSeconds = ((performance.now() - t0) / 1000).toFixed(1);

const member = {
  user: { id: ws!.user_id, email: "api@bench.test", fullName: "Api Bench" },
  workspace: { id: ws!.id, name: "Apibench", slug: "apibench", planId: "enterprise", trialEndsAt: null },
  role: "owner",
} as unknown as Parameters<typeof createApiKey>[0];
const { key } = await createApiKey(member, {
  type: "workspace",
  name: "Bench",
  scopes: ["card:read", "project:read"],
  expiresInDays: "never",
});
const cardIds = rowsOf<{ id: string }>(await db().execute(sql`select id from cards where project_id = ${project!.id} order by number`)).map(
  (r) => r.id,
);

const base = `http://localhost:3000/api/v1/projects/${project!.id}`;
const get = async (url: string) => {
  const response = await handleApiV1(new Request(url, { headers: { Authorization: `Bearer ${key}` } }));
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data?: unknown[]; next?: string | null };
};
const page5 = await (async () => {
  let next: string | null | undefined = `/api/v1/projects/${project!.id}/cards?limit=100`;
  for (let i = 0; i < 5; i++) next = (await get(`http://localhost:3000${next}`)).next;
  return `http://localhost:3000${next}`;
})();

const CASES: { label: string; url: (i: number) => string }[] = [
  { label: "read one card (`GET …/cards/{id}`)", url: (i) => `${base}/cards/${cardIds[(i * 37) % CARDS]}` },
  { label: "list 100 cards, the first page (`GET …/cards?limit=100`)", url: () => `${base}/cards?limit=100` },
  { label: "list 100 cards, the sixth page (a cursor)", url: () => page5 },
  { label: "list 100 cards with a filter (`?priority=high&limit=100`)", url: () => `${base}/cards?priority=high&limit=100` },
];

const pct = (xs: number[], p: number) => percentile(xs, p, 1);
const rows: string[] = [];
const verdicts: boolean[] = [];
for (const { label, url } of CASES) {
  for (let i = 0; i < 5; i++) await get(url(i));
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await get(url(i));
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    times.push(performance.now() - t);
  }
  verdicts.push(pct(cpu, 50) < 20);
  rows.push(`| ${label} | ${pct(cpu, 50)} ms | ${pct(cpu, 95)} ms | ${pct(times, 50)} ms |`);
  console.log(`${label}: CPU p50 ${pct(cpu, 50)} ms, p95 ${pct(cpu, 95)} ms; wall p50 ${pct(times, 50)} ms`);
}
const verdict = verdicts.every(Boolean) ? "met" : "NOT met";
const section = `<!-- api:start -->
## The public API (npm run bench:api)

\`/api/v1\` on a board of ${CARDS.toLocaleString("en")} cards in five columns (a third of them assigned), each call a
Request through the API's router with a workspace key: the key's check, its rate limit and the monthly count
are in every figure. On the embedded database (PGlite, in memory), in-process; seeded through SQL in
${seedSeconds} s; ${ROUNDS} rounds per case after 5 to warm up; load average ${loadAtStart} at the start on
${os.cpus().length} cores (other work on the machine inflates every figure). The server's time is the
process's CPU time during the call (the database is in-process WebAssembly).

| call | CPU p50 | CPU p95 | wall p50 |
|---|---|---|---|
${rows.join("\n")}

Aim (issue 22): reading one card and listing 100 cards under 20 ms p50 each: **${verdict}**.
<!-- api:end -->`;

const file = path.resolve("docs/performance.md");
const before = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
const pattern = /<!-- api:start -->[\s\S]*<!-- api:end -->/;
writeFileSync(file, pattern.test(before) ? before.replace(pattern, section) : `${before.trimEnd()}\n\n${section}\n`);
console.log(`${verdict}; docs/performance.md updated.`);
await closeDb();
