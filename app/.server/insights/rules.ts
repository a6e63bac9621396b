import { createHash } from "node:crypto";
import { PRIORITY_LABELS } from "~/lib/board";
import type { Evidence, Insight, InsightType, Severity } from "~/lib/insights";
import { INSIGHT_TYPES, SEVERITIES } from "~/lib/insights";
import { formatDay } from "~/lib/dates";
import { addDays, DAY_MS, weekStart } from "../analytics/days";
import { forecastOnTime } from "../analytics/forecast";
import type { InsightCard, InsightData } from "./data";
import { groupBy } from "./group-by";
import { plural } from "~/lib/plural";

/**
 * The insight rules: pure functions of the loaded data (./data.ts), one per kind of insight,
 * each returning the insights it finds with their evidence (cards and numbers, each linked)
 * and a suggested action. Thresholds are the issue's (issue 10) and named here.
 */
export const THRESHOLDS = {
  /** A cycle is at risk below this chance of finishing on time. */
  onTime: 0.7,
  /** Scope creep: more than this share of a cycle's starting scope added after its first day. */
  scopeCreep: 0.15,
  /** Stale work: no activity for longer than the 85th percentile cycle time, and at least this many days. */
  staleMinDays: 3,
  /** Due soon: due within this many days and not started. */
  dueSoonDays: 2,
  /** Overload: this much more open work than the team's mean. */
  overload: 0.3,
  /** Pile-up: a started column holding more than this share of the started cards, and at least `pileUpMin` of them. */
  pileUpShare: 0.5,
  pileUpMin: 5,
  /** Possible duplicates shown per project (the most similar pairs). */
  duplicatesMax: 5,
  /** Evidence listed per insight; the rest is summed up in one line. */
  evidenceMax: 10,
} as const;

type Rule = (d: InsightData) => Insight[];

const pct = (x: number) => `${Math.round(x * 100)} %`;

export const cardHref = (c: { projectId: string; id: string }) => `/projects/${c.projectId}?task=${c.id}`;
const boardHref = (projectId: string, query = "") => `/projects/${projectId}${query}`;
const cardLabel = (c: InsightCard) => `#${c.number} ${c.title}`;

export function hashOf(basis: unknown): string {
  return createHash("sha256").update(JSON.stringify(basis)).digest("hex").slice(0, 16);
}

function make(
  d: InsightData,
  p: {
    type: InsightType;
    projectId: string;
    subject?: string;
    severity: Severity;
    title: string;
    evidence: Evidence[];
    action: string;
    basis: unknown;
  },
): Insight {
  const project = d.projects.find((x) => x.id === p.projectId);
  return {
    id: [p.type, p.projectId, ...(p.subject ? [p.subject] : [])].join(":"),
    type: p.type,
    severity: p.severity,
    title: p.title,
    evidence: p.evidence,
    action: p.action,
    evidenceHash: hashOf([p.type, p.basis]),
    projectId: p.projectId,
    projectName: project?.name ?? "Project",
  };
}

/** At most `evidenceMax` card lines, then one line for the rest (linked to the board). */
function cardEvidence(cards: InsightCard[], value: (c: InsightCard) => string, more: { projectId: string; query?: string }): Evidence[] {
  const shown = cards.slice(0, THRESHOLDS.evidenceMax).map((c) => ({ label: cardLabel(c), href: cardHref(c), value: value(c) }));
  const rest = cards.length - shown.length;
  return rest > 0
    ? [...shown, { label: `${plural(rest, "more card")}`, href: boardHref(more.projectId, more.query), value: "on the board" }]
    : shown;
}

const byProject = <T extends { projectId: string }>(list: T[]) => groupBy(list, (x) => x.projectId);

const daysSince = (now: Date, then: Date) => Math.floor((now.getTime() - then.getTime()) / DAY_MS);

