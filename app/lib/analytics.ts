import type { StateGroup } from "./board";

/** The analytics page's data, shared by the server and the page. */
export type CfdPoint = { day: string } & Record<StateGroup, number>;
export type ThroughputWeek = { week: string; completed: number };
export type ProjectOverview = { id: string; name: string; throughput4w: number; wip: number; overdue: number };
/** A card finished in the range: when (ISO time), and its lead and cycle times in days (one decimal; cycle null if never started). */
export type FinishedCard = { cardId: string; title: string; completedAt: string; leadDays: number; cycleDays: number | null };
/** Nearest-rank percentiles of a set of durations in days, and how many it rests on. */
export type Percentiles = { p50: number; p85: number; p95: number; count: number };
/** A started column now and its cards' ages in days since first started; `overP85`: older than the project's 85th percentile cycle time. */
export type AgingCard = { id: string; number: number; title: string; ageDays: number; overP85: boolean };
export type AgingColumn = { id: string; name: string; cards: AgingCard[] };
