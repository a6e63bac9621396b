import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Analytics");

export default function Analytics() {
  return (
    <PlaceholderScreen
      title="Analytics"
      description="Velocity, cycle time and progress across your projects."
      empty={{
        icon: "analytics",
        title: "No data yet",
        children: <p>Charts appear here once your team has moved a few cards across a board.</p>,
        action: { to: "/projects", label: "Go to Projects" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
