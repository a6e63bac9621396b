import { redirect } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { normalizeEmail } from "~/lib/auth-validation";
import { SIGNUP_CLOSED_MESSAGE, markInviteUsed, signupGate } from "../beta/gate";
import { db, schema } from "../db";
import { env } from "../env";
import { redirectWithToast } from "../http/flash";
import { createUser, findUserByEmail } from "./accounts";
import { AUTH_TEXT } from "./messages";
import { signIn } from "./session";

const { oauthAccounts, users } = schema;

/**
 * Google and GitHub sign-in: remix-auth-oauth2 runs the authorization code flow
 * (state and PKCE S256 in a short-lived cookie); this module fetches the profile,
 * then finds, links (by verified e-mail) or creates the local account.
 * Start: /auth/oauth/<provider>. Return: /auth/callback/<provider>.
 */
export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

export const PROVIDER_LABEL: Record<OAuthProviderName, string> = { google: "Google", github: "GitHub" };

export function isOAuthProvider(value: unknown): value is OAuthProviderName {
  return OAUTH_PROVIDERS.includes(value as OAuthProviderName);
}

export type OAuthProfile = {
  provider: OAuthProviderName;
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  avatarUrl: string | null;
};

export type OAuthFailure = "failed" | "unconfigured" | "no-verified-email" | "signup-closed";

/** The sentence the auth form shows for `?oauth_error=<reason>&provider=<provider>`. */
export function oauthFailureMessage(provider: unknown, reason: unknown): string | null {
  if (!isOAuthProvider(provider)) return null;
  const label = PROVIDER_LABEL[provider];
  switch (reason) {
    case "unconfigured":
      return `${AUTH_TEXT.oauthFailed(label)}. ${AUTH_TEXT.oauthNotConfigured(label)}`;
    case "no-verified-email":
      return AUTH_TEXT.oauthNoVerifiedEmail(label);
    case "signup-closed":
      // Without an invite code the gate's refusal is always this one.
      return SIGNUP_CLOSED_MESSAGE;
    case "failed":
      return AUTH_TEXT.oauthFailed(label);
    default:
      return null;
  }
}

function failure(provider: OAuthProviderName, reason: OAuthFailure) {
  return redirect(`/auth?${new URLSearchParams({ mode: "signin", oauth_error: reason, provider })}`);
}

const cookiePrefix = (provider: OAuthProviderName) => `atelier_oauth_${provider}`;

function credentials(provider: OAuthProviderName) {
  const e = env();
  const c =
    provider === "google"
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET,
          authorizationEndpoint: e.GOOGLE_AUTHORIZATION_URL,
          tokenEndpoint: e.GOOGLE_TOKEN_URL,
          userinfo: e.GOOGLE_USERINFO_URL,
          scopes: ["openid", "email", "profile"],
        }
      : {
          clientId: e.GITHUB_CLIENT_ID,
          clientSecret: e.GITHUB_CLIENT_SECRET,
          authorizationEndpoint: e.GITHUB_AUTHORIZATION_URL,
          tokenEndpoint: e.GITHUB_TOKEN_URL,
          userinfo: e.GITHUB_USERINFO_URL,
          scopes: ["read:user", "user:email"],
        };
  // A value still saying "placeholder" is as good as none (the start-up check warns about it).
  const usable = (v: string | undefined) => Boolean(v && !/placeholder/i.test(v));
  if (!usable(c.clientId) || !usable(c.clientSecret)) return null;
  return { ...c, clientId: c.clientId!, clientSecret: c.clientSecret! };
}

export function isOAuthConfigured(provider: OAuthProviderName): boolean {
  return credentials(provider) !== null;
}

// Built per request: cheap, and tests change the environment between cases.
function authenticatorFor(provider: OAuthProviderName): Authenticator<OAuthProfile> | null {
  const c = credentials(provider);
  if (!c) return null;
  const appUrl = env().APP_URL;
  const strategy = new OAuth2Strategy<OAuthProfile>(
    {
      cookie: {
        name: cookiePrefix(provider),
        sameSite: "Lax",
        path: "/",
        ...(appUrl.startsWith("https://") ? { secure: true as const } : {}),
      },
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      authorizationEndpoint: c.authorizationEndpoint,
      tokenEndpoint: c.tokenEndpoint,
      redirectURI: `${appUrl}/auth/callback/${provider}`,
      scopes: c.scopes,
    },
    async ({ tokens }) =>
      provider === "google" ? googleProfile(c.userinfo, tokens.accessToken()) : githubProfile(c.userinfo, tokens.accessToken()),
  );
  return new Authenticator<OAuthProfile>().use(strategy, provider);
}

async function fetchJson(url: string, accessToken: string, accept = "application/json"): Promise<unknown> {
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: accept, "User-Agent": "Atelier" },
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

const googleUserSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

