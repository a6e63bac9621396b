/**
 * Run by bench/board.ts under vite-node (the app's modules, the app's migrator):
 * seeds a board of CARDS cards in 8 columns into DATA_DIR (or DATABASE_URL),
 * measures the board loader and a card move in-process, and writes the numbers and
 * a signed-in session cookie to $BENCH_OUT for the HTTP half of the benchmark.
 */
import { writeFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { createSession } from "~/.server/auth/session";
import { closeDb, db, ensureDb, schema } from "~/.server/db";
import { loadBoard } from "~/.server/projects/board-reads";
import { moveCard } from "~/.server/projects/cards";
import { addColumn } from "~/.server/projects/columns";
import { createProject } from "~/.server/projects/projects";
import { createWorkspace, getMemberContext } from "~/.server/workspaces";
import { keysBetween } from "~/lib/fractional-index";
import { boardLoader } from "~/routes/_app.projects.$id.server";
import { pct as percentile } from "./support";

const CARDS = Number(process.env.BENCH_CARDS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

const pct = (xs: number[], p: number) => percentile(xs, p, 2);

await ensureDb();
const [user] = await db()
  .insert(schema.users)
  .values({ email: `bench-${Date.now()}@example.test`, fullName: "Bench Owner", emailVerifiedAt: new Date() })
  .returning();
const ws = await createWorkspace(user!.id, "Bench workspace");
await db().update(schema.workspaces).set({ planId: "enterprise" }).where(eq(schema.workspaces.id, ws.id));
const cookie = (await createSession(new Request("http://localhost/"), user!.id)).split(";")[0]!;
const member = await getMemberContext(new Request("http://localhost/", { headers: { Cookie: cookie } }));
const project = await createProject(member, { name: "Board benchmark" });
for (const name of ["QA", "Staging", "Released"]) await addColumn(member, project.id, name, "started");
const columns = (await loadBoard(member, project.id)).columns;
const [label] = await db()
  .insert(schema.labels)
  .values({ workspaceId: ws.id, projectId: project.id, name: "bug", color: "red" })
  .returning();

// Cards go straight in, in batches (seeding is not what is measured).
const perColumn = Math.ceil(CARDS / columns.length);
let number = 0;
const cardIds: string[] = [];
for (const col of columns) {
  const keys = keysBetween(null, null, perColumn);
  const rows = keys.slice(0, Math.max(0, Math.min(perColumn, CARDS - number))).map((position, i) => ({
    workspaceId: ws.id,
    projectId: project.id,
    columnId: col.id,
    number: ++number,
    title: `Card ${number}: ${["Fix", "Design", "Ship", "Review", "Write"][i % 5]} the ${["login", "board", "billing", "search", "export"][i % 5]} flow`,
    priority: (["urgent", "high", "medium", "low", "none"] as const)[i % 5],
    dueDate: i % 4 === 0 ? "2026-12-01" : null,
    position,
    createdBy: user!.id,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db()
      .insert(schema.cards)
      .values(rows.slice(i, i + 500))
      .returning({ id: schema.cards.id });
    cardIds.push(...inserted.map((r) => r.id));
  }
}
await db().update(schema.projects).set({ cardSeq: number }).where(eq(schema.projects.id, project.id));
const some = cardIds.filter((_, i) => i % 3 === 0);
await db()
  .insert(schema.cardAssignees)
  .values(some.map((cardId) => ({ cardId, userId: user!.id, workspaceId: ws.id, projectId: project.id })));
await db()
  .insert(schema.cardLabels)
  .values(some.map((cardId) => ({ cardId, labelId: label!.id, workspaceId: ws.id, projectId: project.id })));

// What the app's periodic ANALYZE (PGlite) or autovacuum (Postgres) does after a bulk load.
await db().execute(sql`ANALYZE`);
const request = () => new Request(`http://localhost/projects/${project.id}`, { headers: { Cookie: cookie } });

// Warm up, then measure the page's loader (the board is the page's critical data).
for (let i = 0; i < 5; i++) await boardLoader(request(), project.id);
const loaderMs: number[] = [];
let payload = "";
for (let i = 0; i < ROUNDS; i++) {
  const t = performance.now();
  const result = await boardLoader(request(), project.id);
  loaderMs.push(performance.now() - t);
  if (i === 0) payload = JSON.stringify(result);
}

const moveMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const card = cardIds[(i * 37) % cardIds.length]!;
  const to = columns[i % columns.length]!.id;
  const t = performance.now();
  await moveCard(member, project.id, { cardId: card, toColumnId: to, index: (i % 50) + 1 });
  moveMs.push(performance.now() - t);
}

const result = {
  driver: process.env.DATABASE_URL ? "postgres" : "pglite",
  cards: cardIds.length,
  columns: columns.length,
  loader: { p50: pct(loaderMs, 50), p95: pct(loaderMs, 95) },
  move: { p50: pct(moveMs, 50), p95: pct(moveMs, 95) },
  loaderJsonBytes: Buffer.byteLength(payload),
  loaderJsonGzipBytes: gzipSync(payload).length,
  projectId: project.id,
  cardIds: cardIds.slice(0, 200),
  columnIds: columns.map((c) => c.id),
  cookie,
};
writeFileSync(process.env.BENCH_OUT!, JSON.stringify(result));
await closeDb();
process.exit(0);
