import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { defaultElement } from "~/lib/wireframes/elements";
import { createShareLink, revokeShareLink } from "~/.server/prototypes";
import { applyPatch, createWireframe, getWireframe, uploadImage } from "~/.server/wireframes";
import { makeWorkspace, PNG_BYTES } from "~/.server/wireframes/test-support";
import { loader as pageLoader } from "./p.$token.server";
import { loader } from "./p.$token_.images.$fileId.server";
import { loader as screenLoader } from "./p.$token_.screens.$screen.server";

/**
 * GET /p/{token}/images/{fileId} and /p/{token}/screens/{screenId}.svg: a share link's viewer
 * sees the wireframe's screens and uploaded images, and only those.
 */

type Args = Parameters<typeof loader>[0];
let ip = 0;
const get = (token: string, fileId: string, headers: Record<string, string> = {}) =>
  loader({
    request: new Request(`http://localhost/p/${token}/images/${fileId}`, {
      headers: { "X-Atelier-Client-Ip": `198.51.100.${++ip % 250}`, ...headers },
    }),
    params: { token, fileId },
    context: {},
  } as unknown as Args) as Promise<Response>;

const png = (name: string) => new File([PNG_BYTES], name, { type: "image/png" });

/** A workspace with two wireframes, each showing an image of its own; a link to the first. */
async function setup() {
  const ws = await makeWorkspace();
  const wireframe = async (name: string) => {
    const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name, device: "desktop" });
    const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
    const { fileId } = await uploadImage(ws.owner, id, png(`${name}.png`));
    await applyPatch(ws.owner, id, {
      clientId: "c",
      ops: [{ op: "add-element", element: defaultElement("image", { id: "img", screenId, fileId, alt: name }) }],
    });
    return { id, fileId };
  };
  const shared = await wireframe("Shared");
  const other = await wireframe("Other");
  const link = await createShareLink(ws.owner, shared.id, { allowFeedback: false });
  return { ...ws, shared, other, link };
}

describe("a share link's images", () => {
  beforeEach(resetDb);

  it("the player shows the screen's drawing from the link's own address, with the image in it; the image serves its bytes", async () => {
    const ws = await setup();
    const page = (await pageLoader({
      request: new Request(`http://localhost/p/${ws.link.token}`),
      params: { token: ws.link.token },
      context: {},
    } as unknown as Parameters<typeof pageLoader>[0])) as unknown as { view: { src: string; screen: { id: string } } };
    expect(page.view.src).toBe(`/p/${ws.link.token}/screens/${page.view.screen.id}.svg?v=1`);
    const drawing = await screenLoader({
      request: new Request(`http://localhost${page.view.src}`, { headers: { "X-Atelier-Client-Ip": "198.51.100.251" } }),
      params: { token: ws.link.token, screen: `${page.view.screen.id}.svg` },
      context: {},
    } as unknown as Parameters<typeof screenLoader>[0]);
    expect(drawing.status).toBe(200);
    expect(drawing.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(drawing.headers.get("ETag")).toBeTruthy();
    expect(await drawing.text()).toContain(`href="data:image/png;base64,${Buffer.from(PNG_BYTES).toString("base64")}"`);
    const res = await get(ws.link.token, ws.shared.fileId);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(PNG_BYTES));
  });

  it("refuses another wireframe's image, another workspace's and a malformed id through the link", async () => {
    const ws = await setup();
    const elsewhere = await setup();
    expect((await get(ws.link.token, ws.other.fileId)).status).toBe(404);
    expect((await get(ws.link.token, elsewhere.shared.fileId)).status).toBe(404);
    expect((await get(ws.link.token, "not-a-uuid")).status).toBe(404);
    // The other wireframe's own link serves it.
    expect((await get(elsewhere.link.token, elsewhere.shared.fileId)).status).toBe(200);
  });

  it("answers 410 once the link is revoked, 404 for an unknown link and 401 before a password is given", async () => {
    const ws = await setup();
    await revokeShareLink(ws.owner, ws.shared.id, ws.link.id);
    const revoked = await get(ws.link.token, ws.shared.fileId);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toMatch(/turned off/);
    expect((await get("x".repeat(32), ws.shared.fileId)).status).toBe(404);
    const locked = await createShareLink(ws.owner, ws.shared.id, { allowFeedback: false, password: "secret-words" });
    expect((await get(locked.token, ws.shared.fileId)).status).toBe(401);
  });
});