async function googleProfile(userinfoUrl: string, accessToken: string): Promise<OAuthProfile> {
  const u = googleUserSchema.parse(await fetchJson(userinfoUrl, accessToken));
  return {
    provider: "google",
    providerUserId: u.sub,
    email: u.email ?? null,
    emailVerified: u.email_verified === true || u.email_verified === "true",
    name: u.name ?? "",
    avatarUrl: u.picture ?? null,
  };
}

const githubUserSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const githubEmailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** GitHub's /user, then /user/emails for the primary verified address (as GitHub's own API). */
async function githubProfile(userinfoUrl: string, accessToken: string): Promise<OAuthProfile> {
  const accept = "application/vnd.github+json";
  const u = githubUserSchema.parse(await fetchJson(userinfoUrl, accessToken, accept));
  const emails = githubEmailsSchema.parse(await fetchJson(`${userinfoUrl.replace(/\/+$/, "")}/emails`, accessToken, accept));
  const chosen = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
  return {
    provider: "github",
    providerUserId: String(u.id),
    email: chosen?.email ?? null,
    emailVerified: Boolean(chosen),
    name: u.name?.trim() || u.login,
    avatarUrl: u.avatar_url ?? null,
  };
}

/** Sends the browser to the provider (the library sets the state and PKCE cookie). */
export async function startOAuth(request: Request, provider: OAuthProviderName): Promise<Response> {
  const auth = authenticatorFor(provider);
  if (!auth) return failure(provider, "unconfigured");
  // Only the start: a `state` in the start URL would make the library treat it as a return.
  const url = new URL(request.url);
  url.search = "";
  try {
    await auth.authenticate(provider, new Request(url, { headers: request.headers }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    console.warn(`[oauth] ${provider}: could not start`, thrown);
  }
  return failure(provider, "failed");
}

export type OAuthAccountResult = { ok: true; userId: string } | { ok: false; reason: OAuthFailure };

/**
 * The account for a provider identity: the one already linked to it; else the one
 * with its verified e-mail (now linked); else a new one, if the sign-up gate allows.
 */
export async function accountForOAuthProfile(profile: OAuthProfile, attempt = 0): Promise<OAuthAccountResult> {
  const [linked] = await db()
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, profile.provider), eq(oauthAccounts.providerUserId, profile.providerUserId)))
    .limit(1);
  if (linked) return { ok: true, userId: linked.userId };

  if (!profile.email || !profile.emailVerified) return { ok: false, reason: "no-verified-email" };
  const email = normalizeEmail(profile.email);
  const link = { provider: profile.provider, providerUserId: profile.providerUserId, email };

  const existing = await findUserByEmail(email);
  if (existing) {
    await db().transaction(async (tx) => {
      await tx
        .insert(oauthAccounts)
        .values({ ...link, userId: existing.id })
        .onConflictDoNothing();
      if (!existing.emailVerifiedAt) {
        // Whoever signed up with this address never proved it; the provider just did.
        // Their password must not keep working on the real owner's account.
        await tx
          .update(users)
          .set({ emailVerifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
      }
    });
    return { ok: true, userId: existing.id };
  }

  const gate = await signupGate(email, null);
  if (!gate.allowed) return { ok: false, reason: "signup-closed" };
  const user = await createUser(
    { email, fullName: profile.name, emailVerified: true, avatarUrl: profile.avatarUrl },
    async (tx, created) => {
      await tx.insert(oauthAccounts).values({ ...link, userId: created.id });
    },
  );
  // Lost a race with another sign-up for the same address: link to that account instead.
  if (!user) return attempt === 0 ? accountForOAuthProfile(profile, 1) : { ok: false, reason: "failed" };
  if (gate.betaRequestId) await markInviteUsed(gate.betaRequestId);
  return { ok: true, userId: user.id };
}

/** Expires the state cookies of this provider's flows (the library leaves them behind). */
function clearStateCookies(request: Request, provider: OAuthProviderName, headers: Headers) {
  const prefix = cookiePrefix(provider);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name?.startsWith(prefix)) headers.append("Set-Cookie", `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  }
}

/** The provider sent the browser back: sign in, or back to /auth with the reason. */
export async function finishOAuth(request: Request, provider: OAuthProviderName): Promise<Response> {
  const auth = authenticatorFor(provider);
  if (!auth) return failure(provider, "unconfigured");
  let profile: OAuthProfile;
  try {
    if (!new URL(request.url).searchParams.get("state")) throw new Error("the return carries no state");
    profile = await auth.authenticate(provider, request);
  } catch (thrown) {
    // Denied at the provider, state or PKCE mismatch, provider down: the user just
    // sees that it failed; the log says why.
    console.warn(`[oauth] ${provider}: authentication failed:`, thrown instanceof Error ? thrown.message : thrown);
    return failure(provider, "failed");
  }
  const account = await accountForOAuthProfile(profile);
  if (!account.ok) return failure(provider, account.reason);
  const headers = await signIn(request, account.userId);
  clearStateCookies(request, provider, headers);
  return redirectWithToast("/dashboard", { title: AUTH_TEXT.signedIn, variant: "success" }, { headers });
}
