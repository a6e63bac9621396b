import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Wireframe editor");

export default function WireframeEditor() {
  return (
    <PlaceholderScreen
      title="Wireframe editor"
      description="A canvas for laying out screens with components from your library."
      eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
      empty={{
        icon: "wireframes",
        title: "Blank canvas",
        children: <p>The editor’s canvas, layers and component panel will appear here.</p>,
        action: { to: "/wireframes/library", label: "Browse components" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
