import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { buttonClass } from "~/components/ui/button-styles";
import { fieldProps, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { resendVerificationSchema } from "~/lib/forms/auth";
import type { action, loader } from "./auth.verify.server";

// /auth/verify?token=…: its server side is ./auth.verify.server.ts.
export { action, loader } from "./auth.verify.server";

export const meta: MetaFunction = () => [{ title: "Verify your email · Atelier" }];

export default function VerifyEmail() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = actionData ?? loaderData;
  const busy = useNavigation().state !== "idle";
  const [searchParams] = useSearchParams();

  if (view.state === "verified") {
    return (
      <AuthCard
        title="Your e-mail address is verified"
        subtitle={
          <>
            You are signed in as <strong>{view.email}</strong>.
          </>
        }
      >
        <Link to="/dashboard" className={buttonClass("primary", "md", "w-full")}>
          Go to your dashboard
        </Link>
      </AuthCard>
    );
  }

  if (view.state === "invalid") return <InvalidLink message={view.message} busy={busy} />;

  return (
    <AuthCard
      title="Verify your email address"
      subtitle={
        <>
          Confirm that <strong>{view.email}</strong> is your address.
        </>
      }
    >
      <Form method="post">
        <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Processing..." : "Verify email address"}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** A used or expired link: the reason, and the auth form's resend (it posts to /auth). */
function InvalidLink({ message, busy }: { message: string; busy: boolean }) {
  const [form, fields] = useSchemaForm(resendVerificationSchema, { shouldValidate: "onSubmit" });
  return (
    <AuthCard title="Verification link not valid">
      <div className="space-y-4">
        <FormMessage tone="error">{message}</FormMessage>
        <p className="text-sm text-slate-600">Enter your email address and we will send you a new link.</p>
        <Form method="post" action="/auth?mode=signin" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="resend-verification" />
          <Field label="Email Address" autoComplete="email" {...fieldProps(fields.email, { type: "email" })} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Processing..." : "Resend verification e-mail"}
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
