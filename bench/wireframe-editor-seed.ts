/**
 * Run by bench/wireframe-editor.ts under vite-node (the app's modules and migrator): a
 * workspace with one wireframe whose screen holds ELEMENTS elements (every element type,
 * groups two deep, hidden ones) written through the patch service, with a cluster of
 * DRAG elements on the right of the screen that the benchmark selects with a marquee.
 * Writes the wireframe's id, the cluster's box and a signed-in session cookie to $BENCH_OUT.
 */
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createSession } from "~/.server/auth/session";
import { closeDb, db, ensureDb, schema } from "~/.server/db";
import { createProject } from "~/.server/projects/projects";
import { applyPatch, createWireframe, getWireframe } from "~/.server/wireframes";
import { createWorkspace, getMemberContext } from "~/.server/workspaces";
import type { Op, WireframeElement } from "~/lib/wireframes/document";
import { ancestry } from "~/lib/wireframes/editor/tree";
import { defaultElement, newId } from "~/lib/wireframes/elements";
import { keysBetween } from "~/lib/wireframes/order";
import { sampleDocument } from "~/lib/wireframes/sample";

const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 1000);
const DRAG = Number(process.env.BENCH_DRAG ?? 50);

await ensureDb();
const [user] = await db()
  .insert(schema.users)
  .values({ email: `bench-wf-${Date.now()}@example.test`, fullName: "Bench Owner", emailVerifiedAt: new Date() })
  .returning();
const ws = await createWorkspace(user!.id, "Bench workspace");
await db().update(schema.workspaces).set({ planId: "enterprise" }).where(eq(schema.workspaces.id, ws.id));
const cookie = (await createSession(new Request("http://localhost/"), user!.id)).split(";")[0]!;
const member = await getMemberContext(new Request("http://localhost/wireframes", { headers: { Cookie: cookie } }));
const project = await createProject(member, { name: "Wireframe benchmark" });

const { id } = await createWireframe(member, { projectId: project.id, name: "A busy screen", device: "desktop" });
const screenId = Object.keys((await getWireframe(member, id)).document.screens)[0]!;

// The sample's elements, squeezed into the left 70 % of the screen…
const sample = sampleDocument(ELEMENTS - DRAG);
const squeeze = (el: WireframeElement): WireframeElement => {
  const moved = { ...el, screenId, x: Math.round(el.x * 0.7), width: Math.max(1, Math.round(el.width * 0.7)) } as WireframeElement;
  if (moved.type === "line" || moved.type === "arrow") {
    const [x1, y1, x2, y2] = moved.points;
    return { ...moved, points: [Math.round(x1 * 0.7), y1, Math.round(x2 * 0.7), y2] };
  }
  return moved;
};
const elements = Object.values(sample.elements)
  .map(squeeze)
  .sort((a, b) => ancestry(sample.elements, a.id).length - ancestry(sample.elements, b.id).length);

// …and the cluster to drag on the right, on top of everything.
const topKeys = elements.filter((e) => e.parentId === null).map((e) => e.order);
const keys = keysBetween(topKeys.sort().at(-1) ?? null, null, DRAG);
const cluster = { x: 1080, y: 80, width: 5 * 70, height: Math.ceil(DRAG / 5) * 70 };
for (let i = 0; i < DRAG; i++) {
  const at = {
    id: newId(),
    screenId,
    order: keys[i]!,
    x: cluster.x + (i % 5) * 70,
    y: cluster.y + Math.floor(i / 5) * 70,
    width: 60,
    height: 50,
  };
  elements.push(i % 2 ? defaultElement("ui", { ...at, component: "button" }) : defaultElement("rectangle", at));
}

// Written the way the editor writes: patches through the service (2,000 ops at most each).
const ops: Op[] = elements.map((element) => ({ op: "add-element", element }));
for (let i = 0; i < ops.length; i += 1000) await applyPatch(member, id, { clientId: "bench-seed", ops: ops.slice(i, i + 1000) });

writeFileSync(
  process.env.BENCH_OUT!,
  JSON.stringify({
    wireframeId: id,
    elements: elements.length,
    topLevel: elements.filter((e) => e.parentId === null && !e.hidden).length,
    drag: DRAG,
    cluster,
    cookie,
    driver: process.env.DATABASE_URL ? "postgres" : "pglite",
  }),
);
await closeDb();
process.exit(0);
