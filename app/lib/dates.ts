/**
 * The one way the product shows dates and times, on the server, in the browser and in e-mails:
 * a day is "Nov 20, 2026"; a moment is "Nov 20, 2026, 14:05 UTC" (24-hour, with its zone);
 * recent moments read "3 hours ago" with the full form beside them for hover and screen readers.
 *
 * Moments are shown in a time zone: the user's (users.time_zone, chosen in /profile or detected
 * from the browser), else UTC. The server and the browser are handed the same zone by the root
 * loader, so the server's HTML and the hydrated page say the same thing.
 *
 * A bare calendar day ("2026-11-20", a due date) is a date, not an instant: it is shown as that
 * day in every zone. "Today" is the calendar day in the user's zone (`calendarDay(now, zone)`).
 */
export const DEFAULT_TIME_ZONE = "UTC";

/** The cookie the browser sets with its own zone (Intl), read when a user has none stored. */
export const TIME_ZONE_COOKIE = "atelier_tz";

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "day" | "monthDay" | "time" | "iso", zone: string): Intl.DateTimeFormat {
  const key = `${kind}|${zone}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "day"
        ? { month: "short", day: "numeric", year: "numeric" }
        : kind === "monthDay"
          ? { month: "short", day: "numeric" }
          : kind === "time"
            ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }
            : { year: "numeric", month: "2-digit", day: "2-digit" };
    f = new Intl.DateTimeFormat(kind === "iso" ? "en-CA" : "en-US", { ...options, timeZone: zone });
    formats.set(key, f);
  }
  return f;
}

/** Whether `value` names a time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  const known = zoneChecks.get(value);
  if (known !== undefined) return known;
  // Building a formatter is the only check there is, and it costs: a board page asks for
  // every card, so each answer is kept (bounded: what is asked is a user's stored zone).
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    valid = true;
  } catch {
    valid = false;
  }
  if (zoneChecks.size >= 1_000) zoneChecks.clear();
  zoneChecks.set(value, valid);
  return valid;
}

const zoneChecks = new Map<string, boolean>();

/**
 * A zone's name as this runtime's list spells it ("Asia/Kolkata" and "Asia/Calcutta" are one
 * zone; the ICU of Node and Chromium may name it either way): what is stored and offered.
 */
export function canonicalTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/** The zone to use: `zone` when it is one, else UTC. */
export function zoneOr(zone: string | null | undefined): string {
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The IANA zones to offer in /profile (UTC first). Computed on the server and sent to the page. */
export function timeZoneNames(): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [DEFAULT_TIME_ZONE, ...all.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

function toDate(value: Date | string): Date | null {
  // A bare calendar day ("2026-11-20") is that day, not the previous one west of UTC.
  const d = typeof value === "string" && BARE_DAY.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A bare calendar day is shown as itself (in UTC, where it was parsed); a moment in the zone. */
function zoneFor(value: Date | string, zone: string | null | undefined): string {
  return typeof value === "string" && BARE_DAY.test(value) ? DEFAULT_TIME_ZONE : zoneOr(zone);
}

/** "Nov 20, 2026" for a calendar day, or a moment's day in `zone`. */
export function formatDay(value: Date | string, zone?: string | null): string {
  const d = toDate(value);
  return d ? formatter("day", zoneFor(value, zone)).format(d) : String(value);
}

/** "Nov 20": the same format without the year, where the year goes without saying (a card's due date, a chart's axis). */
export function formatMonthDay(value: Date | string, zone?: string | null): string {
  const d = toDate(value);
  return d ? formatter("monthDay", zoneFor(value, zone)).format(d) : String(value);
}

/** "14:05 UTC", "04:05 HST", "03:05 GMT+13". */
function formatTime(d: Date, zone: string): string {
  const parts = formatter("time", zone).formatToParts(d);
  const pick = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const name = zone === DEFAULT_TIME_ZONE ? "UTC" : pick("timeZoneName");
  return `${pick("hour")}:${pick("minute")} ${name}`.trim();
}

/** "Nov 20, 2026, 14:05 UTC" for a moment, in `zone` (UTC when none). */
export function formatDateTime(value: Date | string, zone?: string | null): string {
  const d = toDate(value);
  if (!d) return String(value);
  const z = zoneOr(zone);
  return `${formatter("day", z).format(d)}, ${formatTime(d, z)}`;
}

/** The calendar day of a moment in `zone` (UTC when none), as "2026-11-20": how due dates are stored and compared. */
export function calendarDay(moment: Date = new Date(), zone?: string | null): string {
  const z = zoneOr(zone);
  // Every card on a board asks for today: within one minute the answer is the same (zones
  // differ from UTC by whole minutes), so the last one per zone is kept.
  const minute = Math.floor(moment.getTime() / 60_000);
  const last = lastDay.get(z);
  if (last?.minute === minute) return last.day;
  const parts = formatter("iso", z).formatToParts(moment);
  const pick = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${pick("year")}-${pick("month")}-${pick("day")}`;
  if (!Number.isNaN(minute)) lastDay.set(z, { minute, day });
  return day;
}

const lastDay = new Map<string, { minute: number; day: string }>();

/** The calendar day `days` after `day` ("2026-11-20" + 7 = "2026-11-27"). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `now` until `until`, a part day counting as one; 0 once it has passed. */
export function daysUntil(until: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 86_400_000));
}

const RELATIVE = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; past a week, the day ("Nov 20, 2026") in `zone`. */
export function formatRelative(value: Date | string, now: Date = new Date(), zone?: string | null): string {
  const d = toDate(value);
  if (!d) return String(value);
  const seconds = Math.round((d.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return RELATIVE.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return RELATIVE.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return RELATIVE.format(Math.round(seconds / 86_400), "day");
  return formatDay(d, zone);
}
