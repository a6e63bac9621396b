import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { makeUser } from "../../../tests/support/factories";
import { db, schema } from "../db";
import { hashToken } from "./tokens";
import { checkToken, issueToken, spendToken } from "./one-time-tokens";

async function owner() {
  const user = await makeUser();
  return { userId: user.id, email: user.email };
}

describe("one-time tokens", () => {
  beforeEach(resetDb);

  it("stores only hashes; checking does not spend, spending works once", async () => {
    const o = await owner();
    const { token } = await issueToken("verify-email", o);
    const rows = await db().select().from(schema.authTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await checkToken("verify-email", token)).toEqual({ ok: true, ...o });
    expect(await checkToken("verify-email", token)).toEqual({ ok: true, ...o });
    expect(await spendToken("verify-email", token)).toEqual({ ok: true, ...o });
    expect(await spendToken("verify-email", token)).toEqual({ ok: false, reason: "used" });
    expect(await checkToken("verify-email", token)).toEqual({ ok: false, reason: "used" });
  });

  it("refuses an unknown token, a token of another purpose, and a wrong second token", async () => {
    const o = await owner();
    const { token, secondary } = await issueToken("reset-password", o, { withSecondary: true });
    expect(await checkToken("reset-password", "nope", secondary)).toEqual({ ok: false, reason: "unknown" });
    expect(await checkToken("verify-email", token)).toEqual({ ok: false, reason: "unknown" });
    expect(await spendToken("reset-password", token, "wrong")).toEqual({ ok: false, reason: "unknown" });
    expect(await spendToken("reset-password", token)).toEqual({ ok: false, reason: "unknown" });
    expect(await spendToken("reset-password", "", secondary)).toEqual({ ok: false, reason: "unknown" });
    expect((await spendToken("reset-password", token, secondary)).ok).toBe(true);
  });

  it("expires: verification after 24 hours, reset after one hour", async () => {
    const o = await owner();
    const before = Date.now();
    await issueToken("verify-email", o);
    const reset = await issueToken("reset-password", o, { withSecondary: true });
    const rows = await db().select().from(schema.authTokens);
    const ttl = (purpose: string) => rows.find((r) => r.purpose === purpose)!.expiresAt.getTime() - before;
    expect(Math.round(ttl("verify-email") / 60_000)).toBe(24 * 60);
    expect(Math.round(ttl("reset-password") / 60_000)).toBe(60);

    await db()
      .update(schema.authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.authTokens.purpose, "reset-password"));
    expect(await checkToken("reset-password", reset.token, reset.secondary)).toEqual({ ok: false, reason: "expired" });
    expect(await spendToken("reset-password", reset.token, reset.secondary)).toEqual({ ok: false, reason: "expired" });
  });

  it("a newer token voids the user's older unused ones of the same purpose only", async () => {
    const o = await owner();
    const other = await owner();
    const first = await issueToken("reset-password", o, { withSecondary: true });
    const verify = await issueToken("verify-email", o);
    const theirs = await issueToken("reset-password", other, { withSecondary: true });
    const second = await issueToken("reset-password", o, { withSecondary: true });
    expect((await checkToken("reset-password", first.token, first.secondary)).ok).toBe(false);
    expect((await checkToken("reset-password", second.token, second.secondary)).ok).toBe(true);
    expect((await checkToken("verify-email", verify.token)).ok).toBe(true);
    expect((await checkToken("reset-password", theirs.token, theirs.secondary)).ok).toBe(true);
  });

  it("of two concurrent spends only one succeeds", async () => {
    const o = await owner();
    const { token } = await issueToken("verify-email", o);
    const results = await Promise.all([spendToken("verify-email", token), spendToken("verify-email", token)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
