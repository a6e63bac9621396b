/**
 * Run by bench/analytics-page.ts under vite-node (the app's modules, the app's migrator): seeds
 * bench:insights' project (bench/big-project-seed.ts) into DATA_DIR, writes the daily snapshots
 * up to yesterday as the job would, vacuums and analyses, and writes a signed-in session cookie and the ids the HTTP
 * half needs to $BENCH_OUT.
 */
import { writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { addDays, dayOf } from "~/.server/analytics/days";
import { writeSnapshots } from "~/.server/analytics/snapshots";
import { createSession } from "~/.server/auth/session";
import { closeDb, db, ensureDb, rowsOf } from "~/.server/db";
import { JOBS } from "~/.server/jobs";
import { runJobs } from "~/.server/jobs/runner";
import { seedBigProject } from "./big-project-seed";

const CARDS = Number(process.env.BENCH_CARDS ?? 10_000);

await ensureDb();
const { U, P, transitions, seedSeconds } = await seedBigProject(CARDS);
await writeSnapshots(db(), addDays(dayOf(new Date()), -1));
// As a database in use would be: today's scheduled jobs done (else the server runs them at its
// start, beside the first measured pages: the embedded database's vacuum, the digests), its
// statistics gathered and its visibility map set (Postgres's autovacuum gets there within minutes),
// and its tables compact. Seeding 100,000 transitions in bulk leaves each card's row written about
// ten times over (the log's trigger keeps its first and last times), so the 10,000 cards filled
// 12 MB of table for 2.5 MB of rows; a board used over months, its dead rows vacuumed away as it
// goes and their room reused, holds its cards in about the room they need (FULL rewrites them so;
// it leaves the visibility map unset, which the plain VACUUM after it sets).
await runJobs(JOBS);
await db().execute(sql`vacuum (full)`);
await db().execute(sql`vacuum (analyze)`);
const cookie = (await createSession(new Request("http://localhost/"), U)).split(";")[0]!;
// Cards in progress to move between the two started columns (a change the insights rest on).
const columns = rowsOf<{ id: string; name: string }>(await db().execute(sql`select id, name from board_columns where project_id = ${P}`));
const started = rowsOf<{ id: string }>(
  await db().execute(sql`select c.id from cards c join board_columns b on b.id = c.column_id where c.project_id = ${P}
    and b.name = 'In progress' order by c.number limit 50`),
);
writeFileSync(
  process.env.BENCH_OUT!,
  JSON.stringify({
    projectId: P,
    cookie,
    cards: CARDS,
    transitions,
    seedSeconds,
    moveCardIds: started.map((c) => c.id),
    inProgress: columns.find((c) => c.name === "In progress")!.id,
    review: columns.find((c) => c.name === "Review")!.id,
  }),
);
await closeDb();
process.exit(0);
