import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ResetPasswordActionData, ResetPasswordLoaderData } from "~/.server/auth/reset-password";
import { type FieldErrors, type NewPasswordField, hasErrors, validateNewPasswordForm } from "~/lib/auth-validation";
import { Button } from "~/components/ui/button";
import { FormMessage, PasswordField, useHydrated } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import { AuthCard } from "./auth-card";

/**
 * /reset-password (spec section 2): the target of the reset e-mail. States: invalid
 * link, ready, failed (ready again with the message), success (then /login after
 * 2 s, or the caller's `onSuccess`).
 */
export const RESET_REDIRECT_MS = 2000;
const HINT = "Must be at least 8 characters with uppercase, lowercase, and numbers";
const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

export function ResetPasswordScreen({ onSuccess }: { onSuccess?: () => void }) {
  const loaderData = useLoaderData<ResetPasswordLoaderData>();
  const actionData = useActionData<ResetPasswordActionData>();

  // The action's answer wins: after a success the loader, run again, finds the token spent.
  if (actionData?.state === "success") return <ResetSuccess onSuccess={onSuccess} />;
  if (loaderData.state === "invalid" && actionData?.state !== "failed") {
    return (
      <AuthCard title="Invalid Reset Link">
        <div className="space-y-4">
          <FormMessage tone="error">{loaderData.message}</FormMessage>
          <p className="text-sm">
            <Link to="/login" className={linkClass}>
              Return to Login
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }
  return <NewPasswordForm result={actionData} />;
}

function ResetSuccess({ onSuccess }: { onSuccess?: () => void }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setTimeout(() => (onSuccess ? onSuccess() : navigate("/login")), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, onSuccess]);
  return (
    <AuthCard title="Password Reset Successful">
      {/* Without JavaScript the browser follows this after the same 2 seconds. */}
      {hydrated ? null : (
        <noscript>
          <meta httpEquiv="refresh" content={`${RESET_REDIRECT_MS / 1000};url=/login`} />
        </noscript>
      )}
      <div className="space-y-4">
        <FormMessage tone="success">Your password has been reset successfully!</FormMessage>
        <p className="text-sm text-slate-600">
          Taking you to sign in…{" "}
          <Link to="/login" className={linkClass}>
            Sign in now
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

function NewPasswordForm({ result }: { result: ResetPasswordActionData | undefined }) {
  const [searchParams] = useSearchParams();
  const hasAccessToken = Boolean(searchParams.get("access_token"));
  const submitting = useNavigation().state === "submitting";
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<NewPasswordField> | null>(null);

  useEffect(() => setClientErrors(null), [result]);
  // The failure toast (spec section 8); the same words stay on the form for those without JavaScript.
  useEffect(() => {
    if (result?.state === "failed") toast({ title: "Error", description: result.message, variant: "error" });
  }, [result, toast]);

  const errors = clientErrors ?? (result?.state === "ready" ? result.fieldErrors : {});
  const firstInvalid = (["password", "confirmPassword"] as const).find((f) => errors[f]);
  useEffect(() => {
    if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
  }, [firstInvalid, clientErrors, result]);

  const read = (form: HTMLFormElement) => {
    const fd = new FormData(form);
    return { password: String(fd.get("password") ?? ""), confirmPassword: String(fd.get("confirmPassword") ?? "") };
  };

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link to="/login" className={linkClass}>
          Back to Login
        </Link>
      }
    >
      <div className="space-y-4">
        {result?.state === "failed" ? <FormMessage tone="error">{result.message}</FormMessage> : null}
        <Form
          ref={formRef}
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            const found = validateNewPasswordForm(read(event.currentTarget));
            if (hasErrors(found)) {
              event.preventDefault();
              setClientErrors(found);
            } else setClientErrors(null);
          }}
          onChange={(event) => {
            if (hasErrors(errors)) setClientErrors(validateNewPasswordForm(read(event.currentTarget)));
          }}
        >
          <PasswordField label="New password" name="password" autoComplete="new-password" required hint={HINT} error={errors.password} />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <Button type="submit" className="w-full" disabled={!hasAccessToken || submitting}>
            {submitting ? "Resetting..." : "Reset Password"}
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
