import { describe, expect, it } from "vitest";
import type { ForecastHistory } from "~/lib/forecast";
import { emptyInsightData, type InsightCard, type InsightData } from "./data";
import * as rules from "./rules";
import { runRules } from "./rules";

// Hand-built data: one project "Web" with the default columns, on Wednesday 25 Nov 2026.
const now = new Date("2026-11-25T12:00:00Z");
const P = "p1";
const COLS = [
  { id: "backlog", name: "Backlog", stateGroup: "backlog" as const },
  { id: "todo", name: "To do", stateGroup: "unstarted" as const },
  { id: "doing", name: "In progress", stateGroup: "started" as const },
  { id: "review", name: "Review", stateGroup: "started" as const },
];
let n = 0;
function card(over: Partial<InsightCard> = {}): InsightCard {
  n += 1;
  const col = COLS.find((c) => c.id === (over.columnId ?? "todo"))!;
  return {
    id: `c${n}`,
    projectId: P,
    number: n,
    title: `Card ${n}`,
    priority: "none",
    dueDate: null,
    columnId: col.id,
    stateGroup: col.stateGroup,
    createdAt: new Date("2026-11-01T00:00:00Z"),
    lastActivityAt: col.stateGroup === "started" ? now : null,
    assigneeIds: [],
    ...over,
  };
}
function data(over: Partial<InsightData> = {}): InsightData {
  return {
    ...emptyInsightData(now),
    projects: [{ id: P, name: "Web", firstActivityAt: new Date("2026-06-01T00:00:00Z") }],
    columns: COLS.map((c) => ({ ...c, projectId: P, wipLimit: null })),
    team: [
      { id: "ann", name: "Ann" },
      { id: "bob", name: "Bob" },
      { id: "cy", name: "Cy" },
    ],
    cycleP85: new Map([[P, 4]]),
    weekly: new Map([[P, [5, 5, 5, 5, 5, 5, 5, 5, 5]]]),
    ...over,
  };
}
const days = (k: number) => new Date(now.getTime() - k * 86_400_000);
const history = (perWeek: number[]): ForecastHistory => ({ weeks: perWeek.length, from: "2026-10-26", to: "2026-11-16", perWeek });
const cycle = (over: Partial<InsightData["cycles"][number]> = {}) => ({
  id: "cy1",
  projectId: P,
  name: "Sprint 4",
  startsOn: "2026-11-23",
  endsOn: "2026-12-06",
  scopeAtStart: 10,
  addedCardIds: [],
  remaining: 10,
  scopeNow: 10,
  ...over,
});

