import type { MetaFunction } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Project design system");

export default function ProjectDesignSystem() {
  const { projectId } = useParams();
  return (
    <PlaceholderScreen
      title="Project design system"
      description="Colours, type and components for this project, built on your workspace’s design system."
      eyebrow={<Breadcrumb to={`/projects/${projectId}`} label="Project" />}
      empty={{
        icon: "design",
        title: "No project tokens yet",
        children: <p>Tokens and components that belong to this project will be listed here, next to the ones it inherits.</p>,
        action: { to: "/design", label: "Open Design System" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
