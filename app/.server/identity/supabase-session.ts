import { isAuthApiError, isAuthRetryableFetchError } from "@supabase/supabase-js";
import { cookieJar, supabaseClient } from "./supabase-client";

/**
 * The refresh of a session row's Supabase session (decision 018), asked by
 * auth/session.ts on every lookup of a row that has one. The same state back when
 * nothing changed; a new one after a refresh; null when Supabase refuses the session
 * (revoked or expired refresh token, user gone), which signs the visitor out.
 * A Supabase that cannot be reached (network, timeout, 5xx) keeps the session as it is.
 */
export async function refreshIdentityState(state: Record<string, string>): Promise<Record<string, string> | null> {
  const jar = cookieJar(state);
  let result;
  try {
    result = await supabaseClient(jar).auth.getSession();
  } catch (error) {
    console.warn("[identity] Supabase session check failed; keeping the session", error instanceof Error ? error.message : error);
    return state;
  }
  const { data, error } = result;
  if (error && (isAuthRetryableFetchError(error) || (isAuthApiError(error) && error.status >= 500) || !isAuthApiError(error))) {
    console.warn(`[identity] Supabase refresh failed (${error.message}); keeping the session`);
    return state;
  }
  if (error || !data.session) return null;
  return jar.storedChanged ? jar.stored : state;
}
