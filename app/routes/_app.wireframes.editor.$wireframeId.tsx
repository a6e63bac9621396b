import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { useHydrated } from "~/components/ui/form";
import { ReadOnlyWireframe } from "~/components/wireframes/pages/read-only-wireframe";
import { WireframeEditor } from "~/components/wireframes/editor/wireframe-editor";
import { DesignProvider } from "~/components/wireframes/editor/token-picker";
import type { loader } from "./_app.wireframes.editor.$wireframeId.server";

export { loader } from "./_app.wireframes.editor.$wireframeId.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.wireframe.name ?? "Wireframe editor"} · Wireframes · Atelier` },
];

/** The editor once JavaScript runs; before that (and without it) every screen, read-only. */
export default function EditWireframe() {
  const data = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return hydrated ? (
    <DesignProvider design={data.design}>
      <WireframeEditor {...data} />
    </DesignProvider>
  ) : (
    <ReadOnlyWireframe data={data} />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