/** Cycle at risk: the forecast gives it less than a 70 % chance of finishing by its end date. */
export const cycleAtRisk: Rule = (d) =>
  d.cycles.flatMap((c) => {
    const history = d.history.get(c.projectId);
    if (!history || c.remaining === 0) return [];
    const f = forecastOnTime(c.remaining, c.endsOn, history, d.now);
    if (f.status !== "ok" || f.probability >= THRESHOLDS.onTime) return [];
    return [
      make(d, {
        type: "cycle-at-risk",
        projectId: c.projectId,
        subject: c.id,
        severity: f.probability < 0.5 ? "high" : "medium",
        title: `${c.name} has a ${pct(f.probability)} chance of finishing by ${formatDay(c.endsOn)}`,
        evidence: [
          { label: "Cards left", href: boardHref(c.projectId), value: `${c.remaining} of ${c.scopeNow}` },
          { label: "Ends", href: boardHref(c.projectId), value: formatDay(c.endsOn) },
          {
            label: "Recent throughput",
            href: `/analytics?project=${c.projectId}#forecast`,
            value: `${history.perWeek.reduce((a, b) => a + b, 0)} cards in ${plural(history.weeks, "week")}`,
          },
        ],
        action: "Cut scope or move the end date: take the least important cards out of the cycle.",
        basis: [c.id, Math.floor(f.probability * 10), c.remaining],
      }),
    ];
  });

/** Scope creep: more than 15 % of a cycle's starting scope was added after its first day. */
export const scopeCreep: Rule = (d) => {
  const cards = new Map(d.openCards.map((c) => [c.id, c]));
  return d.cycles.flatMap((c) => {
    const added = c.addedCardIds.length;
    if (added === 0 || added <= THRESHOLDS.scopeCreep * c.scopeAtStart) return [];
    const share = c.scopeAtStart ? added / c.scopeAtStart : 1;
    const addedCards = c.addedCardIds.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
    return [
      make(d, {
        type: "scope-creep",
        projectId: c.projectId,
        subject: c.id,
        severity: "medium",
        title: `${c.name}: ${plural(added, "card")} added after it started (${c.scopeAtStart ? `${pct(share)} of its starting scope` : "it started empty"})`,
        evidence: [
          { label: "Scope at start", href: boardHref(c.projectId), value: plural(c.scopeAtStart, "card") },
          ...cardEvidence(addedCards, () => "added after the start", { projectId: c.projectId }),
        ],
        action: "Agree what leaves the cycle for each card that joins it, or plan the extra work into the next cycle.",
        basis: [c.id, c.addedCardIds],
      }),
    ];
  });
};

/** Stale work: started cards with no activity for longer than the 85th percentile cycle time (at least 3 days). */
export const staleWork: Rule = (d) =>
  [...byProject(d.openCards.filter((c) => c.stateGroup === "started" && c.lastActivityAt))].flatMap(([projectId, started]) => {
    const p85 = d.cycleP85.get(projectId) ?? null;
    const limit = Math.max(p85 ?? 0, THRESHOLDS.staleMinDays);
    const stale = started
      .filter((c) => (d.now.getTime() - c.lastActivityAt!.getTime()) / DAY_MS > limit)
      .sort((a, b) => a.lastActivityAt!.getTime() - b.lastActivityAt!.getTime() || a.number - b.number);
    if (stale.length === 0) return [];
    return [
      make(d, {
        type: "stale-work",
        projectId,
        severity: "medium",
        title: `${plural(stale.length, "card")} in progress with no activity for over ${Math.round(limit * 10) / 10} days`,
        evidence: cardEvidence(stale, (c) => `no activity for ${plural(daysSince(d.now, c.lastActivityAt!), "day")}`, { projectId }),
        action: "Ask whoever has these cards whether they are stuck, and move back the ones nobody is working on.",
        basis: stale.map((c) => c.id).sort(),
      }),
    ];
  });

/** The longest chain of blocks ending at `id` (blocker first), following the blockers of each card. */
function chainTo(id: string, blockersOf: Map<string, string[]>, seen = new Set<string>()): string[] {
  if (seen.has(id)) return [id];
  seen.add(id);
  let best: string[] = [];
  for (const b of blockersOf.get(id) ?? []) {
    const c = chainTo(b, blockersOf, new Set(seen));
    if (c.length > best.length) best = c;
  }
  return [...best, id];
}

