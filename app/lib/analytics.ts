import type { StateGroup } from "./board";

/** The analytics page's data, shared by the server and the page. */
export type CfdPoint = { day: string } & Record<StateGroup, number>;
export type ThroughputWeek = { week: string; completed: number };
export type ProjectOverview = { id: string; name: string; throughput4w: number; wip: number; overdue: number };
