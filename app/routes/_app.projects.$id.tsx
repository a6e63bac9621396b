import type { MetaFunction } from "@remix-run/node";
import { Link, useParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";
import { buttonClass } from "~/components/ui/button-styles";

export const meta: MetaFunction = screenMeta("Project");

export default function ProjectBoard() {
  const { id } = useParams();
  return (
    <PlaceholderScreen
      title="Project"
      description="The kanban board of one project: its columns, cards and the people working on them."
      eyebrow={<Breadcrumb to="/projects" label="Projects" />}
      actions={
        <>
          <Link to={`/projects/${id}/wireframes`} className={buttonClass("secondary")}>
            Wireframes
          </Link>
          <Link to={`/projects/${id}/design`} className={buttonClass("secondary")}>
            Design system
          </Link>
        </>
      }
      empty={{
        icon: "projects",
        title: "This board is waiting for its first cards",
        children: <p>The project’s columns, cards and recent activity will appear here.</p>,
        action: { to: "/projects", label: "Back to Projects" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
