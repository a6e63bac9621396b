import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Team");

export default function Team() {
  return (
    <PlaceholderScreen
      title="Team"
      description="The people in your workspace, their roles and what each of them can do."
      empty={{
        icon: "team",
        title: "It’s just you for now",
        children: <p>Members you invite will be listed here with their roles and permissions.</p>,
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
