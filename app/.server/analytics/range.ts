import { addDays, dayOf } from "./days";

/**
 * The date range a page or an export asks for (`from`, `to`: YYYY-MM-DD; default the last 8
 * weeks up to today), put in order and held to two years (/analytics and its CSV export).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function rangeFrom(url: URL, now = new Date()): { from: string; to: string } {
  const today = dayOf(now);
  const asked = (name: string) => {
    const v = url.searchParams.get(name) ?? "";
    return DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : null;
  };
  let to = asked("to") ?? today;
  let from = asked("from") ?? addDays(to, -55);
  if (from > to) [from, to] = [to, from];
  // At most two years, so a range cannot ask for unbounded work.
  if (from < addDays(to, -730)) from = addDays(to, -730);
  return { from, to };
}
