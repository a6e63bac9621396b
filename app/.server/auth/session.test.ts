import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session";

describe("safeRedirect", () => {
  it("keeps a same-origin path", () => {
    expect(safeRedirect("/projects/1?task=2")).toBe("/projects/1?task=2");
  });

  it("refuses another origin, however it is spelled", () => {
    for (const to of ["https://evil.example", "//evil.example", "/\\evil.example", "evil"]) expect(safeRedirect(to), to).toBe("/dashboard");
  });

  it("refuses control characters", () => {
    expect(safeRedirect("/a\nb")).toBe("/dashboard");
    expect(safeRedirect("/a\u0000")).toBe("/dashboard");
  });

  it("falls back when there is nothing to go to", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect("", "")).toBe("");
  });
});
