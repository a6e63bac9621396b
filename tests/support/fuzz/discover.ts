/**
 * What the route fuzz walks, read from the files so a new route is fuzzed without anyone
 * listing it: Remix's own flat-routes reading of app/routes/ with remix.config.js's ignore
 * list (which skips *.server.ts, *.test.ts), each route's full path, and from the route's
 * source and its server file (and the local server files those import):
 * - the form schemas it imports from app/lib/forms/ (their fields and intents; a route that
 *   parses no form itself takes those of the server files it calls, as the board API does),
 * - the query parameters it reads (`searchParams.get("…")`),
 * - the bodies it takes (forms, multipart, JSON) and the JSON fields it names.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { UNSAFE_flatRoutes as flatRoutes } from "@remix-run/dev";
import type { z } from "zod";
import remixConfig from "../../../remix.config.js";

export type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

export type FuzzRoute = {
  /** Remix's route id, e.g. `routes/_app.projects.$id`. */
  id: string;
  /** The file under app/, e.g. `routes/_app.projects.$id.tsx`. */
  file: string;
  /** The URL pattern with its parents', e.g. `/projects/:id`. */
  pattern: string;
  /** The path parameters and the static segment before each (`projects` for `:id`). */
  params: { name: string; after: string }[];
  loader?: Handler;
  action?: Handler;
  schemas: z.ZodType[];
  queryKeys: string[];
  jsonKeys: string[];
  takes: { form: boolean; multipart: boolean; json: boolean };
};

const APP_DIR = fileURLToPath(new URL("../../../app", import.meta.url));

type Manifest = Record<string, { id: string; file: string; path?: string; parentId?: string }>;

function fullPattern(routes: Manifest, id: string): string {
  const parts: string[] = [];
  for (let r: Manifest[string] | undefined = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined)
    if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`;
}

/**
 * The route's own code (its file, its `.server.ts`, and the route code it shares with other
 * routes, `app/.server/<concern>/<name>-route.ts`, e.g. the auth form's) and, apart, the local modules
 * those import (`./x.server`, two levels), as text; and the app/.server modules the own code
 * imports, for the query parameters they read for it (the analytics range).
 */
function sourcesOf(file: string): { own: string; imported: string; helpers: string } {
  const own = [path.join(APP_DIR, file), path.join(APP_DIR, file.replace(/\.tsx?$/, ".server.ts"))].filter((f) => existsSync(f));
  const seen = new Set(own);
  const read = (files: string[]) => files.map((f) => readFileSync(f, "utf8"));
  const resolved = (base: string) => [".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find((f) => existsSync(f));
  const importsOf = (texts: string[], from: string[], pattern: RegExp, root: (i: number) => string) =>
    texts.flatMap((text, i) =>
      [...text.matchAll(pattern)]
        .map(([, rel]) => resolved(path.join(root(i), rel!)))
        .filter((f): f is string => f !== undefined && !seen.has(f) && Boolean(seen.add(f))),
    );
  const local = (texts: string[], from: string[]) => importsOf(texts, from, /from\s+"(\.\/[^"]+)"/g, (i) => path.dirname(from[i]!));
  const server = (texts: string[], pattern: RegExp) => importsOf(texts, [], pattern, () => APP_DIR);
  const shared = server(read(own), /from\s+"~\/(\.server\/[^"]+-route)"/g);
  own.push(...shared);
  const ownTexts = read(own);
  const first = local(ownTexts, own);
  const firstTexts = read(first);
  const second = local(firstTexts, first);
  const helpers = read(server(ownTexts, /from\s+"~\/(\.server\/[^"]+)"/g));
  return { own: ownTexts.join("\n"), imported: [...firstTexts, ...read(second)].join("\n"), helpers: helpers.join("\n") };
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === "object" && value !== null && "_zod" in value && typeof (value as z.ZodType).safeParse === "function";

/** The zod schemas the sources import by name from app/lib/forms/<area>. */
async function schemasIn(source: string): Promise<z.ZodType[]> {
  const found = new Set<z.ZodType>();
  for (const [, names, area] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"~\/lib\/forms\/([\w-]+)"/g)) {
    const module = (await import(/* @vite-ignore */ path.join(APP_DIR, "lib/forms", `${area}.ts`))) as Record<string, unknown>;
    for (const raw of names!.split(",")) {
      const name = raw
        .replace(/^\s*type\s+/, "")
        .split(/\s+as\s+/)[0]!
        .trim();
      if (isSchema(module[name])) found.add(module[name]);
    }
  }
  return [...found];
}

const unique = (xs: Iterable<string>) => [...new Set(xs)].sort();

export async function discoverRoutes(): Promise<FuzzRoute[]> {
  const manifest = flatRoutes(APP_DIR, remixConfig.ignoredRouteFiles) as Manifest;
  const out: FuzzRoute[] = [];
  for (const entry of Object.values(manifest).sort((a, b) => a.id.localeCompare(b.id))) {
    const module = (await import(/* @vite-ignore */ path.join(APP_DIR, entry.file))) as { loader?: Handler; action?: Handler };
    if (!module.loader && !module.action) continue;
    const pattern = fullPattern(manifest, entry.id);
    const segments = pattern.split("/");
    const params = segments.flatMap((s, i) => (s.startsWith(":") ? [{ name: s.slice(1), after: segments[i - 1] ?? "" }] : []));
    const { own, imported, helpers } = sourcesOf(entry.file);
    const source = `${own}\n${imported}`;
    // The forms the route parses itself; only a route that parses none borrows its helpers' (the board API, /team/:id).
    const ownSchemas = await schemasIn(own);
    out.push({
      id: entry.id,
      file: entry.file,
      pattern,
      params,
      loader: module.loader,
      action: module.action,
      schemas: ownSchemas.length > 0 ? ownSchemas : await schemasIn(imported),
      queryKeys: unique([...`${source}\n${helpers}`.matchAll(/searchParams\.(?:get|getAll|has)\("([^"]+)"\)/g)].map((m) => m[1]!)),
      jsonKeys: unique([
        ...[...source.matchAll(/^\s*(\w+): z\./gm)].map((m) => m[1]!),
        ...[...source.matchAll(/body\?\.(\w+)/g)].map((m) => m[1]!),
      ]),
      takes: {
        form: /\b(readForm|parseSubmission|readBoardForm|handleCheckoutPost)\b/.test(source),
        multipart: /multipart: true|\breadBoardForm\b/.test(source),
        json: /\b(readJson|apiBody|betaJsonPost)\b/.test(source),
      },
    });
  }
  return out;
}
