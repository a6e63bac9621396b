import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { screenMeta } from "~/components/shell/screen";
import { WireframeListPage } from "~/components/wireframes/pages/wireframe-list-page";
import type { action, loader } from "./_app.wireframes._index.server";

export { action, loader } from "./_app.wireframes._index.server";

export const meta: MetaFunction = screenMeta("Wireframes");

export default function Wireframes() {
  return <WireframeListPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
