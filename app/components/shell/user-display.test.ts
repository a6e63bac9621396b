import { describe, expect, it } from "vitest";
import { avatarInitials, displayName, displayRole } from "./user-display";

describe("avatarInitials", () => {
  it("takes the first two letters of the e-mail in upper case", () => {
    expect(avatarInitials("jane.doe@example.com")).toBe("JA");
    expect(avatarInitials("x@example.com")).toBe("X@");
  });
  it("never renders an empty avatar", () => {
    expect(avatarInitials("")).toBe("U");
    expect(avatarInitials(null)).toBe("U");
  });
});

describe("displayName", () => {
  it("prefers the full name", () => {
    expect(displayName({ fullName: "Jane Doe", email: "jane@example.com" })).toBe("Jane Doe");
  });
  it("falls back to the part of the e-mail before the @", () => {
    expect(displayName({ fullName: "", email: "jane.doe@example.com" })).toBe("jane.doe");
    expect(displayName({ fullName: "   ", email: "jane@example.com" })).toBe("jane");
    expect(displayName({ fullName: null, email: "jane@example.com" })).toBe("jane");
  });
  it("then to 'User'", () => {
    expect(displayName({ fullName: null, email: "" })).toBe("User");
    expect(displayName({})).toBe("User");
  });
});

describe("displayRole", () => {
  it("shows the role, capitalised", () => {
    expect(displayRole("admin")).toBe("Admin");
    expect(displayRole("Designer")).toBe("Designer");
  });
  it("falls back to 'Member'", () => {
    expect(displayRole(null)).toBe("Member");
    expect(displayRole(undefined)).toBe("Member");
    expect(displayRole(" ")).toBe("Member");
  });
});
