import { and, eq, sql } from "drizzle-orm";
import { rowsOf, schema, transaction, type Db } from "../db";
import { dayOf, weekStart } from "../analytics/days";

/**
 * Jobs that run inside the app: each once per UTC day (or once ever), across any number
 * of app processes on one database. A run is one transaction that first takes a Postgres
 * advisory lock for the job (another process holding it: this one skips), then looks for
 * the job's `job_runs` row for the key (there: done), runs the job and writes that row.
 * A run that fails or a process that dies mid-run rolls back entirely, so the next tick
 * (or the next start) runs it again; a job fills the days it missed itself.
 */
const { jobRuns } = schema;

export type Job = {
  name: string;
  /** "day": once per UTC day, keyed by the day; "week": once per ISO week, keyed by its Monday; "once": once ever. */
  every: "day" | "week" | "once";
  /** `today` is the run's UTC day (YYYY-MM-DD). */
  run(tx: Db, today: string): Promise<unknown>;
};

export type RunOutcome = "ran" | "done" | "busy";

/** The advisory lock's first key (the second is the job name's hash). */
const LOCK_SPACE = 727_274_010;

export async function runJob(job: Job, now: Date = new Date()): Promise<RunOutcome> {
  const today = dayOf(now);
  const key = job.every === "once" ? "once" : job.every === "week" ? `week:${weekStart(today)}` : today;
  let afterCommit: (() => Promise<unknown>) | undefined;
  const outcome = await transaction(async (tx): Promise<RunOutcome> => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${LOCK_SPACE}, hashtext(${job.name})) AS locked`),
    );
    if (!lock?.locked) return "busy";
    const [done] = await tx
      .select({ key: jobRuns.key })
      .from(jobRuns)
      .where(and(eq(jobRuns.name, job.name), eq(jobRuns.key, key)));
    if (done) return "done";
    const startedAt = new Date();
    const result = await job.run(tx, today);
    if (hasAfterCommit(result)) afterCommit = result.afterCommit;
    await tx.insert(jobRuns).values({ name: job.name, key, startedAt, finishedAt: new Date() });
    return "ran";
  });
  // What must not run inside the transaction (mail, live notices) runs once it has committed.
  if (afterCommit) await afterCommit().catch((error: unknown) => console.error(`[jobs] ${job.name}: after the run`, error));
  return outcome;
}

/** A job may return `{ afterCommit }`: work to do once its run has committed (sending mail, telling open pages). */
function hasAfterCommit(value: unknown): value is { afterCommit: () => Promise<unknown> } {
  return typeof value === "object" && value !== null && typeof (value as { afterCommit?: unknown }).afterCommit === "function";
}

/** Runs each job in order; a failing job is logged and does not stop the ones after it. */
export async function runJobs(jobs: Job[], now: Date = new Date()): Promise<Record<string, RunOutcome | "failed">> {
  const out: Record<string, RunOutcome | "failed"> = {};
  for (const job of jobs) {
    try {
      out[job.name] = await runJob(job, now);
    } catch (error) {
      console.error(`[jobs] ${job.name} failed; it runs again at the next tick`, error);
      out[job.name] = "failed";
    }
  }
  return out;
}
