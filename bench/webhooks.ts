/**
 * npm run bench:webhooks — how soon a webhook reaches a receiver after the change (issue 22:
 * within 1 s at p95). In-process under vite-node with NODE_ENV=production: the app's services
 * on the embedded database (or DATABASE_URL), the delivery runner as the server starts it, and
 * the test receiver (tests/support/webhook-receiver.ts) on 127.0.0.1, verifying each delivery
 * with the standardwebhooks library. One card is created at a time; the time is from just
 * before the service call to the receiver's verified arrival of that card's delivery.
 * Writes its section of docs/performance.md between the `webhooks` markers (`webhooks-postgres` with DATABASE_URL).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pct } from "./support";

process.env.DATA_DIR ??= "memory://";
process.env.SESSION_SECRET ??= "bench-webhooks-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_TRANSPORT ??= "memory";
process.env.LOG_REQUESTS = "false";
process.env.WEBHOOKS_ALLOW_PRIVATE = "1";

const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const loadAtStart = os.loadavg()[0]!.toFixed(1);

const { ensureDb, closeDb, driver } = await import("~/.server/db");
const { makeOwner, memberOf } = await import("../tests/support/factories");
const { startWebhookReceiver } = await import("../tests/support/webhook-receiver");
const { createProject } = await import("~/.server/projects/projects");
const { loadBoard } = await import("~/.server/projects/board-reads");
const { createCard } = await import("~/.server/projects/cards");
const { createWebhookEndpoint, startWebhooks, stopWebhooks } = await import("~/.server/webhooks");

await ensureDb();
const { user } = await makeOwner();
const member = await memberOf(user.id);
const project = await createProject(member, { name: "Bench" });
const { columns } = await loadBoard(member, project.id);
const receiver = await startWebhookReceiver("whsec_" + Buffer.alloc(32).toString("base64"));
const { secret } = await createWebhookEndpoint(member, { url: receiver.url, description: "bench", kinds: ["card.created"] });
receiver.setSecret(secret);
startWebhooks();

const ms: number[] = [];
for (let i = 0; i < CHANGES + 10; i++) {
  const started = performance.now();
  await createCard(member, project.id, { columnId: columns[0]!.id, title: `Bench ${i}` });
  await receiver.waitFor(i + 1);
  if (i >= 10) ms.push(performance.now() - started); // the first 10 warm up
}
await stopWebhooks();
await receiver.close();
if (receiver.rejected.length) throw new Error(`deliveries that did not verify: ${receiver.rejected.length}`);
const embedded = driver().kind === "pglite";
const database = embedded ? "embedded PGlite" : "Postgres";
const marker = embedded ? "webhooks" : "webhooks-postgres";
await closeDb();

const p50 = pct(ms, 50, 1);
const p95 = pct(ms, 95, 1);
const max = Math.max(...ms).toFixed(1);
const section = `<!-- ${marker}:start -->
${embedded ? "## Webhooks: from a change to the receiver" : "### The same on Postgres"}

Command: \`npm run bench:webhooks\` (in-process, NODE_ENV=production, ${database}; ${CHANGES} card creations one after another after 10 to warm up, each timed from the service call to the local receiver's verified arrival of its \`card.created\` delivery; Node ${process.versions.node}; ${os.cpus().length} cores, load average ${loadAtStart} at the start; ${new Date().toISOString().slice(0, 10)}).

| | p50 | p95 | max | aim |
|---|---|---|---|---|
| change → delivery verified by the receiver | ${p50} ms | ${p95} ms | ${max} ms | p95 under 1,000 ms |
<!-- ${marker}:end -->`;
console.log(section);
const file = path.join(process.cwd(), "docs/performance.md");
const current = existsSync(file) ? readFileSync(file, "utf8") : "";
const pattern = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
