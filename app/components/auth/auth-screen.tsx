import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { AuthActionData, AuthFormLoaderData } from "~/.server/auth/auth-form";
import { type AuthField, type AuthFormValues, type AuthMode, type FieldErrors, hasErrors, validateAuthForm } from "~/lib/auth-validation";
import { Button } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { AuthCard } from "./auth-card";
import { OAuthButtons } from "./oauth-buttons";

/**
 * The sign-in / sign-up / reset-request form of /auth, /login and /auth/callback
 * (spec section 2). Modes switch with plain links; every post goes to the route's
 * action and works without JavaScript. With JavaScript the same field messages
 * appear before posting (the browser's own bubbles are off: noValidate).
 */
export const AUTH_TITLES: Record<AuthMode, string> = {
  signin: "Sign in to your account",
  signup: "Create your account",
  reset: "Reset your password",
};

const SUBMIT_LABELS: Record<AuthMode, string> = {
  signin: "Sign In",
  signup: "Create Account",
  reset: "Send Reset Email",
};

const FIELD_ORDER: AuthField[] = ["fullName", "email", "password", "confirmPassword", "inviteCode"];

export const authMeta: MetaFunction = ({ data }) => {
  const mode = (data as AuthFormLoaderData | undefined)?.mode ?? "signin";
  return [{ title: `${AUTH_TITLES[mode]} · Atelier` }];
};

function intentMode(intent: AuthActionData["intent"] | undefined): AuthMode | null {
  if (intent === "resend-verification") return "signin";
  return intent ?? null;
}

export function AuthScreen() {
  const loader = useLoaderData<AuthFormLoaderData>();
  const actionData = useActionData<AuthActionData>();
  const { mode } = loader;
  // An answer for another mode (a post from an older page) is not this form's; a
  // resend from sign-up's "check your e-mail" panel belongs to sign-up too.
  const resentFromSignUp = mode === "signup" && actionData?.intent === "resend-verification";
  const result = intentMode(actionData?.intent) === mode || resentFromSignUp ? actionData : undefined;
  const checkEmail = mode === "signup" && !!result?.sentTo && !result.formError;

  const link = (to: AuthMode) => {
    const q = new URLSearchParams({ mode: to });
    if (loader.redirectTo) q.set("redirectTo", loader.redirectTo);
    if (to === "signup" && loader.invite) q.set("invite", loader.invite);
    if (to === "signup" && loader.email) q.set("email", loader.email);
    return `?${q}`;
  };
  const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

  return (
    <AuthCard
      title={AUTH_TITLES[mode]}
      footer={
        mode === "signin" ? (
          <p>
            Don&apos;t have an account?{" "}
            <Link to={link("signup")} className={linkClass}>
              Sign up
            </Link>
          </p>
        ) : mode === "signup" ? (
          <p>
            Already have an account?{" "}
            <Link to={link("signin")} className={linkClass}>
              Sign in
            </Link>
          </p>
        ) : (
          <p>
            Remembered it?{" "}
            <Link to={link("signin")} className={linkClass}>
              Back to sign in
            </Link>
          </p>
        )
      }
    >
      {/* Keyed by mode: switching modes starts a fresh form (errors and messages cleared). */}
      {checkEmail ? (
        <CheckEmail sentTo={result!.sentTo!} message={result!.message} restartLink={link("signup")} linkClass={linkClass} />
      ) : (
        <AuthForm key={mode} mode={mode} loader={loader} result={result} forgotLink={link("reset")} linkClass={linkClass} />
      )}
      {mode !== "reset" && !checkEmail ? <OAuthButtons /> : null}
    </AuthCard>
  );
}

/**
 * After sign-up: the spec's "Account created!" message, where the link went, and a way
 * to send it again or to start over with another address (works without JavaScript).
 */
function CheckEmail({
  sentTo,
  message,
  restartLink,
  linkClass,
}: {
  sentTo: string;
  message?: string;
  restartLink: string;
  linkClass: string;
}) {
  const navigation = useNavigation();
  const resending = navigation.state !== "idle" && navigation.formData?.get("intent") === "resend-verification";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [message]);
  return (
    <div className="space-y-4">
      {message ? <FormMessage tone="success">{message}</FormMessage> : null}
      <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        Check your e-mail
      </h2>
      <p className="text-sm text-slate-700">
        We sent a verification link to <strong className="break-all">{sentTo}</strong>. Open it to verify your address; it signs you in. It
        can take a minute to arrive, so look in your spam folder too.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="email" value={sentTo} />
        <Button type="submit" variant="secondary" className="w-full" disabled={resending}>
          {resending ? "Processing..." : "Resend verification e-mail"}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to={restartLink} className={linkClass}>
          Use a different e-mail address
        </Link>
      </p>
    </div>
  );
}

