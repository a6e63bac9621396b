import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { type IpBucket, limitByIp } from "~/.server/auth/limits";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { oauthFailureMessage } from "~/.server/auth/oauth";
import { requireAnonymous, safeRedirect, setCookieHeaders, signInAs } from "~/.server/auth/session";
import { isEnabled } from "~/.server/flags";
import { readForm } from "~/.server/http/body";
import { identity } from "~/.server/identity";
import { redirectWithToast } from "~/.server/http/flash";
import { clientIp } from "~/.server/http/request";
import { invalid, parseFormData, replyError } from "~/.server/http/submission";
import { MailError } from "~/.server/mail";
import { retryMessage } from "~/.server/rate-limit";
import { parseAuthMode } from "~/lib/auth-validation";
import {
  type AuthFormInput,
  type AuthFormLoaderData,
  type AuthIntent,
  type AuthReply,
  PASSWORD_FIELDS,
  authFormSchema,
  isAuthIntent,
} from "~/lib/forms/auth";

/**
 * The server side of the one auth form that /auth, /login and /auth/callback render
 * (app/components/auth/auth-screen.tsx): the three routes' loader and action
 * (app/routes/auth._index.tsx, login.tsx, auth.callback._index.tsx). Intents: signin, signup, reset (request a
 * reset e-mail) and resend-verification. Every answer is the submission's reply
 * (never a password), with a success's message when there is one.
 */

export async function loader({ request }: LoaderFunctionArgs): Promise<AuthFormLoaderData> {
  await requireAnonymous(request);
  const q = new URL(request.url).searchParams;
  return {
    mode: parseAuthMode(q.get("mode")),
    redirectTo: safeRedirect(q.get("redirectTo"), "") || null,
    publicSignup: await isEnabled("auth.enable_public_signup"),
    invite: (q.get("invite") ?? "").trim().slice(0, 64),
    email: (q.get("email") ?? "").trim().slice(0, 254),
    oauthError: oauthFailureMessage(q.get("provider"), q.get("oauth_error")),
    oauthProviders: await identity().oauthProviders(),
  };
}

const BUCKET: Record<AuthIntent, IpBucket> = {
  signin: "signin",
  signup: "signup",
  reset: "reset",
  "resend-verification": "resend-verification",
};

const hideFields = PASSWORD_FIELDS;

type Submission = ReturnType<typeof parseFormData<typeof authFormSchema>>;

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const form = await readForm(request);
  // A post without a known intent (an old page, a script) means the mode in the URL.
  if (!isAuthIntent(form.get("intent"))) form.set("intent", parseAuthMode(url.searchParams.get("mode")));
  const submission = parseFormData(form, authFormSchema);
  if (submission.status !== "success") return invalid(submission, { hideFields });

  const input = submission.value;
  const retryAfter = await limitByIp(clientIp(request), BUCKET[input.intent]);
  if (retryAfter !== null)
    return replyError(submission, 429, retryMessage(retryAfter), { hideFields, headers: retryAfterHeader(retryAfter) });

  try {
    return await handle(request, submission, input, safeRedirect(url.searchParams.get("redirectTo")));
  } catch (error) {
    if (error instanceof MailError) return replyError(submission, 503, error.message, { hideFields });
    console.error(`[auth] ${input.intent} failed`, error);
    return replyError(submission, 500, AUTH_TEXT.unexpected, { hideFields });
  }
}

const retryAfterHeader = (seconds: number) => ({ "Retry-After": String(seconds) });

/** A success (or the unverified refusal) with what the form shows besides the fields. */
function answer(reply: AuthReply, status = 200, headers?: Headers | null) {
  return data(reply, { status, headers: headers ?? undefined });
}

async function handle(request: Request, submission: Submission, input: AuthFormInput, redirectTo: string) {
  switch (input.intent) {
    case "signin": {
      const result = await identity().signIn({ email: input.email, password: input.password, cookie: request.headers.get("Cookie") });
      if (result.ok) {
        const headers = await signInAs(request, result);
        return redirectWithToast(redirectTo, { title: AUTH_TEXT.signedIn, variant: "success" }, { headers });
      }
      if (result.reason === "locked") {
        return replyError(submission, 429, retryMessage(result.retryAfterSeconds), {
          hideFields,
          headers: retryAfterHeader(result.retryAfterSeconds),
        });
      }
      if (result.reason === "unverified") {
        return answer({ ...submission.reply({ formErrors: [result.message], hideFields }), unverifiedEmail: input.email }, 403);
      }
      return replyError(submission, 401, result.message, { hideFields });
    }
    case "signup": {
      const result = await identity().signUp(input);
      if (!result.ok) return replyError(submission, 403, result.message, { field: result.field, hideFields });
      return answer({
        ...submission.reply({ resetForm: true }),
        authIntent: input.intent,
        message: AUTH_TEXT.accountCreated,
        sentTo: input.email,
      });
    }
    case "reset": {
      const setCookies = await identity().requestPasswordReset(input.email, request.headers.get("Cookie"));
      return answer(
        { ...submission.reply({ resetForm: true }), authIntent: input.intent, message: AUTH_TEXT.resetEmailSent },
        200,
        setCookies.length > 0 ? setCookieHeaders(setCookies) : null,
      );
    }
    case "resend-verification":
      await identity().resendVerification(input.email);
      // The address stays in the form (sign-in shows it again); no "check your e-mail" panel needs it cleared.
      return answer({
        ...submission.reply({ hideFields }),
        authIntent: input.intent,
        message: AUTH_TEXT.verificationSent,
        sentTo: input.email,
      });
  }
}
