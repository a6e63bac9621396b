// Start-up and shutdown as server.ts calls them: expired sessions are purged at start
// and every hour after, by a timer that does not keep the process alive and stops on shutdown.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db, schema } from "~/.server/db";
import { resetDb } from "../../tests/support/db";
import { makeUser } from "../../tests/support/factories";
import { SESSION_PURGE_EVERY_MS, sessionPurgeSettled, shutdown, startup } from "./lifecycle";

async function addSession(idHash: string, userId: string, expiresAt: Date) {
  await db().insert(schema.sessions).values({ idHash, userId, expiresAt });
}

async function sessionIds(): Promise<string[]> {
  const rows = await db().select({ idHash: schema.sessions.idHash }).from(schema.sessions);
  return rows.map((r) => r.idHash).sort();
}

describe("lifecycle: the purge of expired sessions", () => {
  beforeEach(async () => {
    await resetDb();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(async () => {
    await shutdown();
    vi.useRealTimers();
  });

  it("deletes expired sessions at start-up and keeps live ones", async () => {
    const user = await makeUser();
    await addSession("expired-at-start", user.id, new Date(Date.now() - 60_000));
    await addSession("live", user.id, new Date(Date.now() + 3_600_000));

    await startup();

    expect(await sessionIds()).toEqual(["live"]);
  });

  it("runs again every hour, on a timer that does not hold the process open", async () => {
    const schedule = vi.spyOn(globalThis, "setInterval");
    await startup();
    // The purge's timer is the one set to its period (start-up sets others: insights, jobs).
    const hourly = schedule.mock.calls.flatMap((call, i) => (call[1] === SESSION_PURGE_EVERY_MS ? [schedule.mock.results[i]!] : []));
    expect(hourly).toHaveLength(1);
    const timer = hourly[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    const user = await makeUser();
    await addSession("expired-later", user.id, new Date(Date.now() - 1_000));
    await addSession("live", user.id, new Date(Date.now() + 3_600_000));

    await vi.advanceTimersByTimeAsync(SESSION_PURGE_EVERY_MS - 1);
    await sessionPurgeSettled();
    expect(await sessionIds()).toEqual(["expired-later", "live"]);

    await vi.advanceTimersByTimeAsync(1);
    await sessionPurgeSettled();
    expect(await sessionIds()).toEqual(["live"]);
  });

  it("stops its timers on shutdown", async () => {
    const before = vi.getTimerCount();
    const schedule = vi.spyOn(globalThis, "setInterval");
    await startup();
    const started = schedule.mock.results.map((r) => r.value as NodeJS.Timeout);
    // The purge's among them, and the insights' background refresh's (insights/refresh.ts).
    expect(schedule.mock.calls.some((call) => call[1] === SESSION_PURGE_EVERY_MS)).toBe(true);
    expect(vi.getTimerCount()).toBe(before + started.length);
    // None of them keeps the process alive.
    for (const timer of started) expect(timer.hasRef()).toBe(false);
    const stop = vi.spyOn(globalThis, "clearInterval");
    await shutdown();
    // Every interval start-up set is cleared, and nothing else is left running.
    for (const timer of started) expect(stop).toHaveBeenCalledWith(timer);
    expect(vi.getTimerCount()).toBe(before);
    // The database reopens for the next test on first use.
    const user = await makeUser();
    expect((await db().select().from(schema.users).where(eq(schema.users.id, user.id))).length).toBe(1);
  });
});
