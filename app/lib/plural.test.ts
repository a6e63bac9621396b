import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("says the count with its noun, thousands grouped", () => {
    expect(plural(1, "card")).toBe("1 card");
    expect(plural(0, "card")).toBe("0 cards");
    expect(plural(6000, "card")).toBe("6,000 cards");
    expect(plural(2, "person", "people")).toBe("2 people");
    expect(plural(2.5, "point")).toBe("2.5 points");
  });
});
