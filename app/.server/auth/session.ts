import { redirect } from "@remix-run/node";
import type { Theme } from "~/lib/theme";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { db, schema, type Db } from "../db";
import { SESSION_MAX_AGE_SECONDS, getSessionCookie } from "../http/cookies";
import { clientIp } from "../http/request";
import { forgetRead, oncePerRead } from "../http/request-scope";
import { hashToken, randomToken } from "./tokens";

const { sessions, users } = schema;

export type SessionUser = {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  role: string | null;
  emailVerifiedAt: Date | null;
  /** Their colour theme (app/lib/theme.ts): the root renders <html data-theme> from it. */
  theme: Theme;
  /** Their IANA time zone, or null (UTC) until chosen in /profile or detected from the browser. */
  timeZone: string | null;
};

/** `identityState`: with IDENTITY=supabase, the Supabase session this one stands for (decision 018). */
export type CurrentSession = { user: SessionUser; idHash: string; identityState?: Record<string, string> | null };

// A loader, its parent loaders and the action of one request all ask; ask the database once.
const perRequest = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The raw session id from the cookie, or from `Authorization: Bearer <id>` (the JSON API). */
async function readSessionId(request: Request): Promise<string | null> {
  const auth = request.headers.get("Authorization");
  if (auth?.startsWith("Bearer ")) return auth.slice(7).trim() || null;
  const value = await getSessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The columns of a SessionUser (also what an API key's member is made of, app/.server/api-keys). */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  theme: users.theme,
  timeZone: users.timeZone,
};

async function lookup(request: Request): Promise<CurrentSession | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const idHash = hashToken(id);
  const [row] = await db()
    .select({ ...sessionUserColumns, identityState: sessions.identityState })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const { identityState, ...user } = row;
  if (identityState) {
    // The Supabase session behind this one: refreshed when its access token expires;
    // refused (revoked, expired) means this session is over too.
    const { refreshIdentityState } = await import("../identity/supabase-session");
    const next = await refreshIdentityState(identityState);
    if (next === null) {
      await db().delete(sessions).where(eq(sessions.idHash, idHash));
      return null;
    }
    if (next !== identityState) await db().update(sessions).set({ identityState: next }).where(eq(sessions.idHash, idHash));
    return { user, idHash, identityState: next };
  }
  return { user, idHash };
}

export function getSession(request: Request): Promise<CurrentSession | null> {
  let p = perRequest.get(request);
  if (!p) {
    // The root's, the layout's and the page's loaders each get their own Request object:
    // in a request that writes nothing, they share one lookup.
    p = oncePerRead(SESSION_READ, () => lookup(request));
    perRequest.set(request, p);
  }
  return p;
}

const SESSION_READ = "session";

export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await getSession(request))?.user ?? null;
}

/** Only same-origin paths: "/x" but never "//evil.example" or "/\\evil". */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // No control characters (a header or URL parser could read them as a break).
  if (Array.from(to).some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  try {
    const u = new URL(to, "http://x.invalid");
    if (u.host !== "x.invalid") return fallback;
  } catch {
    return fallback;
  }
  return to;
}

/** Signed-out visitors are sent to / from protected routes (spec section 2). */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(back && back !== "/" ? `/?redirectTo=${encodeURIComponent(back)}` : "/");
  }
  return user;
}

/** The signed-in user with the session they came in with (its hash), or the same redirect as `requireUser`. */
export async function requireSession(request: Request): Promise<CurrentSession> {
  const user = await requireUser(request);
  const current = (await getSession(request))!;
  return { user, idHash: current.idHash, identityState: current.identityState };
}

/** Signed-in users are sent from public routes to /dashboard (spec section 2). */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getUser(request)) throw redirect("/dashboard");
}

/**
 * Starts a fresh session (a new id at every sign-in) and ends the one the browser
 * had, so an id fixed before sign-in is worthless after it.
 */
export async function createSession(request: Request, userId: string, identityState?: Record<string, string>): Promise<string> {
  const previous = await readSessionId(request);
  if (previous)
    await db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(previous)));
  const id = randomToken(32);
  await db()
    .insert(sessions)
    .values({
      idHash: hashToken(id),
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      ip: clientIp(request),
      identityState: identityState ?? null,
    });
  perRequest.delete(request);
  forgetRead(SESSION_READ);
  return getSessionCookie().serialize(id);
}

/** Set-Cookie header that signs the browser in. */
export async function signIn(request: Request, userId: string, identityState?: Record<string, string>): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(request, userId, identityState));
  return headers;
}

/**
 * Set-Cookie headers for a sign-in an identity backend vouched for (identity/types.ts,
 * IdentitySession): our session cookie, then the backend's own cookies.
 */
export async function signInAs(
  request: Request,
  session: { userId: string; identityState?: Record<string, string>; setCookies: string[] },
): Promise<Headers> {
  const headers = await signIn(request, session.userId, session.identityState);
  for (const c of session.setCookies) headers.append("Set-Cookie", c);
  return headers;
}

/** Headers carrying these Set-Cookie lines (none: empty headers). */
export function setCookieHeaders(setCookies: readonly string[] = []): Headers {
  const headers = new Headers();
  for (const c of setCookies) headers.append("Set-Cookie", c);
  return headers;
}

/** Ends the current session in the database and clears the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const id = await readSessionId(request);
  if (id)
    await db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(id)));
  perRequest.delete(request);
  forgetRead(SESSION_READ);
  const headers = new Headers();
  headers.append("Set-Cookie", await getSessionCookie().serialize("", { maxAge: 0 }));
  return headers;
}

/** Ends every session of a user, or every one but `exceptIdHash`. */
/** Ends every session of the user but `exceptIdHash` (in `tx` when it is part of a change). */
export async function endSessionsOf(userId: string, exceptIdHash?: string, tx: Db = db()): Promise<void> {
  await tx
    .delete(sessions)
    .where(exceptIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash)) : eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(): Promise<void> {
  await db().delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
