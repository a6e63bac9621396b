import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Export wireframe");

export default function ExportWireframe() {
  return (
    <PlaceholderScreen
      title="Export wireframe"
      description="Download a wireframe as an image, a PDF or code."
      eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
      empty={{
        icon: "download",
        title: "Nothing to export yet",
        children: <p>The export formats for this wireframe will be offered here.</p>,
        action: { to: "/wireframes", label: "Back to Wireframes" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
