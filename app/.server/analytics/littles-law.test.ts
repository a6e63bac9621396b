import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { loadBoard } from "../projects/board-reads";
import { createProject } from "../projects/projects";
import { addDays, DAY_MS, startOfDay } from "./days";
import { projectFlow } from "./reports";

/**
 * Little's law (issue 10): in a steady state, average work in progress = throughput × average
 * cycle time. A synthetic history of 20 weeks: every day three cards arrive at 08:00 and start
 * at 09:00, 13:00 and 17:00; each takes between 1 and 8 days (a fixed-seed random draw, 4.5 on
 * average) and then goes to Done. The app's own metrics (projectFlow: the cumulative flow's
 * "started" count at the end of each day, the weekly throughput, the finished cards' cycle
 * times) are read over weeks 4 to 18, well after the start-up and before the end, and must
 * agree with the law within 10 %.
 */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("Little's law on a synthetic steady-state history", () => {
  beforeEach(resetDb);

  it("average WIP ≈ throughput × average cycle time, within 10 %", async () => {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Steady" });
    const { columns } = await loadBoard(member, project.id);
    const col = (name: string) => columns.find((c) => c.name === name)!.id;
    const [todo, doing, done] = [col("To do"), col("In progress"), col("Done")];

    const first = "2026-01-05"; // a Monday
    const historyEnd = startOfDay(addDays(first, 20 * 7)).getTime();
    const random = mulberry32(42);
    const rows: (typeof schema.cardTransitions.$inferInsert)[] = [];
    const base = { workspaceId: member.workspace.id, projectId: project.id, userId: user.id };
    for (let d = 0; d < 20 * 7; d++) {
      const day = startOfDay(addDays(first, d)).getTime();
      for (const startHour of [9, 13, 17]) {
        const cardId = randomUUID();
        const started = day + startHour * 3_600_000;
        const finished = started + (1 + 7 * random()) * DAY_MS;
        rows.push({ ...base, cardId, toColumnId: todo, toStateGroup: "unstarted", at: new Date(day + 8 * 3_600_000) });
        rows.push({
          ...base,
          cardId,
          fromColumnId: todo,
          toColumnId: doing,
          fromStateGroup: "unstarted",
          toStateGroup: "started",
          at: new Date(started),
        });
        if (finished < historyEnd)
          rows.push({
            ...base,
            cardId,
            fromColumnId: doing,
            toColumnId: done,
            fromStateGroup: "started",
            toStateGroup: "completed",
            at: new Date(finished),
          });
      }
    }
    for (let k = 0; k < rows.length; k += 500)
      await db()
        .insert(schema.cardTransitions)
        .values(rows.slice(k, k + 500));

    // Weeks 4 to 18: Monday 2 Feb to Sunday 17 May 2026 (15 whole weeks).
    const range = { from: addDays(first, 4 * 7), to: addDays(first, 19 * 7 - 1) };
    const flow = await projectFlow(member, project.id, range);
    const wip = flow.cfd.reduce((s, p) => s + p.started, 0) / flow.cfd.length;
    expect(flow.throughput).toHaveLength(15);
    const perDay = flow.throughput.reduce((s, w) => s + w.completed, 0) / (flow.throughput.length * 7);
    const cycleTimes = flow.finished.flatMap((c) => (c.cycleDays === null ? [] : [c.cycleDays]));
    const cycleTime = cycleTimes.reduce((s, c) => s + c, 0) / cycleTimes.length;

    // The history is what it says: about three cards a day finish, taking about 4.5 days each.
    expect(perDay).toBeGreaterThan(2.7);
    expect(perDay).toBeLessThan(3.3);
    expect(cycleTime).toBeGreaterThan(4);
    expect(cycleTime).toBeLessThan(5);
    // Little's law: L = λ × W.
    expect(Math.abs(wip - perDay * cycleTime) / (perDay * cycleTime)).toBeLessThan(0.1);
  }, 120_000); // many writes: slow on a loaded machine
});
