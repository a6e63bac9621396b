import { and, eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { normalizeEmail } from "~/lib/auth-validation";
import { SIGNUP_CLOSED_MESSAGE, markInviteUsed, signupGate } from "../beta/gate";
import { db, schema } from "../db";
import { env } from "../env";
import { createUser, findUserByEmail } from "./accounts";
import { AUTH_TEXT } from "./messages";

const { oauthAccounts, users } = schema;

/**
 * Google and GitHub sign-in: remix-auth-oauth2 runs the authorization code flow
 * (state and PKCE S256 in a short-lived cookie); this module fetches the profile,
 * then finds, links (by verified e-mail) or creates the local account.
 * The routes drive it: start at /auth/oauth/<provider> (app/routes/auth.oauth.$provider.server.ts),
 * return to /auth/callback/<provider> (app/routes/auth.callback.$provider.server.ts).
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

/** Where a failed start or return sends the browser: the sign-in form, which says why. */
export function oauthFailureHref(provider: OAuthProviderName, reason: OAuthFailure): string {
  return `/auth?${new URLSearchParams({ mode: "signin", oauth_error: reason, provider })}`;
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

/**
 * The provider's authenticator (null when it has no credentials). Built per request:
 * cheap, and tests change the environment between cases.
 */
export function oauthAuthenticator(provider: OAuthProviderName): Authenticator<OAuthProfile> | null {
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

/** The names of this provider's state cookies the browser sent (the library leaves them behind). */
export function oauthStateCookies(cookieHeader: string | null, provider: OAuthProviderName): string[] {
  const prefix = cookiePrefix(provider);
  return (cookieHeader ?? "")
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name.startsWith(prefix));
}
