// The tokens tab of a large design system (issue 9's 2,000 tokens, 500 aliases, 3 themes): a
// page at a time, narrowed by a filter and a group through plain GET links and forms, only the
// visible tokens' values sent, and a saved token shown on its page.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, formRequest } from "../../tests/support/factories";
import { benchSystem } from "../../bench/design-system";
import { replaceSystem } from "~/.server/design";
import { makeWorkspace, memberContextOf } from "~/.server/wireframes/test-support";
import { renderAt, textOf } from "~/components/design-system/test-render";
import { DesignManagerPage } from "~/components/design-system/design-manager-page";
import type { DesignData } from "~/components/design-system/types";
import { TOKEN_PAGE_SIZE } from "~/lib/design-tokens/listing";
import { action, loader } from "./_app.design.server";

beforeEach(resetDb);

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

async function setup() {
  const ws = await makeWorkspace();
  await replaceSystem(await memberContextOf(ws.user.id), null, benchSystem());
  const page = async (url: string) => {
    const data = (await loader(args(await authedRequest(ws.user.id, url)))) as unknown as DesignData;
    return { data, html: await renderAt(<DesignManagerPage data={data} reply={undefined} />, url) };
  };
  return { ...ws, page };
}

const rowsOf = (data: DesignData) => data.sets.flatMap((s) => s.tokens.map((t) => `${s.name}:${t.path}`));

describe("/design tokens tab, a large system", { timeout: 120_000 }, () => {
  it("sends and draws one page of tokens, with each theme's value for those only", async () => {
    const { page } = await setup();
    const { data, html } = await page("/design");
    expect(data.listing).toMatchObject({
      page: 1,
      pages: Math.ceil(2000 / TOKEN_PAGE_SIZE),
      total: 2000,
      matching: 2000,
      q: "",
      group: "",
    });
    expect(rowsOf(data)).toHaveLength(TOKEN_PAGE_SIZE);
    expect(data.sets.find((s) => s.name === "core")!.count).toBe(1550);
    const first = data.sets[0]!.tokens[0]!;
    expect(Object.keys(first.resolved)).toEqual(["light", "dark", "contrast"]);
    // Nothing else on the tokens tab carries every token.
    expect(data.resolved).toEqual([]);
    expect(JSON.stringify(data).length).toBeLessThan(200_000);
    const text = textOf(html);
    expect(text).toContain(`Tokens 1–${TOKEN_PAGE_SIZE} of 2000`);
    expect(text).toContain(`Page 1 of ${data.listing!.pages}`);
    expect(html).toContain(`href="/design?tab=tokens&amp;theme=light&amp;page=2"`);
    expect(text).not.toContain("Previous page");
    expect((html.match(/<tr data-token=/g) ?? []).length).toBe(TOKEN_PAGE_SIZE);
  });

  it("pages on, keeping the filter; filters by text and by group", async () => {
    const { page } = await setup();
    const first = rowsOf((await page("/design?tab=tokens")).data);
    const second = await page("/design?tab=tokens&page=2");
    expect(rowsOf(second.data)).toHaveLength(TOKEN_PAGE_SIZE);
    expect(rowsOf(second.data).filter((r) => first.includes(r))).toEqual([]);
    expect(textOf(second.html)).toContain("Previous page");

    const semantic = await page("/design?tab=tokens&group=light%2Fsemantic&q=semantic.a4");
    expect(rowsOf(semantic.data)).toEqual(["light:semantic.a4", ...Array.from({ length: 10 }, (_, i) => `light:semantic.a4${i}`)]);
    expect(semantic.data.listing).toMatchObject({ matching: 11, pages: 1, group: "light/semantic", q: "semantic.a4" });
    const row = semantic.data.sets.find((s) => s.name === "light")!.tokens[0]!;
    expect(row.value).toBe("{semantic.c8}");
    expect(row.resolved.light!.css).toMatch(/^#[0-9a-f]{6}$/);
    const text = textOf(semantic.html);
    expect(text).toContain("Tokens 1–11 of 11 matching (2000 in all)");
    expect(text).toContain("Clear filter");
    // The filter form (a GET form: works without JavaScript) shows what is applied.
    expect(semantic.html).toMatch(/<input[^>]*name="q"[^>]*value="semantic.a4"/);
    expect(semantic.html).toMatch(/<option value="light\/semantic" selected="">light \/ semantic \(150\)<\/option>/);
    // Edit links keep the filter.
    expect(semantic.html).toContain(
      'href="/design?tab=tokens&amp;theme=light&amp;q=semantic.a4&amp;group=light%2Fsemantic&amp;edit=light%3Asemantic.a4"',
    );

    const none = await page("/design?tab=tokens&q=no+such+token");
    expect(rowsOf(none.data)).toEqual([]);
    expect(textOf(none.html)).toContain("No token matches this filter.");
  });

  it("after a save, shows the page with the saved token, even when the filter would hide it", async () => {
    const { page, user } = await setup();
    const post = formRequest(await authedRequest(user.id, "/design?tab=tokens&q=semantic&page=2"), {
      intent: "save-token",
      set: "core",
      path: "space.s299",
      originalPath: "space.s299",
      type: "dimension",
      mode: "value",
      amount: "12",
      unit: "rem",
    });
    const saved = (await action(args(post)).catch((r: unknown) => r)) as Response;
    expect(saved.status).toBe(303);
    const location = saved.headers.get("Location")!;
    expect(location).toBe("/design?tab=tokens&q=semantic&focus=core%3Aspace.s299");
    const { data, html } = await page(location);
    expect(data.listing).toMatchObject({ q: "", focus: "core:space.s299" });
    expect(data.listing!.page).toBeGreaterThan(1);
    const row = data.sets[0]!.tokens.find((t) => t.path === "space.s299")!;
    expect(row.value).toBe("12rem");
    expect(html).toMatch(/<tr data-token="space.s299" data-focus="true"/);
  });
});
