/**
 * Which JavaScript the landing page makes the browser load, read from a production
 * build's Remix manifest: the route manifest, the client entry and its imports, and the
 * module and imports of every route on the way to "/" (root, then the index route).
 * Used by the budget test and by `npm run bench`.
 *
 * With lazy route discovery (our remix.config.js) the browser never fetches the full
 * manifest module: the HTML carries an inline script with a partial manifest of the
 * routes that match the page (Remix's getPartialManifest), and other routes are
 * discovered later. That inline script is what is counted then, so the budget does not
 * grow with every route the app adds.
 */
import remixConfig from "../remix.config.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The landing page's JavaScript budget, gzipped: 95 KB (of 1000 bytes, the stricter reading). */
export const LANDING_JS_BUDGET_BYTES = 95_000;

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] };
type RemixManifest = { url?: string; entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export function readRemixManifest(buildDir: string): { url: string; manifest: RemixManifest } {
  const server = readFileSync(path.join(buildDir, "server/index.js"), "utf8");
  const url = /\/assets\/manifest-[\w-]+\.js/.exec(server)?.[0];
  if (!url) throw new Error(`No Remix manifest referenced in ${buildDir}/server/index.js`);
  const source = readFileSync(path.join(buildDir, "client", url), "utf8");
  const json = source.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "");
  return { url, manifest: JSON.parse(json) as RemixManifest };
}

/** The routes that render "/": the index route whose ancestors add no path, root first. */
export function landingRouteChain(manifest: RemixManifest): ManifestRoute[] {
  const routes = Object.values(manifest.routes);
  const chainOf = (route: ManifestRoute): ManifestRoute[] => {
    const chain = [route];
    let parent = route.parentId;
    while (parent) {
      const r = manifest.routes[parent];
      if (!r) break;
      chain.unshift(r);
      parent = r.parentId;
    }
    return chain;
  };
  const landing = routes
    .filter((r) => r.index)
    .map(chainOf)
    .find((chain) => chain.every((r) => !r.path));
  if (!landing) throw new Error("No index route renders / in this build");
  return landing;
}

export type ScriptSize = { url: string; bytes: number; gzipBytes: number };

export const INLINE_MANIFEST = "(inline partial manifest)";

export function landingScripts(buildDir: string): ScriptSize[] {
  const { url, manifest } = readRemixManifest(buildDir);
  const lazyDiscovery = (remixConfig.future as Record<string, unknown> | undefined)?.v3_lazyRouteDiscovery === true;
  const chain = landingRouteChain(manifest);
  const urls = new Set<string>([...(lazyDiscovery ? [] : [url]), manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) {
    urls.add(route.module);
    for (const i of route.imports ?? []) urls.add(i);
  }
  const sizes = [...urls].map((u) => {
    const content = readFileSync(path.join(buildDir, "client", u));
    // The server's compression middleware uses zlib's default level, as here.
    return { url: u, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
  if (lazyDiscovery) {
    // Printed as Remix prints it: `window.__remixManifest = <JSON, 2-space indent>;`
    const partial = { ...manifest, routes: Object.fromEntries(chain.map((r) => [r.id, r])) };
    const inline = Buffer.from(`window.__remixManifest = ${JSON.stringify(partial, null, 2)};`);
    sizes.unshift({ url: INLINE_MANIFEST, bytes: inline.length, gzipBytes: gzipSync(inline).length });
  }
  return sizes;
}
