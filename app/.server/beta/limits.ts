import { env } from "../env";
import { hit, type RateLimitResult } from "../rate-limit";

/**
 * Beta posts (the JSON API and the /signup form together) per client address
 * (`ip`: clientIp in app/.server/http/request.ts).
 */
export async function limitBetaPosts(ip: string): Promise<RateLimitResult> {
  const e = env();
  return hit(`beta:ip:${ip}`, e.RATE_LIMIT_BETA_PER_IP, e.RATE_LIMIT_WINDOW_SECONDS);
}
