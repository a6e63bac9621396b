import { createServerClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { env } from "../env";

/**
 * The Supabase client for one request (decision 018), made by @supabase/ssr's
 * createServerClient over a cookie jar of ours:
 *   - `stored`: the Supabase session (access and refresh token, as @supabase/ssr encodes
 *     them), kept server-side with our session row, never sent to the browser;
 *   - `browser`: the PKCE code verifier of a flow that has no session yet (OAuth start,
 *     reset request), which must come back with the browser: an HttpOnly cookie.
 * The service role key is not used here: these calls act as the user (anon key).
 */
export type CookieJar = {
  stored: Record<string, string>;
  browser: Record<string, string>;
  /** Set-Cookie lines for the browser part. */
  setCookies: string[];
  /** True once @supabase/ssr wrote the stored part (signed in, refreshed, signed out). */
  storedChanged: boolean;
};

const VERIFIER = /code-verifier/;
const VERIFIER_MAX_AGE = 600;

export function cookieJar(stored: Record<string, string> | null | undefined, cookieHeader?: string | null): CookieJar {
  const browser: Record<string, string> = {};
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name.startsWith("sb-") && VERIFIER.test(name)) browser[name] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return { stored: { ...(stored ?? {}) }, browser, setCookies: [], storedChanged: false };
}

function browserCookie(name: string, value: string, maxAge: number): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** Expires the verifier cookies the browser sent (a flow ended, or failed). */
export function clearVerifiers(jar: CookieJar): void {
  for (const name of Object.keys(jar.browser)) {
    if (!jar.setCookies.some((c) => c.startsWith(`${name}=`))) jar.setCookies.push(browserCookie(name, "", 0));
  }
}

/** A per-request timeout, so a stalled Supabase answers as an error instead of hanging the page. */
const TIMEOUT_MS = 10_000;
const timedFetch: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
  });

export function supabaseClient(jar: CookieJar): SupabaseClient {
  const e = env();
  return createServerClient(e.SUPABASE_URL!, e.SUPABASE_ANON_KEY!, {
    cookies: {
      getAll: () => Object.entries({ ...jar.stored, ...jar.browser }).map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) {
          const removed = !value || options?.maxAge === 0;
          if (VERIFIER.test(name)) {
            if (removed) delete jar.browser[name];
            else jar.browser[name] = value;
            jar.setCookies = jar.setCookies.filter((c) => !c.startsWith(`${name}=`));
            jar.setCookies.push(browserCookie(name, removed ? "" : value, removed ? 0 : VERIFIER_MAX_AGE));
          } else {
            if (removed) delete jar.stored[name];
            else jar.stored[name] = value;
            jar.storedChanged = true;
          }
        }
      },
    },
    // Node 20 has no global WebSocket; the realtime client (unused here) wants one.
    realtime: { transport: WebSocket as never },
    global: { fetch: timedFetch },
  });
}
