import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Design System");

export default function DesignSystem() {
  return (
    <PlaceholderScreen
      title="Design System"
      description="Manage the colours, typography, spacing and components shared across your projects."
      empty={{
        icon: "design",
        title: "Your design system is empty",
        children: <p>Tokens and components you define here will be ready in every wireframe and prototype your team makes.</p>,
        action: { to: "/wireframes/library", label: "Browse the component library" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
