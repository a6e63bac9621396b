import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";
import { buttonClass } from "~/components/ui/button-styles";

export const meta: MetaFunction = screenMeta("Wireframes");

export default function Wireframes() {
  return (
    <PlaceholderScreen
      title="Wireframes"
      description="Sketch screens and flows, then link them into prototypes your team can click through."
      actions={
        <>
          <Link to="/wireframes/templates" className={buttonClass("secondary")}>
            Templates
          </Link>
          <Link to="/wireframes/library" className={buttonClass("secondary")}>
            Component library
          </Link>
        </>
      }
      empty={{
        icon: "wireframes",
        title: "No wireframes yet",
        children: <p>Wireframes you and your team create will be listed here, newest first.</p>,
        action: { to: "/wireframes/editor", label: "Open the editor" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
