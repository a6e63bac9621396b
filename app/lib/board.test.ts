import { describe, expect, it } from "vitest";
import { dueState, dueWindow, isClosedStateGroup, STATE_GROUPS } from "./board";
import { calendarDay } from "./dates";

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

describe("dueState in the user's time zone: overdue once the due day is over where they are", () => {
  const due = "2026-11-20";
  it("UTC−10 (Honolulu): at 05:00 UTC on Nov 21 it is still Nov 20 there, so due today, not overdue", () => {
    const now = new Date("2026-11-21T05:00:00Z");
    expect(dueState(due, "started", calendarDay(now, "UTC"))).toBe("overdue");
    expect(dueState(due, "started", calendarDay(now, "Pacific/Honolulu"))).toBe("soon");
    // Ten hours later their day is over too.
    expect(dueState(due, "started", calendarDay(new Date("2026-11-21T10:00:00Z"), "Pacific/Honolulu"))).toBe("overdue");
  });
  it("UTC+13 (Apia): at 11:30 UTC on Nov 20 it is already Nov 21 there, so overdue", () => {
    const now = new Date("2026-11-20T11:30:00Z");
    expect(dueState(due, "started", calendarDay(now, "UTC"))).toBe("soon");
    expect(dueState(due, "started", calendarDay(now, "Pacific/Apia"))).toBe("overdue");
    expect(dueState(due, "completed", calendarDay(now, "Pacific/Apia"))).toBeNull();
  });
  it("gives the due filters the same day", () => {
    expect(dueWindow("overdue", calendarDay(new Date("2026-11-20T11:30:00Z"), "Pacific/Apia"))).toEqual({ before: "2026-11-21" });
  });
});
