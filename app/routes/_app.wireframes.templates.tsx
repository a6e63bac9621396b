import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Templates");

export default function WireframeTemplates() {
  return (
    <PlaceholderScreen
      title="Templates"
      description="Ready-made layouts to start a wireframe from."
      eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
      empty={{
        icon: "library",
        badge: "Coming soon",
        title: "Templates are coming soon",
        children: <p>Start new wireframes from layouts for sign-in pages, dashboards, settings and more.</p>,
        action: { to: "/wireframes", label: "Back to Wireframes" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