describe("insight rules", () => {
  it("cycle at risk: below a 70 % chance of finishing on time, not when the pace allows it", () => {
    // 10 left, 5 a week, 11.5 days left: 1.64 weeks, not enough for 2 weeks of work: 0 %.
    const risky = data({ cycles: [cycle()], history: new Map([[P, history([5, 5, 5, 5])]]) });
    const [i] = rules.cycleAtRisk(risky);
    expect(i).toMatchObject({
      id: "cycle-at-risk:p1:cy1",
      severity: "high",
      title: "Sprint 4 has a 0 % chance of finishing by Dec 6, 2026",
      evidence: [
        { label: "Cards left", value: "10 of 10", href: "/projects/p1" },
        { label: "Ends" },
        { label: "Recent throughput", value: "20 cards in 4 weeks" },
      ],
    });
    // 5 left at 5 a week: done in a week, well before the end.
    expect(rules.cycleAtRisk(data({ cycles: [cycle({ remaining: 5 })], history: new Map([[P, history([5, 5, 5, 5])]]) }))).toEqual([]);
    // Too little history: no guess, no insight.
    expect(rules.cycleAtRisk(data({ cycles: [cycle()], history: new Map([[P, history([5, 5])]]) }))).toEqual([]);
  });

  it("scope creep: more than 15 % of the starting scope added after the first day", () => {
    const a = card();
    const b = card();
    const creep = rules.scopeCreep(data({ openCards: [a, b], cycles: [cycle({ addedCardIds: [a.id, b.id] })] }));
    expect(creep).toHaveLength(1);
    expect(creep[0]).toMatchObject({
      id: "scope-creep:p1:cy1",
      title: "Sprint 4: 2 cards added after it started (20 % of its starting scope)",
      evidence: [
        { label: "Scope at start", value: "10 cards" },
        { label: `#${a.number} ${a.title}`, href: `/projects/p1?task=${a.id}` },
        {},
      ],
    });
    // One card of ten is 10 %: not creep.
    expect(rules.scopeCreep(data({ openCards: [a], cycles: [cycle({ addedCardIds: [a.id] })] }))).toEqual([]);
  });

  it("stale work: started, no activity for longer than the 85th percentile cycle time and at least 3 days", () => {
    const stale = card({ columnId: "doing", lastActivityAt: days(5) });
    const fresh = card({ columnId: "doing", lastActivityAt: days(2) });
    const waiting = card({ columnId: "todo" });
    const [i] = rules.staleWork(data({ openCards: [stale, fresh, waiting] }));
    expect(i).toMatchObject({
      title: "1 card in progress with no activity for over 4 days",
      evidence: [{ label: `#${stale.number} Card ${stale.number}`, value: "no activity for 5 days" }],
    });
    // p85 of 10 days: five quiet days is normal here.
    expect(rules.staleWork(data({ openCards: [stale, fresh], cycleP85: new Map([[P, 10]]) }))).toEqual([]);
    // No finished cards yet: the 3-day floor applies.
    expect(rules.staleWork(data({ openCards: [card({ columnId: "doing", lastActivityAt: days(2.5) })], cycleP85: new Map() }))).toEqual([]);
  });

  it("blocked work: open cards blocked by open cards, with the chain written out", () => {
    const [a, b, c] = [card(), card(), card()];
    const chain = rules.blockedWork(
      data({
        openCards: [a, b, c],
        dependencies: [
          { projectId: P, blockerId: a.id, blockedId: b.id },
          { projectId: P, blockerId: b.id, blockedId: c.id },
        ],
      }),
    );
    expect(chain).toHaveLength(1);
    expect(chain[0]).toMatchObject({
      severity: "high",
      title: "2 open cards are blocked by open cards, in a chain of 3",
      action: `Finish the blockers first, starting with #${a.number}, or remove blocks that no longer hold.`,
    });
    expect(chain[0]!.evidence.at(-1)).toEqual({
      label: "Longest chain",
      href: `/projects/p1?task=${a.id}`,
      value: `#${a.number} blocks #${b.number} blocks #${c.number}`,
    });
    expect(chain[0]!.evidence[0]).toMatchObject({ label: `#${b.number} Card ${b.number}`, value: `blocked by #${a.number}` });
    // No dependencies between open cards (the loader leaves out those with a finished card): nothing.
    expect(rules.blockedWork(data({ openCards: [a, b, c] }))).toEqual([]);
  });

  it("overdue: open cards past their due date", () => {
    const late = card({ dueDate: "2026-11-20" });
    const today = card({ dueDate: "2026-11-25" });
    const [i] = rules.overdue(data({ openCards: [late, today] }));
    expect(i).toMatchObject({ id: "overdue:p1", severity: "high", title: "1 card overdue", evidence: [{ value: "due Nov 20, 2026" }] });
    expect(rules.overdue(data({ openCards: [today] }))).toEqual([]);
  });

  it("due within two days and not started", () => {
    const soon = card({ dueDate: "2026-11-27", columnId: "todo" });
    const started = card({ dueDate: "2026-11-26", columnId: "doing" });
    const later = card({ dueDate: "2026-11-28", columnId: "backlog" });
    const [i] = rules.dueSoon(data({ openCards: [soon, started, later] }));
    expect(i).toMatchObject({
      title: "1 card due within 2 days and not started",
      evidence: [{ label: `#${soon.number} Card ${soon.number}` }],
    });
    expect(rules.dueSoon(data({ openCards: [started, later] }))).toEqual([]);
  });

  it("overload: an assignee with 30 % more open work than the team's mean", () => {
    const ann = [
      card({ assigneeIds: ["ann"] }),
      card({ assigneeIds: ["ann"] }),
      card({ assigneeIds: ["ann"] }),
      card({ assigneeIds: ["ann"] }),
    ];
    const bob = [card({ assigneeIds: ["bob"] }), card({ assigneeIds: ["bob"] })];
    // Ann 4, Bob 2, Cy 0: mean 2; Ann is 100 % over it, Bob is not.
    const found = rules.overload(data({ openCards: [...ann, ...bob] }));
    expect(found.map((i) => i.id)).toEqual(["overload:p1:ann"]);
    expect(found[0]!.title).toBe("Ann has 4 open cards, 100 % more than the team's mean of 2");
    // Ann 3, Bob 3, Cy 2: mean 2.67; 3 is 12.5 % over.
    const even = [...ann.slice(0, 3), card({ assigneeIds: ["bob"] }), ...bob, card({ assigneeIds: ["cy"] }), card({ assigneeIds: ["cy"] })];
    expect(rules.overload(data({ openCards: even }))).toEqual([]);
  });

  it("work-in-progress limit breaches", () => {
    const cols = COLS.map((c) => ({ ...c, projectId: P, wipLimit: c.id === "doing" ? 2 : null }));
    const three = [card({ columnId: "doing" }), card({ columnId: "doing" }), card({ columnId: "doing" })];
    expect(rules.wipLimit(data({ columns: cols, openCards: three }))[0]).toMatchObject({
      id: "wip-limit:p1:doing",
      title: "In progress holds 3 cards, over its limit of 2",
    });
    expect(rules.wipLimit(data({ columns: cols, openCards: three.slice(0, 2) }))).toEqual([]);
  });

  it("the column where work piles up", () => {
    const inReview = Array.from({ length: 5 }, () => card({ columnId: "review" }));
    const [i] = rules.pileUp(data({ openCards: [...inReview, card({ columnId: "doing" })] }));
    expect(i).toMatchObject({
      title: "Work piles up in Review: 5 of 6 cards in progress",
      evidence: [
        { label: "In progress", value: "1 card" },
        { label: "Review", value: "5 cards" },
      ],
    });
    // Spread evenly: no pile.
    const even = [...inReview.slice(0, 3), card({ columnId: "doing" }), card({ columnId: "doing" }), card({ columnId: "doing" })];
    expect(rules.pileUp(data({ openCards: even }))).toEqual([]);
  });

  it("throughput drop: this week under the mean minus two standard deviations of the eight before", () => {
    // Eight weeks of 4, 6, 4, 6... (mean 5, sd 1): floor 3; this week 2.
    const [i] = rules.throughputDrop(data({ weekly: new Map([[P, [4, 6, 4, 6, 4, 6, 4, 6, 2]]]) }));
    expect(i).toMatchObject({
      title: "Throughput dropped: 2 cards finished in the last 7 days against 5 a week before",
      evidence: [{}, {}, { value: "3" }],
    });
    expect(rules.throughputDrop(data({ weekly: new Map([[P, [4, 6, 4, 6, 4, 6, 4, 6, 3]]]) }))).toEqual([]);
    // A project younger than nine weeks: no judgement.
    const young = data({ weekly: new Map([[P, [4, 6, 4, 6, 4, 6, 4, 6, 0]]]) });
    young.projects[0]!.firstActivityAt = days(30);
    expect(rules.throughputDrop(young)).toEqual([]);
  });

  it("possible duplicate cards", () => {
    const [a, b] = [card({ title: "Fix the login button" }), card({ title: "Fix login button" })];
    const [i] = rules.duplicates(data({ openCards: [a, b], duplicates: [{ projectId: P, aId: a.id, bId: b.id, similarity: 0.82 }] }));
    expect(i).toMatchObject({
      title: `#${a.number} and #${b.number} may be the same work`,
      evidence: [{ value: "82 % similar title" }, { href: `/projects/p1?task=${b.id}` }],
    });
    expect(rules.duplicates(data({ openCards: [a, b] }))).toEqual([]);
    // At most five pairs per project, the most similar first.
    const many = Array.from({ length: 8 }, (_, k) => card({ title: `Look-alike ${k}` }));
    const pairs = many.slice(1).map((c, k) => ({ projectId: P, aId: many[0]!.id, bId: c.id, similarity: 0.6 + k / 100 }));
    const shown = rules.duplicates(data({ openCards: many, duplicates: pairs }));
    expect(shown).toHaveLength(5);
    expect(shown[0]!.evidence[0]!.value).toBe("66 % similar title");
  });

  it("urgent cards with nobody assigned", () => {
    const lone = card({ priority: "urgent" });
    const owned = card({ priority: "urgent", assigneeIds: ["ann"] });
    const [i] = rules.urgentUnassigned(data({ openCards: [lone, owned, card()] }));
    expect(i).toMatchObject({ severity: "high", title: "1 urgent card with nobody assigned", evidence: [{ value: "in To do" }] });
    expect(rules.urgentUnassigned(data({ openCards: [owned] }))).toEqual([]);
  });

  it("every rule together, most severe first; the hash follows the evidence", () => {
    const late = card({ dueDate: "2026-11-01" });
    const urgent = card({ priority: "urgent" });
    const stale = card({ columnId: "doing", lastActivityAt: days(9) });
    const all = runRules(data({ openCards: [late, urgent, stale] }));
    expect(all.map((i) => i.type)).toEqual(["overdue", "urgent-unassigned", "stale-work"]);
    const again = runRules(data({ openCards: [late, urgent, stale] }));
    expect(again.map((i) => i.evidenceHash)).toEqual(all.map((i) => i.evidenceHash));
    const more = runRules(data({ openCards: [late, card({ dueDate: "2026-11-02" }), urgent, stale] }));
    expect(more[0]!.id).toBe(all[0]!.id);
    expect(more[0]!.evidenceHash).not.toBe(all[0]!.evidenceHash);
    expect(runRules(data())).toEqual([]);
  });

  it("lists at most ten cards, then one line for the rest", () => {
    const many = Array.from({ length: 12 }, () => card({ dueDate: "2026-11-01" }));
    const [i] = rules.overdue(data({ openCards: many }));
    expect(i!.evidence).toHaveLength(11);
    expect(i!.evidence.at(-1)).toEqual({ label: "2 more cards", href: "/projects/p1?due=overdue", value: "on the board" });
  });
});
