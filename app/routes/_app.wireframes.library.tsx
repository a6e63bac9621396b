import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Component Library");

export default function ComponentLibrary() {
  return (
    <PlaceholderScreen
      title="Component Library"
      description="Reusable building blocks for your wireframes."
      eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
      empty={{
        icon: "library",
        title: "No components yet",
        children: <p>Buttons, forms, navigation and the components you save from your wireframes will be collected here.</p>,
        action: { to: "/wireframes/editor", label: "Open the editor" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
