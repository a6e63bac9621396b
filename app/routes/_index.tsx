import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAnonymous, safeRedirect } from "~/.server/auth/session";
import { systemHealth } from "~/.server/health";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { About, CallToAction } from "~/components/landing/closing";
import { Features } from "~/components/landing/features";
import { Hero } from "~/components/landing/hero";
import { PricingPreview } from "~/components/landing/pricing-preview";
import { ProductDemo } from "~/components/landing/product-demo";
import { SiteFooter } from "~/components/landing/site-footer";
import { SiteHeader } from "~/components/landing/site-header";
import { TrustStrip } from "~/components/landing/trust-strip";
import { landingContent } from "~/components/landing/content.server";
import { LANDING_PAGE_SCRIPT } from "~/components/landing/page-script";
import { landingLinks } from "~/components/landing/styles";
import { useNonce } from "~/components/nonce";
import type { RouteHandle } from "~/lib/route-handle";

// Plain HTML: everything here works without JavaScript, so the page ships none of the
// framework's (root.tsx leaves out <Scripts />); a first visit paints at once.
export const handle: RouteHandle = { hydrate: false };

export const links = landingLinks;

export const meta: MetaFunction = () => [
  { title: "Atelier · Projects, wireframes and design systems for teams" },
  {
    name: "description",
    content:
      "Kanban projects, wireframes, prototypes and a design system in one workspace, with AI insights, analytics and enterprise security.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  // The dots are right without JavaScript: the server runs the same checks as the API.
  const status = await systemHealth();
  // A protected page sent the visitor here (/?redirectTo=...): signing in leads back there.
  const back = new URL(request.url).searchParams.get("redirectTo");
  const redirectTo = back ? safeRedirect(back, "") || null : null;
  return data({ status, redirectTo, content: landingContent() });
}

export default function Landing() {
  const { status, redirectTo, content } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const back = redirectTo ? `redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const authHref = back ? `/auth?${back}` : "/auth";
  const signUpHref = `/auth?mode=signup${back ? `&${back}` : ""}`;
  return (
    <div className="bg-white">
      <SiteHeader authHref={authHref} signUpHref={signUpHref} />
      <main id="main">
        <Hero content={content.hero} status={status} signUpHref={signUpHref} />
        <ProductDemo content={content.demo} />
        <TrustStrip teams={content.trustedBy} />
        <Features content={content.features} />
        <PricingPreview content={content.pricing} signupHref="/signup" />
        <About content={content.about} />
        <CallToAction content={content.callToAction} />
      </main>
      <SiteFooter />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LANDING_PAGE_SCRIPT }} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
