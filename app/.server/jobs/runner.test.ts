import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { setEstimate } from "../cycles/estimates";
import { db, schema } from "../db";
import { loadBoard } from "../projects/board-reads";
import { createCard, moveCard } from "../projects/cards";
import { createProject } from "../projects/projects";
import { JOBS, schedulerPending, startScheduler, stopScheduler } from ".";
import { runJob, type Job } from "./runner";

const { jobRuns, projectDailySnapshots } = schema;

const at = (iso: string) => vi.setSystemTime(new Date(iso));

describe("the job runner", () => {
  beforeEach(async () => {
    await resetDb();
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterEach(async () => {
    await stopScheduler();
    vi.useRealTimers();
  });

  it("runs a daily job once per day under two concurrent callers, and again the next day", async () => {
    const runs: string[] = [];
    const job: Job = { name: "count", every: "day", run: async (_tx, today) => void runs.push(today) };
    at("2026-03-02T10:00:00Z");
    const outcomes = await Promise.all([runJob(job), runJob(job)]);
    // PGlite serialises the two transactions (the second finds the mark); on Postgres the second finds the lock taken.
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ran")[0]).toMatch(/^(done|busy)$/);
    at("2026-03-02T23:59:00Z");
    expect(await runJob(job)).toBe("done");
    at("2026-03-03T00:01:00Z");
    expect(await runJob(job)).toBe("ran");
    expect(runs).toEqual(["2026-03-02", "2026-03-03"]);
    expect((await db().select().from(jobRuns).orderBy(asc(jobRuns.key))).map((r) => r.key)).toEqual(["2026-03-02", "2026-03-03"]);
  });

  it("leaves no mark when a run fails (or the process dies mid-run), so the next tick runs it again", async () => {
    let fail = true;
    const written: string[] = [];
    const job: Job = {
      name: "flaky",
      every: "day",
      run: async (tx, today) => {
        await tx.insert(jobRuns).values({ name: "side-effect", key: today, startedAt: new Date(), finishedAt: new Date() });
        if (fail) throw new Error("crash");
        written.push(today);
      },
    };
    at("2026-03-02T10:00:00Z");
    await expect(runJob(job)).rejects.toThrow("crash");
    expect(await db().select().from(jobRuns)).toEqual([]);
    fail = false;
    expect(await runJob(job)).toBe("ran");
    expect(written).toEqual(["2026-03-02"]);
  });

  it("runs a 'once' job once ever", async () => {
    let n = 0;
    const job: Job = { name: "one-time", every: "once", run: async () => void n++ };
    at("2026-03-02T10:00:00Z");
    expect(await runJob(job)).toBe("ran");
    at("2026-03-09T10:00:00Z");
    expect(await runJob(job)).toBe("done");
    expect(n).toBe(1);
  });

  it("fills the snapshots of the days it missed after a restart, each day's numbers from the transitions", async () => {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    at("2026-03-01T12:00:00Z");
    const project = await createProject(member, { name: "Launch" });
    const { columns } = await loadBoard(member, project.id);
    const [, todo, doing, , done] = columns;
    at("2026-03-02T09:00:00Z");
    const a = await createCard(member, project.id, { columnId: todo!.id, title: "A" });
    const b = await createCard(member, project.id, { columnId: todo!.id, title: "B" });
    await setEstimate(member, project.id, a.id, 3);
    await setEstimate(member, project.id, b.id, 0.5);

    // The app runs on the 3rd: the 2nd is snapshotted.
    at("2026-03-03T08:00:00Z");
    await startScheduler();
    expect(schedulerPending()).toBe(true);
    await stopScheduler();
    expect(schedulerPending()).toBe(false);
    await moveCard(member, project.id, { cardId: a.id, toColumnId: doing!.id, index: 1 });
    at("2026-03-04T08:00:00Z");
    await moveCard(member, project.id, { cardId: a.id, toColumnId: done!.id, index: 1 });
    at("2026-03-05T08:00:00Z");
    await moveCard(member, project.id, { cardId: b.id, toColumnId: doing!.id, index: 1 });

    // Down on the 4th and 5th; back on the 6th: the 3rd, 4th and 5th are filled in.
    at("2026-03-06T07:00:00Z");
    await startScheduler();
    await stopScheduler();

    const rows = await db()
      .select()
      .from(projectDailySnapshots)
      .where(eq(projectDailySnapshots.projectId, project.id))
      .orderBy(asc(projectDailySnapshots.day));
    const byDay = (day: string) =>
      Object.fromEntries(
        rows
          .filter((r) => r.day === day && r.cardCount > 0)
          .map((r) => [columns.find((c) => c.id === r.columnId)!.name, [r.cardCount, Number(r.points)]]),
      );
    expect([...new Set(rows.map((r) => r.day))]).toEqual(["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]);
    expect(rows.filter((r) => r.day === "2026-03-02")).toHaveLength(5);
    expect(byDay("2026-03-02")).toEqual({ "To do": [2, 3.5] });
    expect(byDay("2026-03-03")).toEqual({ "To do": [1, 0.5], "In progress": [1, 3] });
    expect(byDay("2026-03-04")).toEqual({ "To do": [1, 0.5], Done: [1, 3] });
    expect(byDay("2026-03-05")).toEqual({ "In progress": [1, 0.5], Done: [1, 3] });
    expect(rows.find((r) => r.day === "2026-03-05" && r.columnId === done!.id)!.stateGroup).toBe("completed");

    // Two instances starting together on the 7th write the 6th once.
    at("2026-03-07T07:00:00Z");
    await Promise.all([startScheduler(), runJob(JOBS[1]!)]);
    await stopScheduler();
    const sixth = await db().select().from(projectDailySnapshots).where(eq(projectDailySnapshots.day, "2026-03-06"));
    expect(sixth).toHaveLength(5);
    expect((await db().select().from(jobRuns).where(eq(jobRuns.name, "daily-snapshots"))).map((r) => r.key).sort()).toEqual([
      "2026-03-03",
      "2026-03-06",
      "2026-03-07",
    ]);
  });
});
