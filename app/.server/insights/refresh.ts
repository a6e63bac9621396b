import { isUuid } from "~/lib/ids";
import { db } from "../db";
import { ready, subscribe } from "../realtime";
import { refreshWarmInsights } from "./cache";

/**
 * Insights kept warm in the background (docs/decisions/025): after a change to what a viewed
 * project's insights rest on, this process computes them at once, off any page's time, so the
 * next board, dashboard or analytics page finds them ready; and it computes them again shortly
 * before their lifetime runs out, so time alone never makes a page wait either.
 *
 * Triggered by the change marks' notifications (migration 0220: "insights|<project id>" on the
 * realtime channel, from every process's writes) and checked every REFRESH_EVERY_MS as well, so a
 * lost notification costs at most that long. Which projects are warm, stale and claimed is all in
 * the database (./cache.ts), so several app processes on one database share the work.
 */

/** A change is computed this long after its notification, so a burst of writes (a bulk move) costs one run. */
export const AFTER_CHANGE_MS = 200;
/** Between two runs for changes, at least this long: a board written to without pause costs a bounded share of a core. */
export const BETWEEN_RUNS_MS = 1_000;
/** How often the warm projects are checked without a notification (lifetimes running out, lost notifications). */
export const REFRESH_EVERY_MS = 30_000;

let stopped = true;
let unsubscribe: (() => void) | null = null;
let changeTimer: ReturnType<typeof setTimeout> | undefined;
let sweepTimer: ReturnType<typeof setInterval> | undefined;
let pending = new Set<string>();
let current: Promise<void> = Promise.resolve();
let busy = false;

/** One run: the changed projects (`ids`), or every warm project when null. Failures are logged; the next run tries again. */
function run(ids: string[] | null): Promise<void> {
  busy = true;
  const work = current
    .then(() => refreshWarmInsights(db(), { now: new Date(), ...(ids ? { projectIds: ids } : {}) }))
    .then(
      () => {},
      (error: unknown) => console.error("[insights] background refresh failed", error),
    )
    .finally(() => {
      busy = false;
      if (pending.size > 0) schedule(BETWEEN_RUNS_MS);
    });
  current = work;
  return work;
}

function schedule(delayMs: number) {
  if (stopped || changeTimer !== undefined) return;
  changeTimer = setTimeout(() => {
    changeTimer = undefined;
    const ids = [...pending];
    pending = new Set();
    void run(ids);
  }, delayMs);
  changeTimer.unref();
}

/**
 * A notification: a project's id, or (after the LISTEN connection was lost and came back, when
 * notifications may have been missed) the realtime layer's resync event, which checks every
 * warm project at once.
 */
function changed(payload: string) {
  if (stopped) return;
  if (!isUuid(payload)) {
    void run(null);
    return;
  }
  pending.add(payload);
  if (!busy) schedule(AFTER_CHANGE_MS);
}

/** Starts listening for changes and the periodic check (from lifecycle.ts); its timers never keep the process alive. */
export function startInsightRefresh(): void {
  if (!stopped) return;
  stopped = false;
  unsubscribe = subscribe("insights", changed);
  // Without the notifications (the LISTEN connection could not start), the periodic check still runs.
  ready().catch((error: unknown) => console.error("[insights] listening for changes failed; checking every 30 s only", error));
  sweepTimer = setInterval(() => void run(null), REFRESH_EVERY_MS);
  sweepTimer.unref();
}

/** Stops listening and the timers, and waits for a run in progress. */
export async function stopInsightRefresh(): Promise<void> {
  stopped = true;
  unsubscribe?.();
  unsubscribe = null;
  clearTimeout(changeTimer);
  changeTimer = undefined;
  clearInterval(sweepTimer);
  sweepTimer = undefined;
  pending = new Set();
  await current;
}

/** The run in progress or the last one (tests). */
export function insightRefreshSettled(): Promise<void> {
  return current;
}
