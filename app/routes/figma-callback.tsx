import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { ErrorScreen } from "~/components/errors/error-screen";
import { buttonClass } from "~/components/ui/button-styles";
import type { loader } from "./figma-callback.server";

export { loader } from "./figma-callback.server";

/** Where Figma sends people back after connecting: says what happened (decision 030). */
export const meta: MetaFunction = () => [{ title: "Figma integration · Atelier" }];

const SETTINGS = "/settings/integrations";

/** The outcomes that connected nothing: what to say; each leads back to Integrations. */
const NOT_CONNECTED = {
  refused: (reason: string) => ({
    title: "Figma was not connected",
    message: `The connection was refused: ${reason}. Nothing was stored; you can try again.`,
  }),
  expired: () => ({
    title: "This connection attempt expired",
    message:
      "It is older than ten minutes, or it was started in another browser or by another account. Nothing was stored; start again from Integrations.",
  }),
  "not-configured": () => ({
    title: "Figma is not set up here",
    message: "This Atelier server has no Figma app configured, so there is nothing to finish. Nothing was shared with Atelier.",
  }),
};

export default function FigmaCallback() {
  const result = useLoaderData<typeof loader>();
  switch (result.outcome) {
    case "connected":
      return (
        <ErrorScreen
          fullPage
          title="Figma is connected"
          message={`You are connected as ${result.handle}. Import a Figma file's frames from Wireframes.`}
        >
          <Link to="/wireframes" className={buttonClass("primary")}>
            Go to Wireframes
          </Link>
          <Link to={SETTINGS} className={buttonClass("secondary")}>
            Integrations
          </Link>
        </ErrorScreen>
      );
    case "refused":
    case "expired":
    case "not-configured": {
      const { title, message } = NOT_CONNECTED[result.outcome]("reason" in result ? result.reason : "");
      return (
        <ErrorScreen fullPage title={title} message={message}>
          <Link to={SETTINGS} className={buttonClass("primary")}>
            Back to Integrations
          </Link>
        </ErrorScreen>
      );
    }
    default:
      return (
        <ErrorScreen
          fullPage
          title="Figma is not connected yet"
          message="This is where Figma sends you back after you connect an account. Sign in to Atelier and connect Figma from Settings → Integrations; nothing was shared with Atelier."
        >
          <Link to="/" className={buttonClass("primary")}>
            Go Home
          </Link>
        </ErrorScreen>
      );
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
