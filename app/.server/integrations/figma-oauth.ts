import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db, schema } from "../db";
import { env } from "../env";
import { emit, envelope, mutate } from "../events";
import { UserError } from "../errors";
import { sessionSecrets } from "../secrets";
import type { MemberContext } from "../workspaces";
import { open, seal } from "../crypto/seal";

/**
 * Connecting Figma (issue 22, decision 030): OAuth 2 with PKCE (S256) against the endpoints in
 * FIGMA_AUTHORIZE_URL and FIGMA_TOKEN_URL, so tests drive a local Figma-protocol server. The
 * state and the code verifier travel in a signed, short-lived cookie bound to the member and
 * workspace that started; /figma-callback finishes it. The tokens are kept sealed, per member
 * and workspace; an expired access token is refreshed (once), and a refused refresh marks the
 * connection "reconnect" until the member connects again.
 */
const { figmaConnections, users } = schema;
const STATE_MAX_AGE_SECONDS = 10 * 60;
export const FIGMA_SCOPES = "file_content:read current_user:read";

export function figmaConfigured(): boolean {
  const e = env();
  return Boolean(e.FIGMA_CLIENT_ID && e.FIGMA_CLIENT_SECRET);
}

const redirectUri = () => `${env().APP_URL}/figma-callback`;

let stateCookie: ReturnType<typeof createCookie> | undefined;
function figmaStateCookie() {
  stateCookie ??= createCookie("atelier_figma_oauth", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    path: "/figma-callback",
    maxAge: STATE_MAX_AGE_SECONDS,
    secrets: sessionSecrets(),
  });
  return stateCookie;
}

const pendingSchema = z.object({ state: z.string(), verifier: z.string(), userId: z.string(), workspaceId: z.string(), at: z.number() });

const base64url = (b: Buffer) => b.toString("base64url");

