import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { colorFromHex } from "~/lib/design-tokens/color";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { defaultElement } from "~/lib/wireframes/elements";
import { TOKEN_FALLBACK_COLOR } from "~/lib/wireframes/render";
import { db, schema } from "~/.server/db";
import { createShareLink } from "~/.server/prototypes";
import { applyPatch, createWireframe, getWireframe } from "~/.server/wireframes";
import { makeWorkspace } from "~/.server/wireframes/test-support";
import { loader as pageLoader } from "./p.$token.server";
import { loader as screenLoader } from "./p.$token_.screens.$screen.server";
import { loader as memberScreenLoader } from "./wireframes.$id.screens.$screen.server";

/**
 * GET /p/{token}/screens/{screenId}.svg draws with the shared wireframe's project tokens, as
 * the editor and a member's drawing do, not with the fallbacks; a new token value gives the
 * drawing a new ETag.
 */

/** The project's own system: its two themes replace the base's of the same names; the editor opens the first. */
const system = (brand: string): DesignSystemDoc => ({
  sets: [
    { name: "proto-core", tokens: { brand: { $type: "color", $value: colorFromHex(brand) } } },
    { name: "proto-dark", tokens: { brand: { $type: "color", $value: colorFromHex("#0b1020") } } },
  ],
  themes: [
    { name: "light", sets: ["proto-core"] },
    { name: "dark", sets: ["proto-core", "proto-dark"] },
  ],
});

let ip = 0;
const fromIp = () => ({ "X-Atelier-Client-Ip": `203.0.113.${++ip % 250}` });

async function setup() {
  const ws = await makeWorkspace();
  await db()
    .insert(schema.designSystems)
    .values({ workspaceId: ws.workspace.id, projectId: ws.project.id, document: system("#c026d3") });
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Tokens", device: "desktop" });
  const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
  await applyPatch(ws.owner, id, {
    clientId: "c",
    ops: [
      {
        op: "add-element",
        element: defaultElement("rectangle", { id: "box", screenId, fill: { token: "brand" }, stroke: { token: "brand" } }),
      },
    ],
  });
  const link = await createShareLink(ws.owner, id, { allowFeedback: false });
  return { ...ws, id, screenId, link };
}

async function sharedDrawing(token: string, headers: Record<string, string> = {}) {
  const page = (await pageLoader({
    request: new Request(`http://localhost/p/${token}`, { headers: fromIp() }),
    params: { token },
    context: {},
  } as unknown as Parameters<typeof pageLoader>[0])) as unknown as { view: { src: string; screen: { id: string } } };
  return screenLoader({
    request: new Request(`http://localhost${page.view.src}`, { headers: { ...fromIp(), ...headers } }),
    params: { token, screen: `${page.view.screen.id}.svg` },
    context: {},
  } as unknown as Parameters<typeof screenLoader>[0]);
}

describe("a share link's screen drawing and design tokens", () => {
  beforeEach(resetDb);

  it("draws token colours with the project's values, as a member's drawing does, not the fallback", async () => {
    const ws = await setup();
    const shared = await sharedDrawing(ws.link.token);
    expect(shared.status).toBe(200);
    const svg = await shared.text();
    expect(svg).toContain('fill="#c026d3"');
    expect(svg).toContain('stroke="#c026d3"');
    expect(svg).not.toContain(TOKEN_FALLBACK_COLOR);
    // Only the drawn value reaches the link: neither the other theme's value nor a token path.
    expect(svg).not.toContain("#0b1020");
    expect(svg).not.toContain("brand");

    const member = await memberScreenLoader({
      request: await authedRequest(ws.user.id, `/wireframes/${ws.id}/screens/${ws.screenId}.svg`),
      params: { id: ws.id, screen: `${ws.screenId}.svg` },
      context: {},
    } as unknown as Parameters<typeof memberScreenLoader>[0]);
    const memberSvg = await member.text();
    const box = (s: string) => /<rect[^>]*fill="#c026d3"[^>]*>/.exec(s)?.[0];
    expect(box(svg)).toBeDefined();
    expect(box(svg)).toBe(box(memberSvg));
  });

  it("answers 304 while the tokens are unchanged, and draws the new value once the token changes", async () => {
    const ws = await setup();
    const first = await sharedDrawing(ws.link.token);
    const etag = first.headers.get("ETag")!;
    expect((await sharedDrawing(ws.link.token, { "If-None-Match": etag })).status).toBe(304);
    await db()
      .update(schema.designSystems)
      .set({ document: system("#0d9488") })
      .where(eq(schema.designSystems.projectId, ws.project.id));
    const changed = await sharedDrawing(ws.link.token, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('fill="#0d9488"');
  });

  it("uses the workspace's base system for a project without one of its own", async () => {
    const ws = await setup();
    await db().delete(schema.designSystems).where(eq(schema.designSystems.projectId, ws.project.id));
    await db()
      .insert(schema.designSystems)
      .values({ workspaceId: ws.workspace.id, projectId: null, document: system("#ea580c") });
    expect(await (await sharedDrawing(ws.link.token)).text()).toContain('fill="#ea580c"');
  });
});
