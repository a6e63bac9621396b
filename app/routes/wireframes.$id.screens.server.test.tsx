import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { defaultElement } from "~/lib/wireframes/elements";
import { applyPatch, createWireframe, getWireframe, uploadImage } from "~/.server/wireframes";
import { addRole, makeWorkspace, PNG_BYTES } from "~/.server/wireframes/test-support";
import { ReadOnlyWireframe } from "~/components/wireframes/pages/read-only-wireframe";
import { loader } from "./wireframes.$id.screens.$screen.server";

/** GET /wireframes/:id/screens/:screenId.svg, and the editor's read-only view that shows it as <img>. */

type Args = Parameters<typeof loader>[0];
const get = async (userId: string, url: string, headers: Record<string, string> = {}) => {
  const match = /^\/wireframes\/([^/]+)\/screens\/([^/?]+)/.exec(url)!;
  const request = await authedRequest(userId, url, { headers });
  return loader({ request, params: { id: match[1]!, screen: decodeURIComponent(match[2]!) }, context: {} } as unknown as Args);
};

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Home", device: "desktop" });
  const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
  return { ...ws, id, screenId };
}

describe("a screen as an SVG file", () => {
  beforeEach(resetDb);

  it("draws the screen for any member, with its images inlined, revalidated by an ETag that changes with each edit", async () => {
    const ws = await setup();
    const { fileId } = await uploadImage(ws.owner, ws.id, new File([PNG_BYTES], "p.png", { type: "image/png" }));
    await applyPatch(ws.owner, ws.id, {
      clientId: "c",
      ops: [
        { op: "add-element", element: defaultElement("rectangle", { id: "r", screenId: ws.screenId, fill: "#123456" }) },
        { op: "add-element", element: defaultElement("image", { id: "i", screenId: ws.screenId, fileId }) },
      ],
    });
    const viewer = await addRole(ws.workspace.id, "viewer");
    const url = `/wireframes/${ws.id}/screens/${ws.screenId}.svg?v=1`;
    const res = await get(viewer.user.id, url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 1440 900" width="1440" height="900"/);
    expect(svg).toContain("<title>Screen 1</title>");
    expect(svg).toContain('fill="#123456"');
    expect(svg).toContain(`href="data:image/png;base64,${Buffer.from(PNG_BYTES).toString("base64")}"`);
    const etag = res.headers.get("ETag")!;
    expect((await get(ws.user.id, url, { "If-None-Match": etag })).status).toBe(304);
    await applyPatch(ws.owner, ws.id, { clientId: "c", ops: [{ op: "set-element", id: "r", key: "fill", value: "#654321" }] });
    const changed = await get(ws.user.id, `/wireframes/${ws.id}/screens/${ws.screenId}.svg?v=2`, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('fill="#654321"');
  });

  it("is a 404 for another workspace's wireframe, a missing screen or wireframe, or an address without .svg", async () => {
    const ws = await setup();
    const other = await makeWorkspace();
    expect((await get(other.user.id, `/wireframes/${ws.id}/screens/${ws.screenId}.svg`)).status).toBe(404);
    expect((await get(ws.user.id, `/wireframes/${ws.id}/screens/nope.svg`)).status).toBe(404);
    expect((await get(ws.user.id, `/wireframes/${ws.id}/screens/${ws.screenId}`)).status).toBe(404);
    expect((await get(ws.user.id, `/wireframes/00000000-0000-4000-8000-000000000000/screens/${ws.screenId}.svg`)).status).toBe(404);
    expect((await get(ws.user.id, `/wireframes/junk/screens/${ws.screenId}.svg`)).status).toBe(404);
  });

  it("the read-only view is small: an <img> per screen instead of its drawing", async () => {
    const ws = await setup();
    const many = Array.from({ length: 1000 }, (_, i) =>
      defaultElement("rectangle", { id: `e${i}`, screenId: ws.screenId, x: (i % 40) * 30, y: Math.floor(i / 40) * 30 }),
    );
    await applyPatch(ws.owner, ws.id, { clientId: "c", ops: many.map((element) => ({ op: "add-element" as const, element })) });
    const wf = await getWireframe(ws.owner, ws.id);
    const html = renderToStaticMarkup(
      <StaticRouter location="/">
        <ReadOnlyWireframe data={{ wireframe: { ...wf, seq: wf.seq }, components: {}, linkedCards: [] }} />
      </StaticRouter>,
    );
    expect(html).toContain(
      `<img src="/wireframes/${ws.id}/screens/${ws.screenId}.svg?v=1" alt="Screen 1: Screen 1" width="1440" height="900"`,
    );
    expect(html).not.toContain("<rect");
    expect(html.length).toBeLessThan(5_000);
  });
});
