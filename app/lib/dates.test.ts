import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarDay,
  daysUntil,
  formatDateTime,
  formatDay,
  formatMonthDay,
  formatRelative,
  isTimeZone,
  timeZoneNames,
  zoneOr,
} from "./dates";

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
    expect(formatDay(new Date("2026-11-20T23:30:00Z"))).toBe("Nov 20, 2026");
  });
  it("counts calendar days in UTC", () => {
    expect(calendarDay(new Date("2026-11-20T23:30:00Z"))).toBe("2026-11-20");
    expect(addDays("2026-11-28", 7)).toBe("2026-12-05");
  });
});

describe("billing's dates", () => {
  it("shows renewals and invoices in the same format as every other day", () => {
    expect(formatDay("2026-12-22T10:00:00.000Z")).toBe("Dec 22, 2026");
    expect(formatDay("2026-12-22")).toBe("Dec 22, 2026");
  });
  it("counts the days left of a trial, a part day as one, none once it is over", () => {
    const now = new Date("2026-11-20T12:00:00Z");
    expect(daysUntil(new Date("2026-12-04T12:00:00Z"), now)).toBe(14);
    expect(daysUntil(new Date("2026-11-20T12:00:01Z"), now)).toBe(1);
    expect(daysUntil(new Date("2026-11-19T12:00:00Z"), now)).toBe(0);
  });
});

describe("dates in the user's time zone", () => {
  it("shows a moment in the zone, with the zone's name", () => {
    const m = new Date("2026-11-20T14:05:00Z");
    expect(formatDateTime(m, "UTC")).toBe("Nov 20, 2026, 14:05 UTC");
    expect(formatDateTime(m, null)).toBe("Nov 20, 2026, 14:05 UTC");
    expect(formatDateTime(m, "Pacific/Honolulu")).toBe("Nov 20, 2026, 04:05 HST");
    expect(formatDateTime(m, "Asia/Kolkata")).toBe("Nov 20, 2026, 19:35 GMT+5:30");
    // UTC+13: already the next day.
    expect(formatDateTime(new Date("2026-11-20T23:30:00Z"), "Pacific/Apia")).toBe("Nov 21, 2026, 12:30 GMT+13");
    expect(formatDay(new Date("2026-11-20T23:30:00Z"), "Pacific/Apia")).toBe("Nov 21, 2026");
  });
  it("crosses a daylight-saving change (New York, March 8, 2026: 02:00 EST becomes 03:00 EDT)", () => {
    expect(formatDateTime(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe("Mar 8, 2026, 01:59 EST");
    expect(formatDateTime(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe("Mar 8, 2026, 03:00 EDT");
    // And back in autumn: 01:30 happens twice, once in each offset.
    expect(formatDateTime(new Date("2026-11-01T05:30:00Z"), "America/New_York")).toBe("Nov 1, 2026, 01:30 EDT");
    expect(formatDateTime(new Date("2026-11-01T06:30:00Z"), "America/New_York")).toBe("Nov 1, 2026, 01:30 EST");
  });
  it("shows a bare calendar day (a due date) as that day in every zone", () => {
    for (const zone of ["UTC", "Pacific/Honolulu", "Pacific/Apia", "America/New_York"]) {
      expect(formatDay("2026-11-20", zone)).toBe("Nov 20, 2026");
      expect(formatMonthDay("2026-11-20", zone)).toBe("Nov 20");
    }
  });
  it("takes today's calendar day in the zone", () => {
    const m = new Date("2026-11-20T23:30:00Z");
    expect(calendarDay(m)).toBe("2026-11-20");
    expect(calendarDay(m, "Pacific/Apia")).toBe("2026-11-21");
    expect(calendarDay(new Date("2026-11-21T05:00:00Z"), "Pacific/Honolulu")).toBe("2026-11-20");
  });
  it("shows an older moment's day in the zone after a week", () => {
    const now = new Date("2026-12-20T00:00:00Z");
    expect(formatRelative(new Date("2026-11-20T23:30:00Z"), now, "Pacific/Apia")).toBe("Nov 21, 2026");
    expect(formatRelative(new Date("2026-12-19T21:00:00Z"), now, "Pacific/Apia")).toBe("3 hours ago");
  });
  it("knows the zones, and falls back to UTC for anything else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(zoneOr("Mars/Olympus")).toBe("UTC");
    expect(zoneOr(null)).toBe("UTC");
    const names = timeZoneNames();
    expect(names[0]).toBe("UTC");
    expect(names).toContain("Pacific/Honolulu");
    expect(new Set(names).size).toBe(names.length);
  });
});
