import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { hit, peek } from "./index";

describe("rate limit", () => {
  beforeEach(resetDb);

  it("allows up to the limit, then refuses with a retry time within the window", async () => {
    for (let i = 0; i < 3; i++) expect((await hit("k", 3, 300)).ok).toBe(true);
    const fourth = await hit("k", 3, 300);
    expect(fourth.ok).toBe(false);
    if (!fourth.ok) {
      expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
      expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(300);
    }
    expect((await peek("k", 3, 300)).ok).toBe(false);
    expect((await hit("other", 3, 300)).ok).toBe(true);
  });
});
