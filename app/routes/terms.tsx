import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { LegalPage } from "~/components/landing/legal-page";
import { landingLinks } from "~/components/landing/styles";

export const links = landingLinks;

export const meta: MetaFunction = () => [{ title: "Terms · Atelier" }];

export default function Terms() {
  return (
    <LegalPage title="Terms" updated="2024">
      <p>These terms cover your use of Atelier. By creating an account you agree to them.</p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell us if you think someone else has used your account. You are responsible for what happens in
        the workspaces you manage.
      </p>
      <h2>Your content</h2>
      <p>
        Projects, wireframes and designs you create stay yours. We store and show them only to provide the service to you and the people you
        share them with.
      </p>
      <h2>Plans and payment</h2>
      <p>
        Paid plans renew each month or year until you cancel. Cancelling stops the next renewal; you keep access until the end of the period
        you paid for.
      </p>
      <h2>Fair use</h2>
      <p>Do not use Atelier to break the law, to attack other systems or to get around its limits. We may suspend an account that does.</p>
      <h2>Contact</h2>
      <p>Questions about these terms: legal@atelier.app.</p>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
