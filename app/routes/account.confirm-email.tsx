import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { buttonClass } from "~/components/ui/button-styles";
import type { action, loader } from "./account.confirm-email.server";

// /account/confirm-email?token=…: its server side is ./account.confirm-email.server.ts.
export { action, loader } from "./account.confirm-email.server";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail address · Atelier" }];

export default function ConfirmEmail() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  if (!d.valid) {
    return (
      <AuthCard
        title="Link not valid"
        footer={
          <Link to="/profile" className="font-medium text-brand-700 hover:underline">
            Back to your profile
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          This confirmation link is invalid or has expired. Request the change again from your profile.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your new e-mail address" subtitle={`Use ${d.newEmail} to sign in to Atelier from now on.`}>
      {a?.message ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {a.message}
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="token" value={d.token} />
        <button type="submit" className={buttonClass("primary", "md", "w-full")}>
          Confirm {d.newEmail}
        </button>
      </Form>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
