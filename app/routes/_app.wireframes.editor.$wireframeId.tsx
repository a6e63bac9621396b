import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Breadcrumb, PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Wireframe editor");

export default function EditWireframe() {
  return (
    <PlaceholderScreen
      title="Wireframe editor"
      description="Edit one wireframe: arrange its components and link it to other screens."
      eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
      empty={{
        icon: "wireframes",
        title: "This wireframe will open here",
        children: <p>Its canvas, layers and comments will appear here once the editor is ready.</p>,
        action: { to: "/wireframes", label: "Back to Wireframes" },
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
