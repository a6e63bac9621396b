import { env } from "../env";
import { clear, hit, peek } from "../rate-limit";

/**
 * Rate limits of the auth forms, in the spirit of Supabase Auth's: attempts per
 * IP for each form, and a tighter bound on failed sign-ins per account (keyed by
 * e-mail, so it holds across IPs, and cleared by a successful sign-in or reset).
 * Each function answers the seconds to wait, or null when the request may go on.
 */
export type IpBucket = "signin" | "signup" | "reset" | "resend-verification";

function ipLimit(bucket: IpBucket): number {
  const e = env();
  switch (bucket) {
    case "signin":
      return e.RATE_LIMIT_SIGNIN_PER_IP;
    case "signup":
      return e.RATE_LIMIT_SIGNUP_PER_IP;
    // Both send an e-mail to an address the requester names.
    case "reset":
    case "resend-verification":
      return e.RATE_LIMIT_RESET_PER_IP;
  }
}

/** `ip`: the client's address (clientIp in app/.server/http/request.ts). */
export async function limitByIp(ip: string, bucket: IpBucket): Promise<number | null> {
  const result = await hit(`${bucket}:ip:${ip}`, ipLimit(bucket), env().RATE_LIMIT_WINDOW_SECONDS);
  return result.ok ? null : result.retryAfterSeconds;
}

const failureKey = (email: string) => `signin-failures:${email}`;

export async function signInFailuresBlocked(email: string): Promise<number | null> {
  const e = env();
  const result = await peek(failureKey(email), e.RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT, e.RATE_LIMIT_WINDOW_SECONDS);
  return result.ok ? null : result.retryAfterSeconds;
}

export async function recordSignInFailure(email: string): Promise<void> {
  const e = env();
  await hit(failureKey(email), e.RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT, e.RATE_LIMIT_WINDOW_SECONDS);
}

export async function clearSignInFailures(email: string): Promise<void> {
  await clear(failureKey(email));
}
