/**
 * Run by bench/prototype-player.ts under vite-node (the app's modules and migrator): a
 * workspace with one wireframe of three screens, the first holding ELEMENTS elements (every
 * element type, groups, instances-free) and 20 hotspots, the second opening the third as an
 * overlay; and a share link. Writes the ids, a signed-in session cookie and the link's token
 * to $BENCH_OUT.
 */
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createSession } from "~/.server/auth/session";
import { closeDb, db, ensureDb, schema } from "~/.server/db";
import { createProject } from "~/.server/projects/projects";
import { createShareLink } from "~/.server/prototypes";
import { applyPatch, createWireframe, getWireframe } from "~/.server/wireframes";
import { createWorkspace, getMemberContext } from "~/.server/workspaces";
import type { Op, WireframeElement } from "~/lib/wireframes/document";
import { ancestry } from "~/lib/wireframes/editor/tree";
import { defaultElement } from "~/lib/wireframes/elements";
import { keysBetween } from "~/lib/wireframes/order";
import { sampleDocument } from "~/lib/wireframes/sample";

const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 1000);

await ensureDb();
const [user] = await db()
  .insert(schema.users)
  .values({ email: `bench-proto-${Date.now()}@example.test`, fullName: "Bench Owner", emailVerifiedAt: new Date() })
  .returning();
const ws = await createWorkspace(user!.id, "Bench workspace");
await db().update(schema.workspaces).set({ planId: "enterprise" }).where(eq(schema.workspaces.id, ws.id));
const cookie = (await createSession(new Request("http://localhost/"), user!.id)).split(";")[0]!;
const member = await getMemberContext(new Request("http://localhost/wireframes", { headers: { Cookie: cookie } }));
const project = await createProject(member, { name: "Prototype benchmark" });
const { id } = await createWireframe(member, { projectId: project.id, name: "A busy prototype", device: "desktop" });
const first = (await getWireframe(member, id)).document.screens;
const home = Object.keys(first)[0]!;
const base = first[home]!;

const sample = sampleDocument(ELEMENTS - 20);
const elements: WireframeElement[] = Object.values(sample.elements)
  .map((e) => ({ ...e, screenId: home }) as WireframeElement)
  .filter((e) => e.type !== "instance")
  .sort((a, b) => ancestry(sample.elements, a.id).length - ancestry(sample.elements, b.id).length);
// The 20 buttons with hotspots lie on top of everything.
const top =
  elements
    .filter((e) => e.parentId === null)
    .map((e) => e.order)
    .sort()
    .at(-1) ?? null;
const keys = keysBetween(top, null, 20);
const buttons = Array.from({ length: 20 }, (_, i) =>
  defaultElement("ui", {
    id: `hot${i}`,
    screenId: home,
    component: "button",
    order: keys[i]!,
    x: 40 + (i % 5) * 200,
    y: 600 + Math.floor(i / 5) * 60,
  }),
);
const ops: Op[] = [
  { op: "add-screen", screen: { ...base, id: "detail", name: "Detail", order: "a1" } },
  { op: "add-screen", screen: { ...base, id: "menu", name: "Menu", order: "a2", width: 400, height: 500 } },
  ...[...elements, ...buttons].map((element) => ({ op: "add-element", element }) as Op),
  { op: "add-element", element: defaultElement("ui", { id: "open", screenId: "detail", component: "button", x: 40, y: 40 }) },
  ...buttons.map(
    (b, i) =>
      ({
        op: "add-interaction",
        interaction: {
          id: `i${i}`,
          source: { elementId: b.id },
          order: "a0",
          trigger: { type: "click" },
          action: { type: "navigate", screenId: "detail" },
        },
      }) as Op,
  ),
  {
    op: "add-interaction",
    interaction: {
      id: "ov",
      source: { elementId: "open" },
      order: "a0",
      trigger: { type: "click" },
      action: { type: "overlay", screenId: "menu", position: null, backdrop: true },
    },
  },
];
for (let i = 0; i < ops.length; i += 1000) await applyPatch(member, id, { clientId: "bench-seed", ops: ops.slice(i, i + 1000) });
const { token } = await createShareLink(member, id, { allowFeedback: true });
const doc = (await getWireframe(member, id)).document;
writeFileSync(
  process.env.BENCH_OUT!,
  JSON.stringify({ wireframeId: id, home, cookie, token, elements: Object.values(doc.elements).filter((e) => e.screenId === home).length }),
);
await closeDb();