/** Blocked work: open cards blocked by open cards, and the longest chain of blocks. */
export const blockedWork: Rule = (d) => {
  const cards = new Map(d.openCards.map((c) => [c.id, c]));
  return [...byProject(d.dependencies)].flatMap(([projectId, deps]) => {
    const blockersOf = new Map<string, string[]>();
    for (const x of deps) {
      const list = blockersOf.get(x.blockedId);
      if (list) list.push(x.blockerId);
      else blockersOf.set(x.blockedId, [x.blockerId]);
    }
    const blocked = [...blockersOf.keys()].map((id) => cards.get(id)!).sort((a, b) => a.number - b.number);
    const chain = blocked.map((c) => chainTo(c.id, blockersOf)).reduce<string[]>((a, b) => (b.length > a.length ? b : a), []);
    const name = (id: string) => `#${cards.get(id)!.number}`;
    const evidence = cardEvidence(blocked, (c) => `blocked by ${blockersOf.get(c.id)!.map(name).sort().join(", ")}`, { projectId });
    if (chain.length >= 3) {
      const head = cards.get(chain[0]!)!;
      evidence.push({ label: "Longest chain", href: cardHref(head), value: chain.map(name).join(" blocks ") });
    }
    return [
      make(d, {
        type: "blocked-work",
        projectId,
        severity: chain.length >= 3 ? "high" : "medium",
        title:
          `${plural(blocked.length, "open card")} ${blocked.length === 1 ? "is" : "are"} blocked by open cards` +
          (chain.length >= 3 ? `, in a chain of ${chain.length}` : ""),
        evidence,
        action: `Finish the blockers first${chain.length >= 3 ? `, starting with ${name(chain[0]!)}` : ""}, or remove blocks that no longer hold.`,
        basis: deps.map((x) => `${x.blockerId}>${x.blockedId}`).sort(),
      }),
    ];
  });
};

/** Overdue: open cards past their due date. */
export const overdue: Rule = (d) =>
  [...byProject(d.openCards.filter((c) => c.dueDate && c.dueDate < d.today))].flatMap(([projectId, list]) => {
    const sorted = list.sort((a, b) => a.dueDate!.localeCompare(b.dueDate!) || a.number - b.number);
    return [
      make(d, {
        type: "overdue",
        projectId,
        severity: "high",
        title: `${plural(sorted.length, "card")} overdue`,
        evidence: cardEvidence(sorted, (c) => `due ${formatDay(c.dueDate!)}`, { projectId, query: "?due=overdue" }),
        action: "Finish them, or agree new due dates with whoever is waiting for them.",
        basis: sorted.map((c) => c.id).sort(),
      }),
    ];
  });

/** Due soon and not started: due today or within two days, still in the backlog or not started. */
export const dueSoon: Rule = (d) => {
  const last = addDays(d.today, THRESHOLDS.dueSoonDays);
  const list = d.openCards.filter(
    (c) => c.dueDate && c.dueDate >= d.today && c.dueDate <= last && (c.stateGroup === "backlog" || c.stateGroup === "unstarted"),
  );
  return [...byProject(list)].flatMap(([projectId, cards]) => {
    const sorted = cards.sort((a, b) => a.dueDate!.localeCompare(b.dueDate!) || a.number - b.number);
    return [
      make(d, {
        type: "due-soon",
        projectId,
        severity: "medium",
        title: `${plural(sorted.length, "card")} due within ${THRESHOLDS.dueSoonDays} days and not started`,
        evidence: cardEvidence(sorted, (c) => `due ${formatDay(c.dueDate!)}`, { projectId, query: "?due=week" }),
        action: "Start them today, or move their due dates now rather than after they slip.",
        basis: sorted.map((c) => c.id).sort(),
      }),
    ];
  });
};

