import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";
import { DEFAULT_TIME_ZONE } from "~/lib/dates";

/**
 * The zone every date on the page is shown in: the one the root loader chose (the user's, else
 * the browser's cookie, else UTC). Server and browser read the same loader data, so the server's
 * HTML and the hydrated page agree. Pass it to the helpers of ~/lib/dates.
 */
export function useTimeZone(): string {
  return useRouteLoaderData<RootLoaderData>("root")?.timeZone ?? DEFAULT_TIME_ZONE;
}
