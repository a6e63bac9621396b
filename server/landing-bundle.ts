/**
 * Which JavaScript the landing page makes the browser run, read from the HTML the server
 * sends for "/": every `<script src>` and `<link rel="modulepreload">` (fetched from the
 * server, gzipped as the compression middleware sends them) and every inline script.
 * Used by the budget test and by `npm run bench`.
 *
 * The landing page does not hydrate (routes/_index.tsx: `handle = { hydrate: false }`), so
 * today that is one small inline script and no framework at all; anything that brings
 * React or Remix back onto the page shows up here as a script file and fails the budget.
 */
import { gzipSync } from "node:zlib";

/** The landing page's own JavaScript budget, gzipped: 10 KB (of 1000 bytes, the stricter reading). */
export const LANDING_JS_BUDGET_BYTES = 10_000;

export type ScriptSize = { url: string; bytes: number; gzipBytes: number };

/** The external scripts the HTML loads: `<script src>` and modulepreload links. */
export function externalScriptUrls(html: string): string[] {
  const srcs = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? "");
  return [...new Set([...srcs, ...preloads].filter(Boolean))];
}

/** The text of every inline script (JSON data blocks excluded). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]!) && !/type="application\/(ld\+)?json"/.test(m[1]!))
    .map((m) => m[2]!);
}

const sizeOf = (url: string, content: Buffer): ScriptSize => ({ url, bytes: content.length, gzipBytes: gzipSync(content).length });

/** Every script of the page at `baseUrl` + "/", with its size. */
export async function landingScripts(baseUrl: string): Promise<ScriptSize[]> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const sizes = inlineScripts(html).map((text, i) => sizeOf(`(inline script ${i + 1})`, Buffer.from(text)));
  for (const url of externalScriptUrls(html)) {
    sizes.push(sizeOf(url, Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer())));
  }
  return sizes;
}
