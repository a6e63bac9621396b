import { type FieldMetadata, getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { type ResetPasswordLoaderData, type ResetPasswordReply, newPasswordSchema } from "~/lib/forms/auth";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, useSchemaForm } from "~/components/ui/conform";
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
  const reply = useActionData<ResetPasswordReply>();

  // The action's answer wins: after a success the loader, run again, finds the token
  // spent, and after a refused post the form stays with the reason.
  if (reply?.passwordReset) return <ResetSuccess onSuccess={onSuccess} />;
  if (loaderData.state === "invalid" && !failureOf(reply)) {
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
  return <NewPasswordForm reply={reply} />;
}

/** The form-wide message of a refused post ("Failed to reset password…"), if that is what came back. */
function failureOf(reply: ResetPasswordReply | undefined): string | null {
  return reply?.error?.[""]?.join(" ") || null;
}

/** A conform field as PasswordField's props (it sets the type itself). */
function passwordProps(meta: FieldMetadata<unknown>) {
  const { type: _type, ...props } = fieldProps(meta, { type: "password" });
  return props;
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

function NewPasswordForm({ reply }: { reply: ResetPasswordReply | undefined }) {
  const [searchParams] = useSearchParams();
  // The spec's access_token, or (with Supabase Auth, decision 018) the link's token_hash or PKCE code.
  const hasAccessToken = ["access_token", "token_hash", "code"].some((k) => Boolean(searchParams.get(k)));
  const submitting = useNavigation().state === "submitting";
  const { toast } = useToast();
  // Checked on submit, then as the user corrects: a message appearing when a field is left
  // would move the centred card under the pointer (e.g. onto the Show toggle).
  const [form, fields] = useSchemaForm(newPasswordSchema, { lastResult: reply, shouldValidate: "onSubmit" });

  // The failure toast (spec section 8); the same words stay on the form for those without JavaScript.
  useEffect(() => {
    const failure = failureOf(reply);
    if (failure) toast({ title: "Error", description: failure, variant: "error" });
  }, [reply, toast]);

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
        <FormErrors form={form} />
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <PasswordField
            key={fields.password.key}
            label="New password"
            autoComplete="new-password"
            hint={HINT}
            {...passwordProps(fields.password)}
          />
          <PasswordField
            key={fields.confirmPassword.key}
            label="Confirm password"
            autoComplete="new-password"
            {...passwordProps(fields.confirmPassword)}
          />
          <Button type="submit" className="w-full" disabled={!hasAccessToken || submitting}>
            {submitting ? "Resetting..." : "Reset Password"}
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
