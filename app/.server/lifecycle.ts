import { purgeExpiredSessions } from "./auth/session";
import { closeDb, ensureDb } from "./db";
import { env, placeholderProblems } from "./env";
import { startInsightRefresh, stopInsightRefresh } from "./insights/refresh";
import { startScheduler, stopScheduler } from "./jobs";
import { stopRealtime } from "./realtime";
import { sessionSecrets } from "./secrets";
import { startWebhooks, stopWebhooks } from "./webhooks";

/** Expired sessions are deleted at start-up and then this often. */
export const SESSION_PURGE_EVERY_MS = 60 * 60_000;

let purgeTimer: ReturnType<typeof setInterval> | undefined;
let purging: Promise<void> = Promise.resolve();

/** One purge; a failure is logged and the next run tries again (the server keeps serving). */
function purgeSessions(): Promise<void> {
  purging = purgeExpiredSessions().catch((error: unknown) => console.error("[sessions] purge of expired sessions failed", error));
  return purging;
}

/** The purge that is running or ran last (tests wait for it). */
export function sessionPurgeSettled(): Promise<void> {
  return purging;
}

/**
 * Called by server.ts before it listens: validates the environment (a bad variable
 * stops the process with a message naming it), runs migrations, checks secrets, and
 * starts the hourly purge of expired sessions, the scheduled jobs and the insights' background
 * refresh (their timers never keep the process alive).
 */
export async function startup(): Promise<{
  port: number;
  appUrl: string;
  warnings: string[];
  formActionOrigins: string[];
}> {
  const e = env();
  const warnings = placeholderProblems(process.env);
  sessionSecrets();
  await ensureDb();
  await purgeSessions();
  clearInterval(purgeTimer);
  purgeTimer = setInterval(() => void purgeSessions(), SESSION_PURGE_EVERY_MS);
  purgeTimer.unref();
  // The daily jobs (analytics snapshots): not awaited, serving starts at once.
  void startScheduler();
  // Viewed projects' insights, computed in the background after a change (insights/refresh.ts).
  startInsightRefresh();
  // Outgoing webhooks: this process's delivery runner, which also picks up what earlier runs left.
  startWebhooks();
  const formActionOrigins = [
    e.GOOGLE_AUTHORIZATION_URL,
    e.GITHUB_AUTHORIZATION_URL,
    // "Connect Figma" posts a form whose answer redirects to Figma (decision 030).
    e.FIGMA_AUTHORIZE_URL,
    "https://checkout.stripe.com",
    "https://billing.stripe.com",
    // With IDENTITY=supabase the OAuth buttons' redirect goes through Supabase (decision 018).
    ...(e.SUPABASE_URL ? [e.SUPABASE_URL] : []),
  ].map((u) => new URL(u).origin);
  return { port: e.PORT, appUrl: e.APP_URL, warnings, formActionOrigins: [...new Set(formActionOrigins)] };
}

export async function shutdown(): Promise<void> {
  clearInterval(purgeTimer);
  purgeTimer = undefined;
  await purging;
  await stopScheduler();
  await stopWebhooks();
  await stopInsightRefresh();
  // The LISTEN connection (on Postgres, a connection of its own), opened at start by the refresh.
  await stopRealtime();
  await closeDb();
}
