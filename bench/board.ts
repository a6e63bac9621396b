/**
 * npm run bench:board — a board of 2,000 cards in 8 columns:
 *   in-process: the board loader's server time and a card move (p50/p95), the loader's JSON size;
 *   over HTTP against the built production server: the page's HTML size and time,
 *   the single-fetch data size, and a move through the JSON endpoint.
 * Always measures a fresh build of the code as it is (BUILD_DIR reuses one), never a
 * stale build/ folder. Writes its section of docs/performance.md between the board markers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { projectRoot } from "../tests/support/build";
import { startBuiltServer } from "../tests/support/server-process";
import { benchBuild, kb, pct, request, runSeed } from "./support";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

const work = mkdtempSync(path.join(os.tmpdir(), "atelier-bench-board-"));
const dataDir = path.join(work, "data");
const out = path.join(work, "seed.json");
const secret = "bench-board-secret";
type Seed = {
  projectId: string;
  cookie: string;
  cardIds: string[];
  columnIds: string[];
  cards: number;
  columns: number;
  driver: string;
  loader: { p50: number; p95: number };
  move: { p50: number; p95: number };
  loaderJsonBytes: number;
  loaderJsonGzipBytes: number;
};
const s = runSeed<Seed>("bench/board-seed.ts", { DATA_DIR: dataDir, SESSION_SECRET: secret }, out);

// A fresh build of the code as it is (like npm run bench); BUILD_DIR reuses one.
const buildDir = await benchBuild("/tmp/atelier-bench/build-board");
const server = await startBuiltServer({ buildDir, env: { DATA_DIR: dataDir, SESSION_SECRET: secret } });
await server.waitForOutput(/listening on/);
const page = `${server.url}/projects/${s.projectId}`;
const headers = { Cookie: s.cookie, "Accept-Encoding": "identity" };
for (let i = 0; i < 5; i++) await request(page, { headers });
const htmlMs: number[] = [];
let html: Buffer = Buffer.alloc(0);
for (let i = 0; i < ROUNDS; i++) {
  const t = performance.now();
  const r = await request(page, { headers });
  htmlMs.push(performance.now() - t);
  if (r.status !== 200) throw new Error(`board page answered ${r.status}`);
  html = r.body as Buffer;
}
const dataRes = await request(`${server.url}/projects/${s.projectId}.data`, { headers });
const moveMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const body = new URLSearchParams({
    intent: "move-card",
    cardId: s.cardIds[i % s.cardIds.length],
    toColumnId: s.columnIds[(i + 3) % s.columnIds.length],
    index: String((i % 20) + 1),
  }).toString();
  const t = performance.now();
  const r = await request(`${server.url}/api/projects/${s.projectId}/board`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body,
  });
  moveMs.push(performance.now() - t);
  if (r.status !== 200) throw new Error(`move answered ${r.status}: ${r.body.toString()}`);
}
await server.stop();
rmSync(work, { recursive: true, force: true });

const section = `<!-- board:start -->
## Board: ${s.cards} cards in ${s.columns} columns

Command: \`npm run bench:board\` (${ROUNDS} rounds after a warm-up; ${s.driver}; ${os.cpus().length} cores; ${new Date().toISOString().slice(0, 10)}).

| what | p50 | p95 | aim |
|---|---|---|---|
| board loader, in-process (server time) | ${s.loader.p50} ms | ${s.loader.p95} ms | under 50 ms at p50 |
| card move, in-process (one row written + activity + notify) | ${s.move.p50} ms | ${s.move.p95} ms | under 10 ms |
| board page over HTTP (SSR HTML, loopback) | ${pct(htmlMs, 50)} ms | ${pct(htmlMs, 95)} ms | |
| card move over HTTP (JSON endpoint, loopback) | ${pct(moveMs, 50)} ms | ${pct(moveMs, 95)} ms | |

| payload | raw | gzip |
|---|---|---|
| loader data (JSON) | ${kb(s.loaderJsonBytes)} | ${kb(s.loaderJsonGzipBytes)} |
| board page HTML | ${kb(html.length)} | ${kb(gzipSync(html).length)} |
| single-fetch data (\`.data\`) | ${kb(dataRes.body.length)} | ${kb(gzipSync(dataRes.body).length)} |
<!-- board:end -->`;

const file = path.join(projectRoot, "docs/performance.md");
const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
const next = /<!-- board:start -->[\s\S]*<!-- board:end -->/.test(current)
  ? current.replace(/<!-- board:start -->[\s\S]*<!-- board:end -->/, section)
  : `${current.trimEnd()}\n\n${section}\n`;
writeFileSync(file, next);
console.log(section);
process.exit(0);
