import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { CheckoutButton } from "~/components/billing/checkout-button";
import { BetaRequestForm } from "~/components/beta/beta-request-form";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlanPicker } from "~/components/pricing/plan-picker";
import { Logo } from "~/components/ui/logo";
import type { BetaFormReply } from "~/lib/forms/beta";
import type { loader } from "./signup.server";

// /signup: the plan picker or the beta form; its server side is ./signup.server.ts.
export { action, loader } from "./signup.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view === "beta" ? "Request Beta Access · Atelier" : "Choose your plan · Atelier" },
];

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

export default function Signup() {
  const loaderData = useLoaderData<typeof loader>();
  const reply = useActionData<BetaFormReply>();
  if (loaderData.view === "plans") {
    return (
      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <p className="text-center">
          <Link to="/" className="inline-block rounded-md">
            <Logo />
          </Link>
        </p>
        <h1 className="mt-8 text-center text-3xl font-bold tracking-tight text-slate-900">Choose your plan</h1>
        <p className="mt-2 text-center text-slate-600">
          Start with any plan and change it later.{" "}
          <span className="whitespace-nowrap">
            Already have an account?{" "}
            <Link to="/auth" className={linkClass}>
              Sign in
            </Link>
          </span>
        </p>
        <div className="mt-10">
          <PlanPicker
            interval={loaderData.interval}
            renderAction={(plan, interval) => <CheckoutButton plan={plan} interval={interval} signedIn={false} />}
          />
        </div>
      </main>
    );
  }
  return (
    <AuthCard
      title="Request Beta Access"
      subtitle="Atelier is in private beta. Join the waitlist, or tell us about your team to request an invite."
      footer={
        <p>
          Already invited?{" "}
          <Link to="/auth?mode=signup" className={linkClass}>
            Create your account
          </Link>{" "}
          or{" "}
          <Link to="/auth" className={linkClass}>
            sign in
          </Link>
        </p>
      }
    >
      <BetaRequestForm reply={reply} />
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
