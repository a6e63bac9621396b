import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { LegalPage } from "~/components/landing/legal-page";
import { landingLinks } from "~/components/landing/styles";

export const links = landingLinks;

export const meta: MetaFunction = () => [{ title: "Privacy · Atelier" }];

export default function Privacy() {
  return (
    <LegalPage title="Privacy" updated="2024">
      <p>
        This page explains what Atelier keeps about you and why. We keep as little as the service needs, and we do not sell personal data.
      </p>
      <h2>What we keep</h2>
      <p>
        Your name, e-mail address and a one-way hash of your password (never the password itself). If you sign in with Google or GitHub we
        keep the account id and verified e-mail address they send us. For each session we keep when it started, the browser it came from and
        its network address, so you and we can spot sign-ins you do not recognise.
      </p>
      <h2>Cookies</h2>
      <p>
        Atelier sets only the cookies it needs to work: one that keeps you signed in, one that carries a message to the next page, and one
        that remembers whether you collapsed the sidebar. There are no advertising cookies.
      </p>
      <h2>E-mail</h2>
      <p>We send e-mail only for your account: verifying your address, resetting your password and answering a beta access request.</p>
      <h2>Your choices</h2>
      <p>You can ask for a copy of your data or for your account to be deleted by writing to privacy@atelier.app.</p>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
