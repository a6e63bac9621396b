/**
 * npm run bench:insights — the insight rules (app/.server/insights) and the forecast
 * (app/.server/analytics/forecast.ts) on one project of 10,000 cards and 100,000 transitions
 * (issue 10), seeded through SQL (generate_series) on the embedded database, measured
 * in-process under vite-node with NODE_ENV=production. Aims (issue 10): the insight rules under
 * 200 ms, the forecast under 100 ms, as CPU time. Writes its section of docs/performance.md
 * between the `insights` markers.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pct as percentile } from "./support";

process.env.DATA_DIR ??= "memory://";
process.env.SESSION_SECRET ??= "bench-insights-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_TRANSPORT ??= "memory";
process.env.LOG_REQUESTS = "false";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CARDS = Number(process.env.BENCH_CARDS ?? 10_000);
const PER_CARD = 10; // transitions per card: 100,000 in all
const loadAtStart = os.loadavg()[0]!.toFixed(1);

const { sql } = await import("drizzle-orm");
const { db, ensureDb, rowsOf, driver, closeDb } = await import("~/.server/db");
const { computeInsights } = await import("~/.server/insights");
const { forecastCompletion, forecastOnTime, throughputHistory } = await import("~/.server/analytics/forecast");

await ensureDb();
const now = new Date();
const t0 = performance.now();
const [ws] = rowsOf<{ id: string; user_id: string }>(
  await db().execute(sql`
    with u as (insert into users (email, full_name) values ('insights@bench.test', 'Insight Bench') returning id),
    w as (insert into workspaces (name, slug) values ('Insightbench', 'insightbench') returning id)
    insert into memberships (workspace_id, user_id, role) select w.id, u.id, 'owner' from w, u returning workspace_id as id, user_id`),
);
const W = ws!.id;
// Five more members to share the work.
await db().execute(sql`
  with u as (insert into users (email, full_name) select 'm' || g || '@bench.test', 'Member ' || g from generate_series(1, 5) g returning id)
  insert into memberships (workspace_id, user_id, role) select ${W}, id, 'member' from u`);
const [project] = rowsOf<{ id: string }>(
  await db().execute(sql`insert into projects (workspace_id, name) values (${W}, 'Big board') returning id`),
);
const P = project!.id;
await db().execute(sql`
  insert into board_columns (workspace_id, project_id, name, state_group, position, wip_limit) values
    (${W}, ${P}, 'Backlog', 'backlog', 'a0', null), (${W}, ${P}, 'To do', 'unstarted', 'a1', null),
    (${W}, ${P}, 'In progress', 'started', 'a2', 300), (${W}, ${P}, 'Review', 'started', 'a3', null),
    (${W}, ${P}, 'Done', 'completed', 'a4', null)`);
// Cards: 60 % done, 10 % in progress, 5 % in review, 15 % to do, 10 % backlog; created over
// 26 weeks (the newest in the last two weeks, so the duplicate search has work to do).
await db().execute(sql`
  with cols as (select id, name from board_columns where project_id = ${P})
  insert into cards (workspace_id, project_id, column_id, number, title, priority, due_date, position, created_at, updated_at, started_at, completed_at)
  select ${W}, ${P},
    (select id from cols where name = case when g % 20 < 12 then 'Done' when g % 20 < 14 then 'In progress' when g % 20 < 15 then 'Review'
      when g % 20 < 18 then 'To do' else 'Backlog' end),
    g, 'Task ' || (g % 997) || ' ' || (array['login', 'invoice', 'export', 'billing', 'layout', 'search', 'upload', 'profile'])[1 + g % 8] || ' ' || g,
    (array['urgent', 'high', 'medium', 'low', 'none'])[1 + g % 5],
    case when g % 7 = 0 then (now() - ((g % 30) - 10) * interval '1 day')::date end,
    'a' || lpad(g::text, 8, '0'),
    now() - (182 - g * 182.0 / ${CARDS}) * interval '1 day',
    now() - (g % 20) * interval '1 day',
    now() - (g % 90 + g % 10) * interval '1 day',
    case when g % 20 < 12 then now() - (g % 90) * interval '1 day' end
  from generate_series(1, ${CARDS}) g`);
await db().execute(sql`
  insert into card_assignees (card_id, user_id, project_id, workspace_id)
  select c.id, m.user_id, ${P}, ${W} from cards c
  join (select user_id, row_number() over (order by user_id) - 1 as k from memberships where workspace_id = ${W}) m on m.k = c.number % 6
  where c.project_id = ${P} and c.number % 3 <> 0`);
console.log(`cards seeded: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
// 100,000 transitions: each card's path through the groups, spread over its life.
await db().execute(sql`
  with cols as (select id, state_group, position from board_columns where project_id = ${P}),
  steps as (select k, (array['Backlog', 'To do', 'In progress', 'Review', 'Done', 'In progress', 'Review', 'Done', 'In progress', 'Done'])[k + 1] as name from generate_series(0, ${PER_CARD - 1}) k)
  insert into card_transitions (workspace_id, project_id, card_id, from_column_id, to_column_id, from_state_group, to_state_group, at)
  select ${W}, ${P}, c.id, null, b.id, null, b.state_group, c.created_at + s.k * ((now() - c.created_at) / ${PER_CARD + 1})
  from cards c cross join steps s join board_columns b on b.project_id = ${P} and b.name = s.name
  where c.project_id = ${P}`);
console.log(`transitions seeded: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
// Dependencies between open cards (chains), and an active cycle of 200 cards.
await db().execute(sql`
  insert into card_dependencies (workspace_id, project_id, blocker_card_id, blocked_card_id)
  select ${W}, ${P}, a.id, b.id from cards a join cards b on b.workspace_id = a.workspace_id and b.number = a.number + 20
  where a.project_id = ${P} and a.number % 20 >= 14 and a.number % 100 < 40`);
const [cycle] = rowsOf<{ id: string }>(
  await db().execute(sql`insert into cycles (workspace_id, project_id, name, starts_on, ends_on)
    values (${W}, ${P}, 'Cycle 12', (now() - interval '5 days')::date, (now() + interval '9 days')::date) returning id`),
);
await db().execute(sql`
  insert into cycle_cards (cycle_id, card_id, workspace_id, project_id, added_at)
  select ${cycle!.id}, id, ${W}, ${P}, case when number % 5 = 0 then now() - interval '1 day' else now() - interval '5 days' end
  from cards where project_id = ${P} and number % 20 >= 12 order by number limit 200`);
if (driver().kind === "pglite") await db().execute(sql`ANALYZE`);
console.log(`seeded: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const [{ n: transitions }] = rowsOf<{ n: number }>(
  await db().execute(sql`select count(*)::int as n from card_transitions where project_id = ${P}`),
);
const seedSeconds = ((performance.now() - t0) / 1000).toFixed(1);

async function measure(fn: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 3; i++) await fn();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    wall.push(performance.now() - t);
  }
  return { cpu50: percentile(cpu, 50, 1), cpu95: percentile(cpu, 95, 1), wall50: percentile(wall, 50, 1) };
}

const found = await computeInsights(db(), { workspaceId: W, projectId: P, now });
const insights = await measure(() => computeInsights(db(), { workspaceId: W, projectId: P, now }));
const history = await throughputHistory(db(), { workspaceId: W, projectId: P }, now);
const remaining = CARDS - Math.round(CARDS * 0.6);
const completion = forecastCompletion(remaining, history, now);
const simulation = await measure(() => forecastCompletion(remaining, history, now));
const withRead = await measure(async () => {
  const h = await throughputHistory(db(), { workspaceId: W, projectId: P }, now);
  forecastCompletion(remaining, h, now);
  forecastOnTime(160, "2026-12-31", h, now);
});

const verdict = (ms: number, aim: number) => (ms < aim ? "met" : "NOT met");
console.log(`insights: ${found.length} (${found.map((i) => i.type).join(", ")})`);
console.log(`insight rules: CPU p50 ${insights.cpu50} ms, p95 ${insights.cpu95} ms, wall p50 ${insights.wall50} ms`);
console.log(`forecast simulation: CPU p50 ${simulation.cpu50} ms; with the history read: ${withRead.cpu50} ms`);
const section = `<!-- insights:start -->
## Insights and forecast (npm run bench:insights)

One project of ${CARDS.toLocaleString("en")} cards and ${Number(transitions).toLocaleString("en")} transitions (6 members, a
work-in-progress limit, chains of dependencies, an active cycle of 200 cards), seeded through SQL in ${seedSeconds} s on the
embedded database (PGlite, in memory), measured in-process under vite-node with NODE_ENV=production: ${ROUNDS} rounds after 3
warm-ups; load average ${loadAtStart} at the start on ${os.cpus().length} cores. CPU time is the process's during the call
(the database is in-process WebAssembly, so it includes the queries).

| measure | CPU p50 | CPU p95 | wall p50 | aim (issue 10) |
|---|---|---|---|---|
| the insight rules: \`computeInsights\` for the project (${found.length} insights: ${[...new Set(found.map((i) => i.type))].join(", ")}) | ${insights.cpu50} ms | ${insights.cpu95} ms | ${insights.wall50} ms | under 200 ms: **${verdict(insights.cpu50, 200)}** |
| the forecast: 10,000 runs for the ${remaining.toLocaleString("en")} open cards (${completion.status === "ok" ? `50/85/95 %: ${completion.p50}, ${completion.p85}, ${completion.p95}` : completion.status}) | ${simulation.cpu50} ms | ${simulation.cpu95} ms | ${simulation.wall50} ms | under 100 ms: **${verdict(simulation.cpu50, 100)}** |
| the forecast with its history read and a cycle's on-time chance | ${withRead.cpu50} ms | ${withRead.cpu95} ms | ${withRead.wall50} ms | |
<!-- insights:end -->`;

const file = path.resolve("docs/performance.md");
const before = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
const pattern = /<!-- insights:start -->[\s\S]*<!-- insights:end -->/;
writeFileSync(file, pattern.test(before) ? before.replace(pattern, section) : `${before.trimEnd()}\n\n${section}\n`);
console.log("docs/performance.md updated.");
await closeDb();
