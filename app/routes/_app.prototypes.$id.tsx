import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Prototype");

export default function Prototype() {
  return (
    <PlaceholderScreen
      title="Prototype"
      description="Click through linked wireframes the way your users will."
      empty={{
        icon: "play",
        title: "The preview will play here",
        children: <p>The interactive preview of this prototype, with its hotspots and transitions, will appear here.</p>,
        action: { to: "/wireframes", label: "Go to Wireframes" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