/** Overload: a member with 30 % more open work (cards not in the backlog) than the team's mean. */
export const overload: Rule = (d) =>
  [...byProject(d.openCards.filter((c) => c.stateGroup !== "backlog"))].flatMap(([projectId, cards]) => {
    if (d.team.length < 2) return [];
    const count = new Map(d.team.map((m) => [m.id, 0]));
    for (const c of cards) for (const u of c.assigneeIds) if (count.has(u)) count.set(u, count.get(u)! + 1);
    const mean = [...count.values()].reduce((a, b) => a + b, 0) / d.team.length;
    return d.team.flatMap((m) => {
      const n = count.get(m.id)!;
      if (n < 2 || n <= mean * (1 + THRESHOLDS.overload)) return [];
      const theirs = cards.filter((c) => c.assigneeIds.includes(m.id)).sort((a, b) => a.number - b.number);
      return [
        make(d, {
          type: "overload",
          projectId,
          subject: m.id,
          severity: "medium",
          title: `${m.name} has ${plural(n, "open card")}, ${pct(mean ? n / mean - 1 : 1)} more than the team's mean of ${Math.round(mean * 10) / 10}`,
          evidence: cardEvidence(theirs, (c) => PRIORITY_LABELS[c.priority], { projectId, query: `?assignee=${m.id}` }),
          action: `Hand some of ${m.name}'s cards to someone with less on, or hold new work until these are done.`,
          basis: [m.id, n],
        }),
      ];
    });
  });

/** Work-in-progress limit breaches: columns holding more cards than their limit. */
export const wipLimit: Rule = (d) =>
  d.columns.flatMap((col) => {
    if (col.wipLimit === null) return [];
    const inCol = d.openCards.filter((c) => c.columnId === col.id).sort((a, b) => a.number - b.number);
    if (inCol.length <= col.wipLimit) return [];
    return [
      make(d, {
        type: "wip-limit",
        projectId: col.projectId,
        subject: col.id,
        severity: "medium",
        title: `${col.name} holds ${inCol.length} cards, over its limit of ${col.wipLimit}`,
        evidence: cardEvidence(inCol, () => col.name, { projectId: col.projectId }),
        action: `Finish cards in ${col.name} before pulling more in.`,
        basis: [col.id, inCol.length, col.wipLimit],
      }),
    ];
  });

/** Where work piles up: a started column holding more than half the started cards (at least five). */
export const pileUp: Rule = (d) =>
  [...byProject(d.columns.filter((c) => c.stateGroup === "started"))].flatMap(([projectId, cols]) => {
    if (cols.length < 2) return [];
    const started = d.openCards.filter((c) => c.projectId === projectId && c.stateGroup === "started");
    const counts = cols.map((col) => ({ col, cards: started.filter((c) => c.columnId === col.id) }));
    const top = counts.reduce((a, b) => (b.cards.length > a.cards.length ? b : a));
    if (top.cards.length < THRESHOLDS.pileUpMin || top.cards.length <= THRESHOLDS.pileUpShare * started.length) return [];
    return [
      make(d, {
        type: "pile-up",
        projectId,
        subject: top.col.id,
        severity: "low",
        title: `Work piles up in ${top.col.name}: ${top.cards.length} of ${plural(started.length, "card")} in progress`,
        evidence: counts.map((x) => ({ label: x.col.name, href: boardHref(projectId), value: plural(x.cards.length, "card") })),
        action: `Help move cards out of ${top.col.name} (review, test, deploy) before starting new ones.`,
        basis: [top.col.id, top.cards.length],
      }),
    ];
  });

/** Throughput drop: the last seven days under the mean minus two standard deviations of the eight weeks before. */
export const throughputDrop: Rule = (d) =>
  d.projects.flatMap((p) => {
    const w = d.weekly.get(p.id);
    // Only with eight full weeks of the project's history before this one.
    if (!w || !p.firstActivityAt || d.now.getTime() - p.firstActivityAt.getTime() < 63 * DAY_MS) return [];
    const prior = w.slice(0, 8);
    const current = w[8]!;
    const mean = prior.reduce((a, b) => a + b, 0) / prior.length;
    const sd = Math.sqrt(prior.reduce((a, b) => a + (b - mean) ** 2, 0) / prior.length);
    const floor = mean - 2 * sd;
    if (!(current < floor)) return [];
    return [
      make(d, {
        type: "throughput-drop",
        projectId: p.id,
        severity: "medium",
        title: `Throughput dropped: ${plural(current, "card")} finished in the last 7 days against ${Math.round(mean * 10) / 10} a week before`,
        evidence: [
          { label: "Last 7 days", href: `/analytics?project=${p.id}#chart-throughput-title`, value: plural(current, "card") },
          {
            label: "Mean of the 8 weeks before",
            href: `/analytics?project=${p.id}#chart-throughput-title`,
            value: String(Math.round(mean * 10) / 10),
          },
          {
            label: "Mean minus two standard deviations",
            href: `/analytics?project=${p.id}#chart-throughput-title`,
            value: String(Math.round(floor * 10) / 10),
          },
        ],
        action: "Look for what is holding work back: blocked or stale cards, people away, a column where work piles up.",
        basis: [weekStart(d.today), current],
      }),
    ];
  });

