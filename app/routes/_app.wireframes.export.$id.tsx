import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { screenMeta } from "~/components/shell/screen";
import { ExportPage } from "~/components/wireframes/export/export-page";
import type { loader } from "./_app.wireframes.export.$id.server";

export { loader } from "./_app.wireframes.export.$id.server";

export const meta: MetaFunction = screenMeta("Export wireframe");

export default function ExportWireframe() {
  return <ExportPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
