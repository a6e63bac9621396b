import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { type AuthMode, type FieldErrors, parseAuthMode } from "~/lib/auth-validation";
import { isEnabled } from "../flags";
import { redirectWithToast } from "../http/flash";
import { MailError } from "../mail";
import { retryMessage, tooManyRequests } from "../rate-limit";
import { requestPasswordReset, resendVerification, signInWithPassword, signUpWithPassword } from "./email-auth";
import { type IpBucket, limitByIp } from "./limits";
import { AUTH_TEXT } from "./messages";
import { oauthFailureMessage } from "./oauth";
import { type AuthFormInput, type AuthIntent, authFormSchema, fieldErrorsOf, formValues, modeOfIntent } from "./schemas";
import { requireAnonymous, safeRedirect, signIn } from "./session";

/**
 * Loader and action of the one auth form that /auth, /login and /auth/callback
 * render (app/components/auth/auth-screen.tsx). Intents: signin, signup, reset
 * (request a reset e-mail) and resend-verification.
 */

export type AuthFormLoaderData = {
  mode: AuthMode;
  redirectTo: string | null;
  publicSignup: boolean;
  invite: string;
  email: string;
  oauthError: string | null;
};

export async function authFormLoader({ request }: LoaderFunctionArgs): Promise<AuthFormLoaderData> {
  await requireAnonymous(request);
  const q = new URL(request.url).searchParams;
  return {
    mode: parseAuthMode(q.get("mode")),
    redirectTo: safeRedirect(q.get("redirectTo"), "") || null,
    publicSignup: await isEnabled("auth.enable_public_signup"),
    invite: (q.get("invite") ?? "").trim().slice(0, 64),
    email: (q.get("email") ?? "").trim().slice(0, 254),
    oauthError: oauthFailureMessage(q.get("provider"), q.get("oauth_error")),
  };
}

export type AuthActionData = {
  intent: AuthIntent;
  fieldErrors?: FieldErrors;
  formError?: string;
  message?: string;
  /** What the form shows again after a failed post; never a password. */
  values?: { fullName?: string; email?: string; inviteCode?: string };
  /** Set when sign-in was refused for an unverified e-mail: the form offers to resend. */
  unverifiedEmail?: string;
  /** Where a verification e-mail just went (sign-up, resend): the form shows "check your e-mail". */
  sentTo?: string;
};

function echo(raw: Record<string, FormDataEntryValue>): AuthActionData["values"] {
  const pick = (k: string) => (typeof raw[k] === "string" ? (raw[k] as string).slice(0, 254) : undefined);
  return { fullName: pick("fullName"), email: pick("email"), inviteCode: pick("inviteCode") };
}

const reply = (body: AuthActionData, status = 200) => data(body, { status });

const BUCKET: Record<AuthIntent, IpBucket> = {
  signin: "signin",
  signup: "signup",
  reset: "reset",
  "resend-verification": "resend-verification",
};

export async function authFormAction({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const raw = formValues(await request.formData());
  // A post without an intent (an old page, a script) means the mode in the URL.
  const intent = (modeOfIntent(raw.intent) ? raw.intent : parseAuthMode(url.searchParams.get("mode"))) as AuthIntent;
  const values = echo(raw);
  const parsed = authFormSchema.safeParse({ ...raw, intent });
  if (!parsed.success) return reply({ intent, fieldErrors: fieldErrorsOf(parsed.error), values }, 400);

  const retryAfter = await limitByIp(request, BUCKET[intent]);
  if (retryAfter !== null) return tooManyRequests<AuthActionData>({ intent, formError: retryMessage(retryAfter), values }, retryAfter);

  try {
    return await handle(request, parsed.data, values, safeRedirect(url.searchParams.get("redirectTo")));
  } catch (error) {
    if (error instanceof MailError) return reply({ intent, formError: error.message, values }, 503);
    console.error(`[auth] ${intent} failed`, error);
    return reply({ intent, formError: AUTH_TEXT.unexpected, values }, 500);
  }
}

async function handle(request: Request, input: AuthFormInput, values: AuthActionData["values"], redirectTo: string) {
  switch (input.intent) {
    case "signin": {
      const result = await signInWithPassword(input.email, input.password);
      if (result.ok) {
        const headers = await signIn(request, result.user.id);
        return redirectWithToast(redirectTo, { title: AUTH_TEXT.signedIn, variant: "success" }, { headers });
      }
      if (result.reason === "locked") {
        return tooManyRequests<AuthActionData>(
          { intent: input.intent, formError: retryMessage(result.retryAfterSeconds), values },
          result.retryAfterSeconds,
        );
      }
      if (result.reason === "unverified") {
        return reply({ intent: input.intent, formError: result.message, unverifiedEmail: input.email, values }, 403);
      }
      return reply({ intent: input.intent, formError: result.message, values }, 401);
    }
    case "signup": {
      const result = await signUpWithPassword(input);
      if (result.ok) return reply({ intent: input.intent, message: AUTH_TEXT.accountCreated, sentTo: input.email });
      return result.field
        ? reply({ intent: input.intent, fieldErrors: { [result.field]: result.message }, values }, 403)
        : reply({ intent: input.intent, formError: result.message, values }, 403);
    }
    case "reset":
      await requestPasswordReset(input.email);
      return reply({ intent: input.intent, message: AUTH_TEXT.resetEmailSent });
    case "resend-verification":
      await resendVerification(input.email);
      return reply({ intent: input.intent, message: AUTH_TEXT.verificationSent, values: { email: input.email }, sentTo: input.email });
  }
}
