// Changing a token's type through the friendly editor: the type select (a GET form without
// JavaScript: `?type=` shows the new type's fields), the value checked against the new type, and
// a change refused at the type field when tokens aliasing this one would no longer fit.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, formRequest } from "../../tests/support/factories";
import { effectiveSystem } from "~/.server/design";
import { makeWorkspace, memberContextOf } from "~/.server/wireframes/test-support";
import { renderAt, textOf } from "~/components/design-system/test-render";
import { DesignManagerPage } from "~/components/design-system/design-manager-page";
import type { DesignData } from "~/components/design-system/types";
import { getToken } from "~/lib/design-tokens/tree";
import { action, loader } from "./_app.design.server";

beforeEach(resetDb);

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

async function setup() {
  const ws = await makeWorkspace();
  const post = async (body: Record<string, string>) => {
    const out: unknown = await action(args(formRequest(await authedRequest(ws.user.id, "/design?tab=tokens"), body))).catch(
      (thrown: unknown) => thrown,
    );
    if (out instanceof Response) return { status: out.status, errors: {} as Record<string, string[]> };
    const d = out as { data: { error?: Record<string, string[]> }; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, errors: d.data.error ?? {} };
  };
  const tokenOf = async (set: string, path: string) => {
    const { doc } = await effectiveSystem(await memberContextOf(ws.user.id), null);
    return getToken(doc.sets.find((s) => s.name === set)!.tokens, path);
  };
  return { ...ws, post, tokenOf };
}

describe("changing a token's type", () => {
  it("shows the new type's fields for ?type= (the form without JavaScript), the old type named", async () => {
    const { user } = await setup();
    const url = "/design?tab=tokens&edit=core%3Acolor.gray.900&type=dimension";
    const data = (await loader(args(await authedRequest(user.id, url)))) as unknown as DesignData;
    expect(data.editing).toMatchObject({ path: "color.gray.900", type: "dimension", storedType: "color" });
    const html = await renderAt(<DesignManagerPage data={data} reply={undefined} />, url);
    expect(html).toMatch(/<option value="dimension" selected="">Dimension<\/option>/);
    expect(html).toContain('<input type="hidden" name="type" value="dimension"/>');
    expect(html).toMatch(/<input[^>]*name="amount"/);
    expect(html).not.toMatch(/<input[^>]*name="hex"/);
    const text = textOf(html);
    expect(text).toContain("Show its fields");
    expect(text).toContain("Changing the type from Colour");
    // The type form keeps the page's other parameters.
    expect(html).toMatch(/<input type="hidden" name="edit" value="core:color.gray.900"\/>/);
  });

  it("saves a token under its new type, its value checked against that type", async () => {
    const { post, tokenOf } = await setup();
    expect((await post({ intent: "save-token", set: "core", path: "misc.x", type: "number", mode: "value", number: "3" })).status).toBe(
      303,
    );
    const bad = await post({
      intent: "save-token",
      set: "core",
      path: "misc.x",
      originalPath: "misc.x",
      type: "dimension",
      mode: "value",
      amount: "lots",
    });
    expect(bad.status).toBe(400);
    expect(bad.errors.amount).toEqual(["Enter a number."]);
    expect((await tokenOf("core", "misc.x"))!.$value).toBe(3);
    const good = await post({
      intent: "save-token",
      set: "core",
      path: "misc.x",
      originalPath: "misc.x",
      type: "dimension",
      mode: "value",
      amount: "4",
      unit: "rem",
    });
    expect(good.status).toBe(303);
    expect(await tokenOf("core", "misc.x")).toMatchObject({ $type: "dimension", $value: { value: 4, unit: "rem" } });
  });

  it("refuses at the type field when tokens aliasing it would no longer fit, naming them", async () => {
    const { post, tokenOf } = await setup();
    const refused = await post({
      intent: "save-token",
      set: "core",
      path: "color.gray.900",
      originalPath: "color.gray.900",
      type: "dimension",
      mode: "value",
      amount: "2",
      unit: "px",
    });
    expect(refused.status).toBe(400);
    const message = refused.errors.type?.[0] ?? "";
    expect(message).toMatch(/^These tokens alias color\.gray\.900 as a color token and would no longer fit: /);
    expect(message).toContain("light: color.text.primary");
    expect(message).toContain("dark: color.surface.default");
    expect(message).toContain("or keep the type color.");
    expect(((await tokenOf("core", "color.gray.900"))!.$value as { hex: string }).hex).toBe("#0f172a");
  });
});
