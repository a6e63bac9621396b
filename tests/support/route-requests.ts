/**
 * For route tests: build real Requests (a form post as a browser without JavaScript
 * sends it) and read what a loader or action answered (a Response, a `data()` value,
 * or a thrown Response) in one shape.
 */
export const APP = "http://localhost:3000";

export function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, APP), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Atelier-Client-Ip": "203.0.113.7", ...headers },
    body: new URLSearchParams(fields),
  });
}

export function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, APP), { headers });
}

export type Answer<T = unknown> = { status: number; headers: Headers; body: T | null; location: string | null };

/** A loader or action's answer, thrown or returned, in one shape. */
export async function answer<T = unknown>(run: Promise<unknown> | (() => Promise<unknown>)): Promise<Answer<T>> {
  let result: unknown;
  try {
    result = await (typeof run === "function" ? run() : run);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, body: null, location: result.headers.get("Location") };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const d = result as { data: T; init: ResponseInit | null };
    return { status: d.init?.status ?? 200, headers: new Headers(d.init?.headers), body: d.data, location: null };
  }
  return { status: 200, headers: new Headers(), body: result as T, location: null };
}

/** The `name=value` pairs of every Set-Cookie, as a Cookie header would carry them. */
export function cookiesFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

export function sessionCookieFrom(headers: Headers): string | null {
  return (
    headers
      .getSetCookie()
      .find((c) => c.startsWith("atelier_session="))
      ?.split(";")[0] ?? null
  );
}
