import { describe, expect, it } from "vitest";
import { addDays, calendarDay, daysUntil, formatDateTime, formatDay, formatLongDay, formatMonthDay, formatNumericDay } from "./dates";

describe("dates", () => {
  it("shows a calendar day as that day, with the year", () => {
    expect(formatDay("2026-11-20")).toBe("Nov 20, 2026");
    expect(formatDay("2026-01-01")).toBe("Jan 1, 2026");
  });
  it("shows a moment's day and a 24-hour UTC time", () => {
    expect(formatDay(new Date("2026-11-20T23:30:00Z"))).toBe("Nov 20, 2026");
    expect(formatDateTime(new Date("2026-11-20T14:05:00Z"))).toBe("Nov 20, 2026, 14:05 UTC");
    expect(formatDateTime("2026-11-20T00:07:00.000Z")).toBe("Nov 20, 2026, 00:07 UTC");
  });
  it("leaves text that is not a date as it is", () => {
    expect(formatDay("soon")).toBe("soon");
  });
  it("shows a due date without its year, and the projects list's numeric day", () => {
    expect(formatMonthDay("2026-11-20")).toBe("Nov 20");
    expect(formatNumericDay(new Date("2026-11-20T23:30:00Z"))).toBe("11/20/2026");
  });
  it("counts calendar days in UTC", () => {
    expect(calendarDay(new Date("2026-11-20T23:30:00Z"))).toBe("2026-11-20");
    expect(addDays("2026-11-28", 7)).toBe("2026-12-05");
  });
});

describe("billing's dates", () => {
  it("spells the month out for renewals and invoices", () => {
    expect(formatLongDay("2026-12-22T10:00:00.000Z")).toBe("December 22, 2026");
    expect(formatLongDay("2026-12-22")).toBe("December 22, 2026");
  });
  it("counts the days left of a trial, a part day as one, none once it is over", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    expect(daysUntil(new Date("2026-12-04T12:00:00Z"), now)).toBe(14);
    expect(daysUntil(new Date("2026-11-20T12:00:01Z"), now)).toBe(1);
    expect(daysUntil(new Date("2026-11-19T12:00:00Z"), now)).toBe(0);
  });
});
