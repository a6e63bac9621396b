/**
 * npm run bench:wireframes — the wireframe targets of issue 8, measured in-process (under
 * vite-node, so the app's own modules and migrator run; NODE_ENV=production, so React is
 * its production build, as on the server):
 *   - the server renders a 1,000-element screen's SVG (aim: under 50 ms);
 *   - a patch for one element on the wire (aim: under 1 KB);
 *   - applying a patch: the pure applyOps, and applyPatch against the embedded database
 *     with a 1,000-element wireframe (row lock, document write, op log, notify);
 *   - a patch's way to an events-stream subscriber in the same process.
 * Writes its section of docs/performance.md between the `wireframes` markers.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ComponentDefinition } from "~/lib/wireframes/document";
import { kb, pct as percentile } from "./support";

process.env.DATA_DIR ??= "memory://";
process.env.SESSION_SECRET ??= "bench-wireframes-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.MAIL_TRANSPORT ??= "memory";
process.env.LOG_REQUESTS = "false";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
// Other work on the machine inflates every figure: the section says how busy it was.
const loadAtStart = os.loadavg()[0]!.toFixed(1);
const ELEMENTS = 1000;

const { sampleDocument } = await import("~/lib/wireframes/sample");
const { ScreenSvg } = await import("~/lib/wireframes/render");
const { applyOps } = await import("~/lib/wireframes/ops");
const { defaultElement } = await import("~/lib/wireframes/elements");
const { SCHEMA_VERSION } = await import("~/lib/wireframes/document");

const pct = (xs: number[], p: number) => percentile(xs, p, 2);
function time(rounds: number, fn: () => unknown): number[] {
  for (let i = 0; i < 5; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}
async function timeAsync(rounds: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(-1 - i);
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}
const bytes = (s: string) => Buffer.byteLength(s, "utf8");

// A main component for the instances among the 1,000 elements.
const COMPONENT_ID = "7a1c2a4e-9d7b-4c55-8d43-0b1f5f1b2c3d";
const definition: ComponentDefinition = {
  schemaVersion: SCHEMA_VERSION,
  width: 200,
  height: 40,
  elements: {
    bg: defaultElement("rectangle", { id: "bg", screenId: "", width: 200, height: 40 }),
    label: defaultElement("text", { id: "label", screenId: "", x: 8, y: 8, width: 184, text: "Label" }),
  },
};
const components = { [COMPONENT_ID]: { definition } };
const doc = sampleDocument(ELEMENTS, { componentId: COMPONENT_ID });
const screenId = Object.keys(doc.screens)[0]!;

// 1. The server renders the screen's SVG.
let markup = "";
const renderMs = time(ROUNDS, () => {
  markup = renderToStaticMarkup(createElement(ScreenSvg, { doc, screenId, components }));
});

// 2. Patches on the wire (the JSON body the editor posts).
const ids = Object.keys(doc.elements);
const one = doc.elements[ids[10]!]!;
const button = defaultElement("ui", { screenId, component: "button", x: 120, y: 340 });
const clientId = "c-4f9a2b7e1d3c";
const wire = {
  "add a button": JSON.stringify({ clientId, ops: [{ op: "add-element", element: button }] }),
  "move one element (x and y)": JSON.stringify({
    clientId,
    ops: [
      { op: "set-element", id: one.id, key: "x", value: 128 },
      { op: "set-element", id: one.id, key: "y", value: 352 },
    ],
  }),
  "change one element's text": JSON.stringify({ clientId, ops: [{ op: "set-element", id: button.id, key: "text", value: "Continue" }] }),
};

// 3. applyOps, pure (what the editor does on every local edit and remote patch).
const moveOne = [
  { op: "set-element" as const, id: one.id, key: "x", value: 128 },
  { op: "set-element" as const, id: one.id, key: "y", value: 352 },
];
const fifty = ids.slice(0, 50).flatMap((id) => [
  { op: "set-element" as const, id, key: "x", value: 10 },
  { op: "set-element" as const, id, key: "y", value: 10 },
]);
const applyOneMs = time(ROUNDS * 10, () => applyOps(doc, moveOne));
const applyFiftyMs = time(ROUNDS * 10, () => applyOps(doc, fifty));

// 4 and 5. The server: applyPatch with the embedded database, and a subscriber's stream.
const { closeDb, db, ensureDb, schema, driver } = await import("~/.server/db");
const { createWorkspace, getMemberContext } = await import("~/.server/workspaces");
const { createSession } = await import("~/.server/auth/session");
const { applyPatch, wireframeEvents } = await import("~/.server/wireframes");
const { stopRealtime } = await import("~/.server/realtime");
await ensureDb();
const [user] = await db()
  .insert(schema.users)
  .values({ email: `bench-${Date.now()}@example.test`, fullName: "Bench Owner", emailVerifiedAt: new Date() })
  .returning();
const ws = await createWorkspace(user!.id, "Bench workspace");
const cookie = (await createSession(new Request("http://localhost/"), user!.id)).split(";")[0]!;
const member = await getMemberContext(new Request("http://localhost/", { headers: { Cookie: cookie } }));
const [project] = await db().insert(schema.projects).values({ workspaceId: ws.id, name: "Bench", createdBy: user!.id }).returning();
const [wf] = await db()
  .insert(schema.wireframes)
  .values({ workspaceId: ws.id, projectId: project!.id, name: "Busy screen", document: doc, createdBy: user!.id, updatedBy: user!.id })
  .returning();
const patchMs = await timeAsync(ROUNDS, (i) =>
  applyPatch(member, wf!.id, {
    clientId,
    ops: [
      { op: "set-element", id: one.id, key: "x", value: 100 + i },
      { op: "set-element", id: one.id, key: "y", value: 200 + i },
    ],
  }),
);

// A subscriber: time from applyPatch's call to the event's arrival on the stream.
const abort = new AbortController();
const stream = await wireframeEvents(new Request("http://localhost/", { signal: abort.signal }), member, wf!.id);
const reader = stream.body!.getReader();
const decoder = new TextDecoder();
let buffer = "";
async function nextPatch(): Promise<void> {
  for (;;) {
    const cut = buffer.indexOf("\n\n");
    if (cut >= 0) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (frame.startsWith("event: patch")) return;
      continue;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    buffer += decoder.decode(value, { stream: true });
  }
}
const liveMs = await timeAsync(Math.min(ROUNDS, 30), async (i) => {
  const arrived = nextPatch();
  await applyPatch(member, wf!.id, { clientId, ops: [{ op: "set-element", id: one.id, key: "x", value: 500 + i }] });
  await arrived;
});
abort.abort();
await stopRealtime();
const driverName = driver().kind;
await closeDb();

const rows = (name: string, xs: number[], aim = "") => `| ${name} | ${pct(xs, 50)} ms | ${pct(xs, 95)} ms | ${aim} |`;
const section = `<!-- wireframes:start -->
## Wireframes: a screen of ${ELEMENTS} elements

Command: \`npm run bench:wireframes\` (in-process, NODE_ENV=production; ${ROUNDS} rounds after a warm-up; ${driverName}; ${os.cpus().length} cores, load average ${loadAtStart} at the start; ${new Date().toISOString().slice(0, 10)}).
The screen mixes every element type, the 22 UI components, the icons, groups two levels deep, instances of a main component and hidden elements.

| what | p50 | p95 | aim |
|---|---|---|---|
${rows(`server renders the screen's SVG (renderToStaticMarkup of ScreenSvg)`, renderMs, "under 50 ms")}
${rows("applyOps: move one element (2 ops), pure", applyOneMs)}
${rows("applyOps: move 50 elements (100 ops), pure", applyFiftyMs, "a frame is 16 ms")}
${rows("applyPatch: move one element (row lock, document write, op log, notify)", patchMs)}
${rows("a patch reaching an events-stream subscriber (same process, LISTEN/NOTIFY)", liveMs, "under 1 s")}

| on the wire | size | aim |
|---|---|---|
${Object.entries(wire)
  .map(([name, body]) => `| patch: ${name} | ${bytes(body)} B | under 1 KB |`)
  .join("\n")}
| the screen's SVG markup | ${kb(bytes(markup))} raw, ${kb(gzipSync(markup).length)} gzip | |
<!-- wireframes:end -->`;

const file = path.join(process.cwd(), "docs/performance.md");
const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
const pattern = /<!-- wireframes:start -->[\s\S]*<!-- wireframes:end -->/;
writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
console.log(section);
const tooBig = Object.values(wire).some((b) => bytes(b) >= 1024);
if (tooBig || pct(renderMs, 50) >= 50) process.exitCode = 1;
