import { pingDb } from "../db";
import { version } from "../../../package.json";

/**
 * Health of the two layers the landing page shows (spec section 2):
 * the API system (the database behind it) and the API layer itself ("gateway").
 * The /api routes answer with these, and the landing page renders them on the
 * server too, so its status dots are right with JavaScript off.
 */
export const APP_VERSION: string = version;

export type DatabaseHealth = { status: "ok" | "error" };

export type ApiLayerHealth = {
  status: "ok";
  version: string;
  /** Whole seconds since this server process started. */
  uptimeSeconds: number;
  checkedAt: string;
};

export async function databaseHealth(): Promise<DatabaseHealth> {
  return { status: (await pingDb()) ? "ok" : "error" };
}

/** Answering at all is the check: this runs inside the HTTP layer it reports on. */
export function apiLayerHealth(): ApiLayerHealth {
  return {
    status: "ok",
    version: APP_VERSION,
    uptimeSeconds: Math.floor(process.uptime()),
    checkedAt: new Date().toISOString(),
  };
}

/** Both dots at once, for a server-rendered landing page. */
export async function systemHealth(): Promise<{ api: boolean; gateway: boolean }> {
  const database = await databaseHealth();
  return { api: database.status === "ok", gateway: apiLayerHealth().status === "ok" };
}
