import type { ResetLink, VerifyLink } from "./types";

/**
 * The account e-mails' links, read from their query into the plain values the identity
 * backends take. Local links carry `?token=` (verification) and
 * `?access_token=&refresh_token=&type=recovery` (reset); Supabase's carry `?token_hash=&type=`
 * or a PKCE `?code=`.
 */

/** /auth/verify's link; `postedToken` is the confirm form's copy of it, which wins when present. */
export function verifyLinkOf(params: URLSearchParams, postedToken?: string | null): VerifyLink {
  return {
    token: postedToken || params.get("token_hash") || params.get("token") || "",
    type: params.get("type"),
    email: (params.get("email") ?? "").slice(0, 254),
  };
}

/** /reset-password's link. */
export function resetLinkOf(params: URLSearchParams): ResetLink {
  return {
    type: params.get("type"),
    code: params.get("code") || null,
    tokenHash: params.get("token_hash") || null,
    accessToken: params.get("access_token") || null,
    refreshToken: params.get("refresh_token") || null,
  };
}
