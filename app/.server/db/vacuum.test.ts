import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { makeOwner } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { JOBS } from "../jobs";
import { runJob } from "../jobs/runner";
import { db, rowsOf } from "./index";
import { vacuumEmbedded } from "./vacuum";

// The statistics are sent at the end of a transaction, at most once a second unless asked to.
const usersStats = async () => {
  await db().execute(sql`select pg_stat_force_next_flush()`);
  return rowsOf<{ dead: number; vacuumed: boolean }>(
    await db().execute(
      sql`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'users'`,
    ),
  )[0]!;
};

describe("vacuuming the embedded database (PGlite runs no autovacuum)", () => {
  beforeEach(resetDb);

  // One test for both databases (no test is skipped in either run): the job is the same, its work differs.
  it("the daily job vacuums every embedded table, and the dead rows are gone; on Postgres it leaves that to autovacuum", async () => {
    const job = JOBS.find((j) => j.name === "embedded-vacuum")!;
    expect(job).toMatchObject({ every: "day" });
    if (process.env.DATABASE_URL) {
      expect(await vacuumEmbedded()).toEqual([]);
      expect(await runJob(job, new Date("2026-11-28T01:00:00Z"))).toBe("ran");
      return;
    }
    const { user } = await makeOwner();
    for (let i = 0; i < 20; i++) await db().execute(sql`update users set full_name = ${`Name ${i}`} where id = ${user.id}`);
    expect((await usersStats()).dead).toBeGreaterThan(0);
    expect(await runJob(job, new Date("2026-11-28T01:00:00Z"))).toBe("ran");
    expect(await usersStats()).toEqual({ dead: 0, vacuumed: true });
    // Once a day: the same day's second tick finds it done.
    expect(await runJob(job, new Date("2026-11-28T09:00:00Z"))).toBe("done");
  });
});
