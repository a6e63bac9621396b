import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { SCHEMA_VERSION, type ComponentDefinition, type WireframeElement } from "~/lib/wireframes/document";
import { mergeDefinitions } from "~/lib/wireframes/editor/merge";
import { defaultElement } from "~/lib/wireframes/elements";
import { readProblem } from "~/lib/problem";
import { addRole, makeWorkspace } from "~/.server/wireframes/test-support";
import { action as componentAction } from "./api.wireframes.components_.$id.server";
import { action as componentsAction, loader as componentsLoader } from "./api.wireframes.components.server";

/**
 * Main components over their JSON routes: every body parsed, every refusal problem details,
 * and a definition saved only over the version it was edited from, so two designers
 * changing one component both keep their change (decisions 013 and 016).
 */
type Args = Parameters<typeof componentAction>[0];
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as unknown as Args;

const definition: ComponentDefinition = {
  schemaVersion: SCHEMA_VERSION,
  width: 200,
  height: 40,
  elements: {
    bg: defaultElement("rectangle", { id: "bg", screenId: "", name: "Background", width: 200, height: 40, fill: "#eeeeee" }),
    label: defaultElement("text", { id: "label", screenId: "", name: "Label", x: 8, y: 8, width: 184, text: "Main" }),
  },
};

const changed = (d: ComponentDefinition, id: string, change: Partial<WireframeElement>): ComponentDefinition => ({
  ...d,
  elements: { ...d.elements, [id]: { ...d.elements[id]!, ...change } as WireframeElement },
});

async function send(userId: string, url: string, body: unknown, method = "POST") {
  const init = { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? null : JSON.stringify(body) };
  return authedRequest(userId, url, init);
}

async function create(userId: string) {
  const res = await componentsAction(args(await send(userId, "/api/wireframes/components", { name: "Chip", definition })));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; version: number };
}

async function save(userId: string, id: string, body: unknown) {
  const res = await componentAction(args(await send(userId, `/api/wireframes/components/${id}`, body), { id }));
  return { res, body: (await res.json()) as Record<string, unknown> };
}

/** What a designer opening the editor reads: the component as listed now. */
async function open(userId: string, id: string) {
  const res = await componentsLoader(args(await authedRequest(userId, "/api/wireframes/components")));
  const { components } = (await res.json()) as { components: { id: string; version: number; definition: ComponentDefinition }[] };
  return components.find((c) => c.id === id)!;
}

