/**
 * Insights as the rule engine (app/.server/insights) produces them and the pages show them:
 * what needs attention now, each with the evidence it rests on (linked) and an action.
 */
export const INSIGHT_TYPES = [
  "cycle-at-risk",
  "scope-creep",
  "stale-work",
  "blocked-work",
  "overdue",
  "due-soon",
  "overload",
  "wip-limit",
  "pile-up",
  "throughput-drop",
  "duplicates",
  "urgent-unassigned",
] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];

export const SEVERITIES = ["high", "medium", "low"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SEVERITY_LABELS: Record<Severity, string> = { high: "High", medium: "Medium", low: "Low" };

/** One piece of evidence: what it is, where to see it, the number or fact it adds. */
export type Evidence = { label: string; href: string; value: string };

export type Insight = {
  /** Stable across runs: the type and its subject (`overdue:<project>`, `overload:<project>:<user>`). */
  id: string;
  type: InsightType;
  severity: Severity;
  /** One line. */
  title: string;
  evidence: Evidence[];
  /** What to do about it. */
  action: string;
  /** Changes when the evidence does (which cards, which key numbers): a dismissed insight returns then. */
  evidenceHash: string;
  projectId: string;
  projectName: string;
};

/** How long a snooze lasts. */
export const SNOOZE_DAYS = 7;
