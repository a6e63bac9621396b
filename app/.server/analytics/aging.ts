import type { AgingColumn, Percentiles } from "~/lib/analytics";
import { DAY_MS } from "./days";

/**
 * Aging work in progress (a pure function; the cards are read by ./reports.ts): every card in
 * a started column now, by column in board order, with its age in days since it was first
 * started, flagged when older than the project's 85th percentile cycle time.
 */
export type StartedCard = { id: string; number: number; title: string; columnId: string; startedAt: Date };

export function agingWork(
  columns: { id: string; name: string }[],
  started: StartedCard[],
  cycle: Percentiles | null,
  now = new Date(),
): AgingColumn[] {
  return columns.map((col) => ({
    id: col.id,
    name: col.name,
    cards: started
      .filter((c) => c.columnId === col.id)
      .map((c) => {
        const ageDays = Math.max(0, Math.round(((now.getTime() - c.startedAt.getTime()) / DAY_MS) * 10) / 10);
        return { id: c.id, number: c.number, title: c.title, ageDays, overP85: cycle !== null && ageDays > cycle.p85 };
      })
      .sort((a, b) => b.ageDays - a.ageDays || a.number - b.number),
  }));
}
