/**
 * Where a V8 CPU profile (`node --cpu-prof`) spent its time: self time by function and by
 * where the code comes from (the app's bundle, React's server renderer, PGlite, node:…),
 * as text for a terminal or docs/performance.md.
 */
type Frame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: Frame; hitCount?: number; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };

/** The package or part a script belongs to: `react-dom`, `@electric-sql/pglite`, `app`, `node:zlib`, … */
function originOf(url: string): string {
  if (!url) return "(V8: GC, idle, native)";
  if (url.startsWith("node:")) return url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (isApp(url)) return "app (server bundle)";
  return url.replace(/^file:\/\//, "");
}

export function summarizeProfile(profile: CpuProfile, top = 25): string {
  const total = profile.samples.length || 1;
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || "(anonymous)"} ${url ? `${url.split("/").slice(-2).join("/")}:${lineNumber + 1}` : ""}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    const origin = originOf(url);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + hits);
  }
  const table = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join("\n");
  const seconds = ((profile.endTime - profile.startTime) / 1e6).toFixed(1);
  return `CPU profile: ${total} samples over ${seconds} s\n\nBy origin:\n${table(byOrigin, 15)}\n\nBy function (self time):\n${table(byFunction, top)}\n\nThe app's own functions (time in them and what they call; synchronous work only):\n${table(appInclusive(profile), top)}`;
}

/** Inclusive samples of the app bundle's named functions (a recursive call counted once per stack). */
function appInclusive(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const out = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      if (!isApp(f.url) || !f.functionName) continue;
      if (seen.has(f.functionName)) continue;
      seen.add(f.functionName);
      out.set(f.functionName, (out.get(f.functionName) ?? 0) + hits);
    }
  }
  return out;
}

/** The app's server bundle (`<build dir>/server/index.js`, and its chunks). */
const isApp = (url: string) => /\/server\/(index|assets\/[^/]+)\.js$/.test(url) && !url.includes("node_modules");
