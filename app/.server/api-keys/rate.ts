import type { PlanId } from "~/lib/plans";
import { hit } from "../rate-limit";

/**
 * Each key's rate limit: requests a minute by plan, counted in Postgres (`rate_limits`, the
 * sign-in limits' table), so every app instance shares one count and a restart loses none.
 * The monthly quota is the workspace's (app/.server/workspaces/api-usage.ts); this keeps one
 * busy script from spending it, or the server, in a burst.
 */
export const KEY_REQUESTS_PER_MINUTE: Record<PlanId, number> = { starter: 60, professional: 300, enterprise: 1_000 };

const WINDOW_SECONDS = 60;
const POLICY = "per-key";

type KeyRate = { ok: boolean; limit: number; remaining: number; resetSeconds: number; headers: Record<string, string> };

/**
 * Counts one request of the key. The answer's headers follow the IETF draft "RateLimit header
 * fields for HTTP" (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` names the quota
 * (`q` requests a `w`-second window) and `RateLimit` what is left (`r`) and when it resets (`t`).
 */
export async function hitKeyRate(keyId: string, planId: PlanId): Promise<KeyRate> {
  const limit = KEY_REQUESTS_PER_MINUTE[planId];
  const result = await hit(`api-key:${keyId}`, limit, WINDOW_SECONDS);
  const remaining = result.ok ? result.remaining : 0;
  const resetSeconds = result.ok ? (result.resetSeconds ?? WINDOW_SECONDS) : result.retryAfterSeconds;
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${POLICY}";q=${limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"${POLICY}";r=${remaining};t=${resetSeconds}`,
  };
  if (!result.ok) headers["Retry-After"] = String(resetSeconds);
  return { ok: result.ok, limit, remaining, resetSeconds, headers };
}