describe("main components: two designers, one component", () => {
  beforeEach(resetDb);

  it("both change it: the stale save is a 409 carrying the other's change; merged and saved, nothing is lost", async () => {
    const ws = await makeWorkspace();
    const ana = ws.user.id;
    const ben = (await addRole(ws.workspace.id, "member")).user.id;
    const { id } = await create(ana);
    const anaOpened = await open(ana, id);
    const benOpened = await open(ben, id);
    expect(benOpened.version).toBe(1);

    // Ana changes the label and saves first.
    const anaSaved = await save(ana, id, { definition: changed(anaOpened.definition, "label", { text: "Buy now" }), baseVersion: 1 });
    expect(anaSaved.body).toEqual({ version: 2 });

    // Ben changed the background on version 1: refused, nothing written, Ana's version sent back.
    const benMine = changed(benOpened.definition, "bg", { fill: "#ff0000" });
    const refused = await save(ben, id, { definition: benMine, baseVersion: 1 });
    expect(refused.res.status).toBe(409);
    expect(refused.res.headers.get("Content-Type")).toBe("application/problem+json");
    const problem = readProblem(refused.body)!;
    expect(problem).toMatchObject({ status: 409, code: "version_conflict", type: "/docs/api/problems/version-conflict" });
    expect(problem.detail).toContain("Chip");
    const current = problem.current as { version: number; definition: ComponentDefinition; updatedBy: { name: string } | null };
    expect(current.version).toBe(2);
    expect(current.definition.elements.label).toMatchObject({ text: "Buy now" });
    expect(current.updatedBy?.name).toBeTruthy();
    expect((await open(ana, id)).definition.elements.bg).toMatchObject({ fill: "#eeeeee" });

    // Ben's editor merges (the editor's own merge) and saves over version 2.
    const merged = mergeDefinitions(benOpened.definition, benMine, current.definition);
    expect(merged.conflicts).toEqual([]);
    expect((await save(ben, id, { definition: merged.definition, baseVersion: current.version })).body).toEqual({ version: 3 });

    // Each sees the other's change.
    for (const who of [ana, ben]) {
      const now = await open(who, id);
      expect(now.version).toBe(3);
      expect(now.definition.elements.label).toMatchObject({ text: "Buy now" });
      expect(now.definition.elements.bg).toMatchObject({ fill: "#ff0000" });
    }
  });

  it("saves sent at once over the same version: one is written, the other is refused with it", async () => {
    const ws = await makeWorkspace();
    const ben = (await addRole(ws.workspace.id, "member")).user.id;
    const { id } = await create(ws.user.id);
    const [a, b] = await Promise.all([
      save(ws.user.id, id, { definition: changed(definition, "label", { text: "A" }), baseVersion: 1 }),
      save(ben, id, { definition: changed(definition, "label", { text: "B" }), baseVersion: 1 }),
    ]);
    expect([a.res.status, b.res.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.res.status === 200 ? [a, b] : [b, a];
    const current = lost.body.current as { version: number; definition: ComponentDefinition };
    expect(current.version).toBe(won.body.version);
    // The same property both ways: the merge names it for the person to decide.
    const merged = mergeDefinitions(definition, changed(definition, "label", { text: won === a ? "B" : "A" }), current.definition);
    expect(merged.conflicts).toMatchObject([{ elementId: "label", key: "text", theirs: won === a ? "A" : "B" }]);
  });

  it("a definition without the version it was edited from is refused; a rename needs none", async () => {
    const ws = await makeWorkspace();
    const { id } = await create(ws.user.id);
    const noBase = await save(ws.user.id, id, { definition });
    expect(noBase.res.status).toBe(400);
    expect(readProblem(noBase.body)).toMatchObject({ code: "invalid_request", errors: [{ field: "baseVersion" }] });
    expect((await save(ws.user.id, id, { name: "Chip 2" })).body).toEqual({ version: 2 });
  });
});

describe("main components' JSON routes answer problem details", () => {
  beforeEach(resetDb);

  it("creates, updates and deletes; 400 naming the invalid values; 404 across workspaces; 405 with Allow", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    const { id } = await create(ws.user.id);

    const bad = await componentsAction(
      args(await send(ws.user.id, "/api/wireframes/components", { name: "X", definition: { schemaVersion: 1 } })),
    );
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Content-Type")).toBe("application/problem+json");
    expect(readProblem(await bad.json())?.errors?.[0]?.field).toBe("definition.width");

    const badBody = await save(ws.user.id, id, { definition, baseVersion: "one" });
    expect(badBody.res.status).toBe(400);
    expect(readProblem(badBody.body)).toMatchObject({ code: "validation_failed", errors: [{ field: "baseVersion" }] });
    const noName = await componentsAction(args(await send(ws.user.id, "/api/wireframes/components", { definition })));
    expect(readProblem(await noName.json())).toMatchObject({ status: 400, errors: [{ field: "name" }] });

    const theirs = await save(other.user.id, id, { name: "Mine" });
    expect(theirs.res.status).toBe(404);
    expect(readProblem(theirs.body)?.code).toBe("not_found");

    const put = await componentAction(args(await send(ws.user.id, `/api/wireframes/components/${id}`, { name: "Y" }, "PUT"), { id }));
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("POST, DELETE");
    expect(readProblem(await put.json())?.code).toBe("method_not_allowed");
    const patchAll = await componentsAction(args(await send(ws.user.id, "/api/wireframes/components", {}, "PATCH")));
    expect(patchAll.headers.get("Allow")).toBe("GET, POST");

    const gone = await componentAction(args(await send(ws.user.id, `/api/wireframes/components/${id}`, undefined, "DELETE"), { id }));
    expect(await gone.json()).toEqual({ detached: 0 });
  });
});