/** Where "Connect Figma" sends the browser, and the cookie that remembers the attempt. */
export async function startFigmaConnect(member: MemberContext): Promise<{ location: string; setCookie: string }> {
  if (!figmaConfigured()) throw new UserError(503, "Figma is not set up on this Atelier server (FIGMA_CLIENT_ID and FIGMA_CLIENT_SECRET).");
  const state = base64url(randomBytes(24));
  const verifier = base64url(randomBytes(48));
  const challenge = base64url(createHash("sha256").update(verifier).digest());
  const url = new URL(env().FIGMA_AUTHORIZE_URL);
  url.search = new URLSearchParams({
    client_id: env().FIGMA_CLIENT_ID!,
    redirect_uri: redirectUri(),
    scope: FIGMA_SCOPES,
    state,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const setCookie = await figmaStateCookie().serialize({
    state,
    verifier,
    userId: member.user.id,
    workspaceId: member.workspace.id,
    at: Date.now(),
  });
  return { location: url.href, setCookie };
}

export type FigmaCallbackOutcome =
  | { outcome: "connected"; handle: string }
  | { outcome: "refused"; reason: string }
  | { outcome: "expired" }
  | { outcome: "not-configured" };

/** The cookie that forgets the attempt (sent with every answer of the callback). */
export const clearFigmaState = () => figmaStateCookie().serialize("", { maxAge: 0 });

/** Finishes a connection from the callback's query and the state cookie; never throws for what a user can cause. */
export async function finishFigmaConnect(
  member: MemberContext,
  query: URLSearchParams,
  cookieHeader: string | null,
): Promise<FigmaCallbackOutcome> {
  if (!figmaConfigured()) return { outcome: "not-configured" };
  const pending = pendingSchema.safeParse(await figmaStateCookie().parse(cookieHeader));
  const state = query.get("state");
  if (
    !pending.success ||
    !state ||
    pending.data.state !== state ||
    pending.data.userId !== member.user.id ||
    pending.data.workspaceId !== member.workspace.id ||
    Date.now() - pending.data.at > STATE_MAX_AGE_SECONDS * 1000
  )
    return { outcome: "expired" };
  const error = query.get("error");
  if (error) return { outcome: "refused", reason: error === "access_denied" ? "you did not allow access" : `Figma said “${error}”` };
  const code = query.get("code");
  if (!code) return { outcome: "refused", reason: "Figma sent no authorization code" };
  const tokens = await tokenRequest({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri(),
    code_verifier: pending.data.verifier,
  });
  if (!tokens.ok) return { outcome: "refused", reason: `Figma did not accept the authorization (${tokens.error})` };
  const me = await fetch(`${apiBase()}/v1/me`, {
    headers: { Authorization: `Bearer ${tokens.value.access_token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const who = z.object({ id: z.string(), handle: z.string() }).safeParse(me.ok ? await me.json() : null);
  if (!who.success) return { outcome: "refused", reason: "Figma did not say who you are there" };
  const row = {
    figmaUserId: who.data.id,
    figmaHandle: who.data.handle,
    accessTokenEnc: seal(tokens.value.access_token),
    refreshTokenEnc: tokens.value.refresh_token ? seal(tokens.value.refresh_token) : null,
    expiresAt: expiry(tokens.value.expires_in),
    needsReconnect: false,
    connectedAt: new Date(),
  };
  await mutate(async (tx) => {
    const before = await tx.select({ id: figmaConnections.userId }).from(figmaConnections).where(connectionWhere(member));
    await tx
      .insert(figmaConnections)
      .values({ workspaceId: member.workspace.id, userId: member.user.id, ...row })
      .onConflictDoUpdate({ target: [figmaConnections.workspaceId, figmaConnections.userId], set: row });
    await emit(tx, {
      kind: "integration.connected",
      ...envelope(member),
      subject: { provider: "figma", name: who.data.handle },
      change: { reconnected: before.length > 0 },
    });
  });
  return { outcome: "connected", handle: who.data.handle };
}

export const apiBase = () => env().FIGMA_API_URL.replace(/\/+$/, "");
const expiry = (seconds: number | undefined) => (seconds ? new Date(Date.now() + seconds * 1000) : null);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires_in: z.number().optional(),
});

async function tokenRequest(params: Record<string, string>) {
  const e = env();
  try {
    const res = await fetch(e.FIGMA_TOKEN_URL, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${Buffer.from(`${e.FIGMA_CLIENT_ID}:${e.FIGMA_CLIENT_SECRET}`).toString("base64")}`,
      },
      body: new URLSearchParams(params),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await res.json().catch(() => null);
    const parsed = tokenSchema.safeParse(body);
    if (res.ok && parsed.success) return { ok: true as const, value: parsed.data };
    const said = (body as { error?: unknown } | null)?.error;
    return { ok: false as const, error: typeof said === "string" ? said : `HTTP ${res.status}` };
  } catch {
    return { ok: false as const, error: "no answer" };
  }
}

/** "Reconnect Figma": the connection's tokens no longer work and Figma refused a new one. */
export function reconnectFigma(): UserError {
  return new UserError(401, "Figma no longer accepts this connection. Reconnect Figma in Settings → Integrations, then import again.");
}

const connectionWhere = (member: MemberContext) =>
  and(eq(figmaConnections.workspaceId, member.workspace.id), eq(figmaConnections.userId, member.user.id));

/** The member's access token, refreshed first if it has expired (or `force`: Figma said it no longer works). */
export async function figmaAccessToken(member: MemberContext, force = false): Promise<string> {
  const [row] = await db().select().from(figmaConnections).where(connectionWhere(member));
  if (!row) throw new UserError(409, "Connect Figma first (Settings → Integrations), then import.");
  if (row.needsReconnect) throw reconnectFigma();
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now() + 30_000;
  if (!force && !expired) return open(row.accessTokenEnc);
  const refreshed = row.refreshTokenEnc
    ? await tokenRequest({ grant_type: "refresh_token", refresh_token: open(row.refreshTokenEnc) })
    : null;
  if (!refreshed?.ok) {
    await db().update(figmaConnections).set({ needsReconnect: true }).where(connectionWhere(member));
    throw reconnectFigma();
  }
  await db()
    .update(figmaConnections)
    .set({
      accessTokenEnc: seal(refreshed.value.access_token),
      ...(refreshed.value.refresh_token ? { refreshTokenEnc: seal(refreshed.value.refresh_token) } : {}),
      expiresAt: expiry(refreshed.value.expires_in),
    })
    .where(connectionWhere(member));
  return refreshed.value.access_token;
}

/** The member's connection as the settings page shows it (no token). */
export async function figmaConnectionOf(member: MemberContext) {
  const [row] = await db()
    .select({
      handle: figmaConnections.figmaHandle,
      connectedAt: figmaConnections.connectedAt,
      needsReconnect: figmaConnections.needsReconnect,
      connectedBy: users.fullName,
    })
    .from(figmaConnections)
    .innerJoin(users, eq(users.id, figmaConnections.userId))
    .where(connectionWhere(member));
  return row ?? null;
}

/** Forgets the member's connection (an `integration.disconnected`); false when there was none. */
export async function disconnectFigma(member: MemberContext): Promise<boolean> {
  return mutate(async (tx) => {
    const gone = await tx.delete(figmaConnections).where(connectionWhere(member)).returning({ handle: figmaConnections.figmaHandle });
    if (!gone[0]) return false;
    await emit(tx, {
      kind: "integration.disconnected",
      ...envelope(member),
      subject: { provider: "figma", name: gone[0].handle },
      change: {},
    });
    return true;
  });
}
