import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { AuthMode } from "~/lib/auth-validation";
import { AUTH_MODE_SCHEMAS, type AuthFormLoaderData, type AuthReply, intentOfReply, modeOfIntent } from "~/lib/forms/auth";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { AuthCard } from "./auth-card";
import { OAuthButtons } from "./oauth-buttons";

/**
 * The sign-in / sign-up / reset-request form of /auth, /login and /auth/callback
 * (spec section 2). Modes switch with plain links; every post goes to the route's
 * action and works without JavaScript. With JavaScript the form's schema
 * (app/lib/forms/auth.ts) shows the same field messages before posting.
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

export const authMeta: MetaFunction = ({ data }) => {
  const mode = (data as AuthFormLoaderData | undefined)?.mode ?? "signin";
  return [{ title: `${AUTH_TITLES[mode]} · Atelier` }];
};

export function AuthScreen() {
  const loader = useLoaderData<AuthFormLoaderData>();
  const reply = useActionData<AuthReply>();
  const { mode } = loader;
  // An answer for another mode (a post from an older page) is not this form's; a
  // resend from sign-up's "check your e-mail" panel belongs to sign-up too.
  const intent = intentOfReply(reply);
  const resentFromSignUp = mode === "signup" && intent === "resend-verification";
  const result = modeOfIntent(intent) === mode || resentFromSignUp ? reply : undefined;
  const checkEmail = mode === "signup" && !!result?.sentTo && result.status !== "error";

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
      {mode !== "reset" && !checkEmail && loader.oauthProviders.length > 0 ? <OAuthButtons providers={loader.oauthProviders} /> : null}
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
  result: AuthReply | undefined;
  forgotLink: string;
  linkClass: string;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "idle" ? null : navigation.formData?.get("intent");
  const submitting = busyIntent === mode;
  // Checked on submit, then as the user corrects (as before conform): a message appearing
  // when a field is left would move the centred card under the pointer.
  const [form, fields] = useSchemaForm(AUTH_MODE_SCHEMAS[mode], {
    shouldValidate: "onSubmit",
    lastResult: result,
    defaultValue: { email: mode === "signup" ? loader.email : "", inviteCode: loader.invite },
  });
  const showInvite = mode === "signup" && !loader.publicSignup;
  // The OAuth failure is the loader's; once the form has answered, its answer is what counts.
  const oauthError = result ? null : loader.oauthError;
  const formProps = getFormProps(form);

  return (
    <div className="space-y-4">
      <FormErrors form={form} />
      {result?.unverifiedEmail ? (
        <Form method="post">
          <input type="hidden" name="intent" value="resend-verification" />
          <input type="hidden" name="email" value={result.unverifiedEmail} />
          <Button type="submit" variant="secondary" size="sm" disabled={busyIntent === "resend-verification"}>
            {busyIntent === "resend-verification" ? "Processing..." : "Resend verification e-mail"}
          </Button>
        </Form>
      ) : null}
      {oauthError ? (
        <FormMessage tone="error" id="auth-oauth-error">
          {oauthError}
        </FormMessage>
      ) : null}
      {result?.message ? <FormMessage tone="success">{result.message}</FormMessage> : null}

      <Form
        method="post"
        {...formProps}
        aria-describedby={oauthError ? "auth-oauth-error" : formProps["aria-describedby"]}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value={mode} />
        {mode === "signup" ? (
          <Field key={fields.fullName.key} label="Full Name" autoComplete="name" {...fieldProps(fields.fullName, { type: "text" })} />
        ) : null}
        <Field
          key={fields.email.key}
          label="Email Address"
          autoComplete={mode === "signup" ? "email" : "username"}
          {...fieldProps(fields.email, { type: "email" })}
        />
        {mode !== "reset" ? (
          <Field
            key={fields.password.key}
            label="Password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            {...fieldProps(fields.password, { type: "password" })}
          />
        ) : null}
        {mode === "signup" ? (
          <Field
            key={fields.confirmPassword.key}
            label="Confirm Password"
            autoComplete="new-password"
            {...fieldProps(fields.confirmPassword, { type: "password" })}
          />
        ) : null}
        {showInvite ? (
          <Field
            key={fields.inviteCode.key}
            label="Invite code"
            autoComplete="off"
            placeholder="ATL-XXXXXX"
            hint="Public sign-up is closed during the beta: use the code from your approval e-mail."
            {...fieldProps(fields.inviteCode, { type: "text" })}
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
