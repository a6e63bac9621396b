import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { ErrorScreen } from "~/components/errors/error-screen";
import { buttonClass } from "~/components/ui/button-styles";
import { useOptionalUser } from "~/root";

/**
 * Where the design tool sends people back after connecting (spec section 2: no sign-in
 * guard). The integration does not exist yet, so nothing is exchanged or stored here.
 */
export const meta: MetaFunction = () => [{ title: "Figma integration · Atelier" }];

export default function FigmaCallback() {
  const user = useOptionalUser();
  return (
    <ErrorScreen
      fullPage
      title="Figma is not connected yet"
      message="This is where Figma sends you back after you connect an account. The Figma integration is not available yet, so there is nothing to finish here and nothing was shared with Atelier."
    >
      <Link to={user ? "/wireframes" : "/"} className={buttonClass("primary")}>
        {user ? "Back to Wireframes" : "Go Home"}
      </Link>
    </ErrorScreen>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
