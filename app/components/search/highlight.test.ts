// A highlighted search result renders its text escaped: a title's HTML never becomes markup.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { highlight, searchTerms, snippet } from "~/lib/search";
import { SearchHighlight } from "./highlight";

describe("SearchHighlight", () => {
  it("escapes everything and marks only the matches", () => {
    const segments = highlight('<img src=x onerror="alert(1)"> Payload <b>payload</b>', searchTerms("payload"));
    const html = renderToStaticMarkup(createElement(SearchHighlight, { segments }));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; <mark");
    expect(html.match(/<mark[^>]*>/g)).toHaveLength(2);
  });

  it("cuts a long text to a window around the first match", () => {
    const text = `${"lorem ".repeat(60)}needle ${"ipsum ".repeat(60)}`;
    const out = snippet(text, ["needle"]);
    const plain = out.map((s) => s.text).join("");
    expect(plain.startsWith("…")).toBe(true);
    expect(plain.endsWith("…")).toBe(true);
    expect(out.filter((s) => s.mark).map((s) => s.text)).toEqual(["needle"]);
  });
});
