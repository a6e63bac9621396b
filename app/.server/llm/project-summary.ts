import type { ProjectOverview } from "~/lib/analytics";
import type { WrittenSummary } from "~/lib/llm";
import type { projectFlow } from "../analytics/reports";
import type { MemberContext } from "../workspaces";
import { llmConfig } from "./index";
import { shareCardTitles } from "./settings";
import { writeSummary, type SummaryFacts } from "./summary";
import { plural } from "~/lib/plural";

/**
 * The project analytics page's written summary: the facts are the numbers the page already
 * computed (and card titles only when the workspace allows them); the rule engine's text
 * says the same in fixed sentences, and is what shows when the model fails. Null (nothing
 * shown) when no language model is configured.
 */
type Flow = Awaited<ReturnType<typeof projectFlow>>;
export type InsightLine = { type: string; severity: string; title: string };

const round1 = (n: number) => Math.round(n * 10) / 10;

export function projectFacts(
  flow: Flow,
  overview: Pick<ProjectOverview, "overdue"> | undefined,
  range: { from: string; to: string },
  opts: { titles: boolean; insights?: InsightLine[] },
): SummaryFacts {
  const weeks = flow.throughput.map((w) => w.completed);
  const started = flow.aging.flatMap((c) => c.cards);
  const old = started.filter((c) => c.overP85);
  const facts: SummaryFacts = {
    from: range.from,
    to: range.to,
    completed: flow.finished.length,
    completedPerWeek: weeks.length ? round1(weeks.reduce((a, b) => a + b, 0) / weeks.length) : 0,
    completedLastWeek: weeks.at(-1) ?? 0,
    inProgress: started.length,
    inProgressOlderThanP85CycleTime: old.length,
    overdue: overview?.overdue ?? 0,
    cycleTimeDays: flow.times.cycle ? { p50: flow.times.cycle.p50, p85: flow.times.cycle.p85, cards: flow.times.cycle.count } : null,
    leadTimeDays: flow.times.lead ? { p50: flow.times.lead.p50, p85: flow.times.lead.p85 } : null,
  };
  if (opts.insights?.length) {
    facts.needsAttention = opts.insights
      .slice(0, 5)
      .map((i) => (opts.titles ? { type: i.type, severity: i.severity, title: i.title } : { type: i.type, severity: i.severity }));
  }
  if (opts.titles) {
    facts.oldestInProgress = [...old]
      .sort((a, b) => b.ageDays - a.ageDays)
      .slice(0, 5)
      .map((c) => c.title);
    facts.recentlyCompleted = [...flow.finished]
      .sort((a, b) => b.completedAt.localeCompare(a.completedAt))
      .slice(0, 5)
      .map((c) => c.title);
  }
  return facts;
}

/** The same facts in fixed sentences (the rule engine's text). */
export function projectRuleText(facts: SummaryFacts, insights: InsightLine[] = []): string {
  const f = facts as {
    completed: number;
    completedPerWeek: number;
    completedLastWeek: number;
    inProgress: number;
    inProgressOlderThanP85CycleTime: number;
    overdue: number;
    cycleTimeDays: { p50: number; p85: number } | null;
  };
  const sentences = [
    `${plural(f.completed, "card")} ${f.completed === 1 ? "was" : "were"} completed in this range (${f.completedPerWeek} a week on average, ${f.completedLastWeek} in the last week).`,
    `${plural(f.inProgress, "card")} ${f.inProgress === 1 ? "is" : "are"} in progress` +
      (f.inProgressOlderThanP85CycleTime > 0 ? `, ${f.inProgressOlderThanP85CycleTime} of them older than the usual cycle time.` : "."),
  ];
  if (f.overdue > 0) sentences.push(`${plural(f.overdue, "open card")} ${f.overdue === 1 ? "is" : "are"} overdue.`);
  if (f.cycleTimeDays)
    sentences.push(
      `Half the cards took ${f.cycleTimeDays.p50} days or less from start to finish; 85 % took ${f.cycleTimeDays.p85} days or less.`,
    );
  if (insights.length)
    sentences.push(
      `Needs attention: ${insights
        .slice(0, 3)
        .map((i) => i.title.replace(/\.$/, ""))
        .join("; ")}.`,
    );
  return sentences.join(" ");
}

/** How long the analytics page waits for the model's words before it shows the rule engine's. */
export const SUMMARY_PAGE_WAIT_MS = 1500;

export async function projectSummary(
  member: MemberContext,
  flow: Flow,
  overview: Pick<ProjectOverview, "overdue"> | undefined,
  range: { from: string; to: string },
  insights: InsightLine[] = [],
): Promise<WrittenSummary | null> {
  if (!llmConfig()) return null;
  const titles = await shareCardTitles(member.workspace.id);
  const facts = projectFacts(flow, overview, range, { titles, insights });
  return writeSummary(facts, projectRuleText(facts, insights), { waitMs: SUMMARY_PAGE_WAIT_MS });
}
