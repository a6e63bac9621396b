import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAnonymous } from "~/.server/auth/session";
import { handleBetaFormPost } from "~/.server/beta/form";
import { handleCheckoutPost, isCheckoutPost } from "~/.server/billing/checkout";
import { isEnabled } from "~/.server/flags";
import { AuthCard } from "~/components/auth/auth-card";
import { CheckoutButton } from "~/components/billing/checkout-button";
import { BetaRequestForm } from "~/components/beta/beta-request-form";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlanPicker } from "~/components/pricing/plan-picker";
import { Logo } from "~/components/ui/logo";
import { parseInterval } from "~/lib/plans";

/**
 * /signup (spec section 2): the plan picker while auth.enable_public_signup is on,
 * otherwise the Request Beta Access form. Signed-in users go to /dashboard.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  if (await isEnabled("auth.enable_public_signup")) {
    return { view: "plans" as const, interval: parseInterval(new URL(request.url).searchParams.get("interval")) };
  }
  return { view: "beta" as const };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  if (isCheckoutPost(form) && (await isEnabled("auth.enable_public_signup"))) return handleCheckoutPost(request, form, "/signup");
  return handleBetaFormPost(request);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.view === "beta" ? "Request Beta Access · Atelier" : "Choose your plan · Atelier" },
];

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

export default function Signup() {
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
      <BetaRequestForm result={result} />
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
