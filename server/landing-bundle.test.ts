// A size check on the production build, not a timing: the landing page's JavaScript,
// gzipped, stays within its budget.
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../tests/support/build";
import { INLINE_MANIFEST, LANDING_JS_BUDGET_BYTES, landingRouteChain, landingScripts, readRemixManifest } from "./landing-bundle";

let buildDir: string;
beforeAll(async () => {
  buildDir = await ensureBuild();
}, 300_000);

describe("landing page JavaScript", () => {
  it("counts the inline partial manifest (lazy route discovery), the client entry and the root and index routes", () => {
    const { manifest, url } = readRemixManifest(buildDir);
    const chain = landingRouteChain(manifest);
    expect(chain[0]!.id).toBe("root");
    expect(chain.at(-1)!.index).toBe(true);
    const urls = landingScripts(buildDir).map((s) => s.url);
    // The full manifest module is never fetched with lazy route discovery; the HTML
    // inlines the part for this page instead.
    expect(urls).not.toContain(url);
    expect(urls).toContain(INLINE_MANIFEST);
    expect(urls).toContain(manifest.entry.module);
    for (const route of chain) expect(urls).toContain(route.module);
  });

  it(`stays under ${LANDING_JS_BUDGET_BYTES / 1000} KB gzipped`, () => {
    const scripts = landingScripts(buildDir);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const table = scripts.map((s) => `${s.url}: ${s.gzipBytes} B gzipped`).join("\n");
    expect(total, `landing JS is ${total} B gzipped:\n${table}`).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
  });
});
