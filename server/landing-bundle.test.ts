// A size check on the production server's landing page, not a timing: no framework
// JavaScript, and its own inline script within the budget, gzipped.
import { describe, expect, it } from "vitest";
import { useBuiltServer } from "../tests/support/built-servers";
import { LANDING_JS_BUDGET_BYTES, externalScriptUrls, inlineScripts, landingScripts } from "./landing-bundle";

const server = useBuiltServer();

describe("landing page JavaScript", () => {
  it("finds script files, modulepreloads and inline scripts in HTML", () => {
    const html =
      '<link rel="modulepreload" href="/assets/a.js"/><script nonce="n">x()</script>' +
      '<script type="module" src="/assets/b.js"></script><script type="application/ld+json">{}</script>';
    expect(externalScriptUrls(html)).toEqual(["/assets/b.js", "/assets/a.js"]);
    expect(inlineScripts(html)).toEqual(["x()"]);
  });

  it("loads no script file: no React, no Remix, no modulepreload", async () => {
    await server().waitForOutput(/Atelier listening/);
    const html = await (await fetch(`${server().url}/`)).text();
    expect(html).toContain("System status");
    expect(externalScriptUrls(html)).toEqual([]);
    expect(html).not.toContain("__remixContext");
  });

  it(`runs at most ${LANDING_JS_BUDGET_BYTES / 1000} KB of its own script, gzipped`, async () => {
    await server().waitForOutput(/Atelier listening/);
    const scripts = await landingScripts(server().url);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const table = scripts.map((s) => `${s.url}: ${s.gzipBytes} B gzipped`).join("\n");
    expect(total, `landing JS is ${total} B gzipped:\n${table}`).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  });
});