function AuthForm({
  mode,
  loader,
  result,
  forgotLink,
  linkClass,
}: {
  mode: AuthMode;
  loader: AuthFormLoaderData;
  result: AuthActionData | undefined;
  forgotLink: string;
  linkClass: string;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "idle" ? null : navigation.formData?.get("intent");
  const submitting = busyIntent === mode;
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);

  // A fresh answer from the server replaces what the browser had found.
  useEffect(() => setClientErrors(null), [result]);
  useEffect(() => {
    if (result?.message && result.intent !== "resend-verification") formRef.current?.reset();
  }, [result]);

  const errors: FieldErrors = clientErrors ?? result?.fieldErrors ?? {};
  const firstInvalid = FIELD_ORDER.find((f) => errors[f]);
  useEffect(() => {
    if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
  }, [firstInvalid, clientErrors, result]);

  const readValues = (form: HTMLFormElement): AuthFormValues => {
    const fd = new FormData(form);
    const get = (k: string) => (typeof fd.get(k) === "string" ? (fd.get(k) as string) : "");
    return { fullName: get("fullName"), email: get("email"), password: get("password"), confirmPassword: get("confirmPassword") };
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const found = validateAuthForm(mode, readValues(event.currentTarget));
    if (hasErrors(found)) {
      event.preventDefault();
      setClientErrors(found);
    } else {
      setClientErrors(null);
    }
  };

  // Once messages are showing, they follow the user's corrections as they type.
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hasErrors(errors)) return;
    const found = validateAuthForm(mode, readValues(event.currentTarget));
    const keep = result?.fieldErrors?.inviteCode && !clientErrors ? { inviteCode: result.fieldErrors.inviteCode } : {};
    setClientErrors({ ...keep, ...found });
  };

  const values = result?.values ?? {};
  const showInvite = mode === "signup" && !loader.publicSignup;
  const formError = result?.formError ?? (result ? null : loader.oauthError);

  return (
    <div className="space-y-4">
      {formError ? (
        <FormMessage tone="error" id="auth-form-error">
          <p>{formError}</p>
          {result?.unverifiedEmail ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="resend-verification" />
              <input type="hidden" name="email" value={result.unverifiedEmail} />
              <Button type="submit" variant="secondary" size="sm" disabled={busyIntent === "resend-verification"}>
                {busyIntent === "resend-verification" ? "Processing..." : "Resend verification e-mail"}
              </Button>
            </Form>
          ) : null}
        </FormMessage>
      ) : null}
      {result?.message ? <FormMessage tone="success">{result.message}</FormMessage> : null}

      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="space-y-4"
        aria-describedby={formError ? "auth-form-error" : undefined}
      >
        <input type="hidden" name="intent" value={mode} />
        {mode === "signup" ? (
          <Field
            label="Full Name"
            name="fullName"
            autoComplete="name"
            required
            defaultValue={values.fullName ?? ""}
            error={errors.fullName}
          />
        ) : null}
        <Field
          label="Email Address"
          name="email"
          type="email"
          autoComplete={mode === "signup" ? "email" : "username"}
          required
          defaultValue={values.email ?? (mode === "signup" ? loader.email : "")}
          error={errors.email}
        />
        {mode !== "reset" ? (
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            required
            error={errors.password}
          />
        ) : null}
        {mode === "signup" ? (
          <Field
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
        ) : null}
        {showInvite ? (
          <Field
            label="Invite code"
            name="inviteCode"
            autoComplete="off"
            placeholder="ATL-XXXXXX"
            hint="Public sign-up is closed during the beta: use the code from your approval e-mail."
            defaultValue={values.inviteCode ?? loader.invite}
            error={errors.inviteCode}
          />
        ) : null}
        {mode === "signin" ? (
          <p className="text-right text-sm">
            <Link to={forgotLink} className={linkClass}>
              Forgot your password?
            </Link>
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Processing..." : SUBMIT_LABELS[mode]}
        </Button>
      </Form>
    </div>
  );
}
