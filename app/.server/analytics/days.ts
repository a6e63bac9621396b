/** UTC calendar days as `YYYY-MM-DD` (analytics' days and weeks are UTC). */
export const DAY_MS = 86_400_000;

export function dayOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(day: string, n: number): string {
  return dayOf(new Date(startOfDay(day).getTime() + n * DAY_MS));
}

/** Every day from `from` to `to`, both included (none when from > to). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The Monday that starts the (UTC, ISO) week of `day`. */
export function weekStart(day: string): string {
  const dow = (startOfDay(day).getUTCDay() + 6) % 7;
  return addDays(day, -dow);
}
