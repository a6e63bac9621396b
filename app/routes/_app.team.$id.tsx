import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Team member");

export default function TeamMember() {
  return (
    <PlaceholderScreen
      title="Team member"
      description="One member of your workspace: their role, permissions and recent work."
      eyebrow={<Breadcrumb to="/team" label="Team" />}
      empty={{
        icon: "user",
        title: "Member profile",
        children: <p>This member’s role, permissions and recent activity will appear here.</p>,
        action: { to: "/team", label: "Back to Team" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
