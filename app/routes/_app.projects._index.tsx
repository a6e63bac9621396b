import type { MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Projects");

export default function Projects() {
  const query = useSearchParams()[0].get("q")?.trim();
  return (
    <PlaceholderScreen
      title="Projects"
      description="Kanban boards for your team’s work, each with its wireframes and design system."
      empty={
        query
          ? {
              icon: "search",
              title: `No projects match “${query}”`,
              children: <p>Search looks through the names of the projects you can see. There are none yet.</p>,
              action: { to: "/projects", label: "Clear search" },
            }
          : {
              icon: "projects",
              title: "No projects yet",
              children: <p>Projects you create or are invited to will appear here.</p>,
            }
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
