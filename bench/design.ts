/**
 * npm run bench:design — the design-system targets of issue 9, measured in-process (under
 * vite-node with NODE_ENV=production, so the app's own modules run as on the server), on a
 * system of 2,000 tokens with 500 aliases over three themes:
 *   - resolving every theme (resolveAll; aim: under 50 ms);
 *   - the checks run when a system is saved (checkSystem: format, alias targets, types, cycles);
 *   - each export format (exportSystem, Style Dictionary 4 in memory; aim: each under 500 ms).
 * Writes its section of docs/performance.md between the `design` markers.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { flatten } from "~/lib/design-tokens/tree";
import { benchSystem } from "./design-system";
import { pct as percentile } from "./support";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const EXPORT_ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 6);
const loadAtStart = os.loadavg()[0]!.toFixed(1);

const { resolveAll } = await import("~/lib/design-tokens/resolve");
const { checkSystem } = await import("~/lib/design-tokens/validate");
const { exportSystem, EXPORT_FORMATS } = await import("~/.server/design/exports");

const pct = (xs: number[], p: number) => percentile(xs, p, 2);
/** Wall time per round, and the process's CPU time per round (what the work costs when other processes share the cores). */
const cpu: number[][] = [];
async function time(rounds: number, warm: number, fn: () => unknown): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const out: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpuMs.push((u.user + u.system) / 1000);
  }
  cpu.push(cpuMs);
  return out;
}
const lastCpu = () => pct(cpu[cpu.length - 1]!, 50);

const doc = benchSystem();
const tokens = doc.sets.flatMap((s) => flatten(s));
const aliases = tokens.filter((t) => /"\{[^"{}]+\}"/.test(JSON.stringify(t.value))).length;
const issues = checkSystem(doc);
if (issues.length) throw new Error(`the bench system has problems: ${JSON.stringify(issues.slice(0, 3))}`);

const resolveMs = await time(ROUNDS, 5, () => resolveAll(doc));
const resolveCpu = lastCpu();
const checkMs = await time(ROUNDS, 3, () => checkSystem(doc));
const checkCpu = lastCpu();
const exportRows: { format: string; p50: number; p95: number; cpu: number; size: number }[] = [];
for (const format of EXPORT_FORMATS) {
  let size = 0;
  const ms = await time(EXPORT_ROUNDS, 2, async () => {
    size = Buffer.byteLength((await exportSystem(doc, format)).body, "utf8");
  });
  exportRows.push({ format, p50: pct(ms, 50), p95: pct(ms, 95), cpu: lastCpu(), size });
  console.log(format, pct(ms, 50), pct(ms, 95));
}

const aim = (wall: number, cpuMs: number, limit: number) =>
  `under ${limit} ms: CPU time ${cpuMs < limit ? "met" : "NOT met"}, wall p95 ${wall < limit ? "met" : `not met at load ${loadAtStart}`}`;
const section = `<!-- design:start -->
## Design system: ${tokens.length} tokens, ${aliases} aliases, ${doc.themes.length} themes

Command: \`npm run bench:design\` (in-process, NODE_ENV=production; ${ROUNDS} rounds for resolve and checks, ${EXPORT_ROUNDS} per export, after a warm-up; Style Dictionary 4 in memory on Node ${process.versions.node}; ${os.cpus().length} cores, load average ${loadAtStart} at the start; ${new Date().toISOString().slice(0, 10)}).
A core set of 1,550 tokens of every type (50 typography composites with aliased parts) and three theme sets of 150 aliases each, some chained.

| what | p50 | p95 | CPU time p50 | aim |
|---|---|---|---|---|
| resolve every theme (resolveAll, 3 × 1,700 tokens) | ${pct(resolveMs, 50)} ms | ${pct(resolveMs, 95)} ms | ${resolveCpu} ms | ${aim(pct(resolveMs, 95), resolveCpu, 50)} |
| check the system on save (checkSystem: format, alias targets and types, cycles) | ${pct(checkMs, 50)} ms | ${pct(checkMs, 95)} ms | ${checkCpu} ms | |
${exportRows
  .map(
    (r) =>
      `| export ${r.format} (${(r.size / 1024).toFixed(1)} KB) | ${r.p50} ms | ${r.p95} ms | ${r.cpu} ms | ${aim(r.p95, r.cpu, 500)} |`,
  )
  .join("\n")}

"CPU time" is the process's own CPU time for the same work (user + system): the wall times include waiting for a core when other processes share the machine (see the load average above).
Exports without a theme: CSS and Tailwind 4 hold all three themes (one Style Dictionary run per theme); DTCG, SCSS, JS, TypeScript and Tailwind 3 the first theme; Tokens Studio every set.
<!-- design:end -->`;

const file = path.join(process.cwd(), "docs/performance.md");
const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
const pattern = /<!-- design:start -->[\s\S]*<!-- design:end -->/;
writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
console.log(section);
