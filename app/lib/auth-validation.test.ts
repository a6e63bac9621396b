import { describe, expect, it } from "vitest";
import { normalizeEmail, parseAuthMode } from "./auth-validation";

describe("auth modes and addresses (spec section 5)", () => {
  it("trims and lower-cases e-mails", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
  });

  it("reads an unknown mode as sign-in", () => {
    expect(parseAuthMode("signup")).toBe("signup");
    expect(parseAuthMode("admin")).toBe("signin");
    expect(parseAuthMode(null)).toBe("signin");
  });
});
