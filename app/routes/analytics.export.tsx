/** A chart's data as CSV: a resource route (no UI); viewers may download. */
export { loader } from "./analytics.export.server";
