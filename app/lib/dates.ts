/**
 * One readable way to show dates and times, the same on the server and in the browser
 * (always in UTC, so the server's HTML and the hydrated page say the same thing).
 */
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const TIME = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
const MONTH_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const NUMERIC_DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });
const LONG_DAY = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

function toDate(value: Date | string): Date | null {
  // A bare calendar day ("2026-11-20") is that day, not the previous one west of UTC.
  const d = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Nov 20, 2026" for a calendar day or a moment. */
export function formatDay(value: Date | string): string {
  const d = toDate(value);
  return d ? DAY.format(d) : String(value);
}

/** "Nov 20" for a calendar day or a moment, where the year goes without saying (a card's due date). */
export function formatMonthDay(value: Date | string): string {
  const d = toDate(value);
  return d ? MONTH_DAY.format(d) : String(value);
}

/** "11/20/2026" for a calendar day or a moment (the projects list). */
export function formatNumericDay(value: Date | string): string {
  const d = toDate(value);
  return d ? NUMERIC_DAY.format(d) : String(value);
}

/** The calendar day (UTC) of a moment, as "2026-11-20": how due dates are stored and compared. */
export function calendarDay(moment: Date = new Date()): string {
  return moment.toISOString().slice(0, 10);
}

/** The calendar day `days` after `day` ("2026-11-20" + 7 = "2026-11-27"). */
export function addDays(day: string, days: number): string {
  return calendarDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}

/** "December 22, 2026" for a calendar day or a moment (billing: renewals, trials, invoices). */
export function formatLongDay(value: Date | string): string {
  const d = toDate(value);
  return d ? LONG_DAY.format(d) : String(value);
}

/** Whole days from `now` until `until`, a part day counting as one; 0 once it has passed. */
export function daysUntil(until: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 86_400_000));
}

/** "Nov 20, 2026, 14:05 UTC" for a moment. */
export function formatDateTime(value: Date | string): string {
  const d = toDate(value);
  return d ? `${DAY.format(d)}, ${TIME.format(d)} UTC` : String(value);
}

const RELATIVE = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; past a week, the day ("Nov 20, 2026"). */
export function formatRelative(value: Date | string, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return String(value);
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return RELATIVE.format(Math.round(seconds / 86_400), "day");
  return DAY.format(d);
}
