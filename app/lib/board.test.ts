import { describe, expect, it } from "vitest";
import { dueState, dueWindow, isClosedStateGroup, STATE_GROUPS } from "./board";

describe("dueState: one rule for overdue and due soon", () => {
  const today = "2026-11-20";

  it("reads a due date against today in an open column: overdue, soon (within a week), later", () => {
    expect(dueState("2026-11-19", "started", today)).toBe("overdue");
    expect(dueState("2026-11-20", "started", today)).toBe("soon");
    expect(dueState("2026-11-27", "unstarted", today)).toBe("soon");
    expect(dueState("2026-11-28", "backlog", today)).toBe("later");
    expect(dueState(null, "started", today)).toBeNull();
  });

  it("never calls a card in a completed or cancelled column overdue or due soon", () => {
    for (const due of ["2020-01-01", "2026-11-19", "2026-11-20", "2026-11-25", "2030-01-01"]) {
      expect(dueState(due, "completed", today)).toBeNull();
      expect(dueState(due, "cancelled", today)).toBeNull();
    }
    expect(STATE_GROUPS.filter(isClosedStateGroup)).toEqual(["completed", "cancelled"]);
  });

  it("gives the due filters the same windows as dueState", () => {
    expect(dueWindow("overdue", today)).toEqual({ before: today });
    expect(dueWindow("week", today)).toEqual({ from: today, to: "2026-11-27" });
  });
});
