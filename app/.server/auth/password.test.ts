import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes with argon2id and a fresh salt, and verifies only the right password", async () => {
    const a = await hashPassword("Correct-Horse-9");
    const b = await hashPassword("Correct-Horse-9");
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Correct-Horse-9", a)).toBe(true);
    expect(await verifyPassword("correct-horse-9", a)).toBe(false);
  });

  it("answers false, not an error, for an account without a password or a malformed hash", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
  });
});
