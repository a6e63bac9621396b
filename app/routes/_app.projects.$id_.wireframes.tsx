import type { MetaFunction } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Project wireframes");

export default function ProjectWireframes() {
  const { id } = useParams();
  return (
    <PlaceholderScreen
      title="Project wireframes"
      description="Every wireframe that belongs to this project, in one place."
      eyebrow={<Breadcrumb to={`/projects/${id}`} label="Project" />}
      empty={{
        icon: "wireframes",
        badge: "Coming soon",
        title: "Project wireframes are coming soon",
        children: <p>Soon you will find this project’s wireframes here. Until then, every wireframe is under Wireframes.</p>,
        action: { to: "/wireframes", label: "Go to Wireframes" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