/** Possible duplicates: open cards of one project with similar titles. */
export const duplicates: Rule = (d) => {
  const cards = new Map(d.openCards.map((c) => [c.id, c]));
  // The most similar pairs of each project only, so a board of look-alike titles does not flood the list.
  const perProject = new Map<string, number>();
  const top = [...d.duplicates]
    .sort((a, b) => b.similarity - a.similarity)
    .filter((x) => {
      const n = perProject.get(x.projectId) ?? 0;
      perProject.set(x.projectId, n + 1);
      return n < THRESHOLDS.duplicatesMax;
    });
  return top.flatMap((x) => {
    const a = cards.get(x.aId);
    const b = cards.get(x.bId);
    if (!a || !b) return [];
    const [first, second] = a.number < b.number ? [a, b] : [b, a];
    return [
      make(d, {
        type: "duplicates",
        projectId: x.projectId,
        subject: `${x.aId}:${x.bId}`,
        severity: "low",
        title: `#${first.number} and #${second.number} may be the same work`,
        evidence: [
          { label: cardLabel(first), href: cardHref(first), value: `${pct(x.similarity)} similar title` },
          { label: cardLabel(second), href: cardHref(second), value: `${pct(x.similarity)} similar title` },
        ],
        action: "If they are the same, keep one, copy anything missing into it and delete the other.",
        basis: [x.aId, x.bId],
      }),
    ];
  });
};

/** Urgent cards with nobody assigned. */
export const urgentUnassigned: Rule = (d) =>
  [...byProject(d.openCards.filter((c) => c.priority === "urgent" && c.assigneeIds.length === 0))].flatMap(([projectId, list]) => {
    const sorted = list.sort((a, b) => a.number - b.number);
    return [
      make(d, {
        type: "urgent-unassigned",
        projectId,
        severity: "high",
        title: `${plural(sorted.length, "urgent card")} with nobody assigned`,
        evidence: cardEvidence(sorted, (c) => `in ${d.columns.find((col) => col.id === c.columnId)?.name ?? "the board"}`, {
          projectId,
          query: "?priority=urgent",
        }),
        action: "Give each an owner now, or lower its priority if it can wait.",
        basis: sorted.map((c) => c.id),
      }),
    ];
  });

export const RULES: Record<InsightType, Rule> = {
  "cycle-at-risk": cycleAtRisk,
  "scope-creep": scopeCreep,
  "stale-work": staleWork,
  "blocked-work": blockedWork,
  overdue,
  "due-soon": dueSoon,
  overload,
  "wip-limit": wipLimit,
  "pile-up": pileUp,
  "throughput-drop": throughputDrop,
  duplicates,
  "urgent-unassigned": urgentUnassigned,
};

/** Every rule over the data, most severe first (then by the rules' order, then project). */
export function runRules(d: InsightData): Insight[] {
  return sortInsights(INSIGHT_TYPES.flatMap((t) => RULES[t](d)));
}

/** Most severe first, then by the rules' order, then project (in place). */
export function sortInsights(list: Insight[]): Insight[] {
  return list.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      INSIGHT_TYPES.indexOf(a.type) - INSIGHT_TYPES.indexOf(b.type) ||
      a.projectName.localeCompare(b.projectName) ||
      a.id.localeCompare(b.id),
  );
}
