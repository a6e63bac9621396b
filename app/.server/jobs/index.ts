import { backfillTransitions } from "../analytics/backfill";
import { addDays } from "../analytics/days";
import { weeklyDigestJob } from "../analytics/digest";
import { writeSnapshots } from "../analytics/snapshots";
import { vacuumEmbedded } from "../db/vacuum";
import { compactInsightChanges } from "../insights/cache";
import { slackDigestJob } from "../integrations/slack-digest";
import { digest, dueSoon, trialEnding } from "../notifications/jobs";
import { pruneDeliveries } from "../webhooks/queue";
import { sweepWireframeLeftovers } from "../wireframes/sweep";
import { runJobs, type Job } from "./runner";

/**
 * The app's scheduled jobs and their timer. `startScheduler` (from lifecycle.ts) runs the
 * due jobs at start-up and then every `SCHEDULER_EVERY_MS`; the timer never keeps the
 * process alive, and `stopScheduler` waits for a run in progress.
 */
export const SCHEDULER_EVERY_MS = 15 * 60_000;

export const JOBS: Job[] = [
  // Transitions of cards from before the log existed, from the activity log (once).
  { name: "transitions-backfill", every: "once", run: (tx) => backfillTransitions(tx) },
  // Yesterday's snapshots, and any earlier day that was missed.
  { name: "daily-snapshots", every: "day", run: (tx, today) => writeSnapshots(tx, addDays(today, -1)) },
  // Wireframe images no document uses for a day are freed; links to screens removed 30 days ago go.
  { name: "wireframe-sweep", every: "day", run: (tx) => sweepWireframeLeftovers(tx) },
  // The insight cache's change marks: one per project is enough (docs/decisions/020).
  { name: "insight-changes-compact", every: "day", run: (tx) => compactInsightChanges(tx) },
  // Notifications: cards due today or tomorrow, trials ending within 3 days, the daily digest.
  { name: "notify-due-soon", every: "day", run: (tx, today) => dueSoon(tx, today) },
  { name: "notify-trial-ending", every: "day", run: (tx, today) => trialEnding(tx, today) },
  { name: "notification-digest", every: "day", run: () => digest() },
  // The weekly digest e-mail (completed, started, overdue, insights, cycle forecasts), once per ISO week.
  { name: "weekly-digest", every: "week", run: async (_tx, today) => weeklyDigestJob(today) },
  // The webhook delivery log keeps finished deliveries for 30 days.
  { name: "webhook-log-prune", every: "day", run: (tx) => pruneDeliveries(tx) },
  // The same week in each project's Slack channel (decision 030).
  { name: "slack-weekly-digest", every: "week", run: async (_tx, today) => slackDigestJob(today) },
  // The embedded database's VACUUM, which it never runs by itself (db/vacuum.ts); not in a transaction, so after the run's.
  { name: "embedded-vacuum", every: "day", run: async () => ({ afterCommit: () => vacuumEmbedded() }) },
];

let timer: ReturnType<typeof setTimeout> | undefined;
let stopped = true;
let running: Promise<unknown> = Promise.resolve();

/** One run, then the next is scheduled once it has finished (runs never overlap in a process). */
function tick(): Promise<unknown> {
  running = runJobs(JOBS)
    .catch((error: unknown) => console.error("[jobs] run failed", error))
    .finally(() => {
      if (stopped) return;
      timer = setTimeout(() => void tick(), SCHEDULER_EVERY_MS);
      timer.unref();
    });
  return running;
}

/** Runs the due jobs now and then every SCHEDULER_EVERY_MS; resolves when the first run has finished. */
export function startScheduler(): Promise<unknown> {
  clearTimeout(timer);
  stopped = false;
  return tick();
}

/** Stops the timer and waits for a run in progress. */
export async function stopScheduler(): Promise<void> {
  stopped = true;
  clearTimeout(timer);
  timer = undefined;
  await running;
  clearTimeout(timer);
}

/** Whether a next run is scheduled (tests). */
export function schedulerPending(): boolean {
  return timer !== undefined && !stopped;
}
