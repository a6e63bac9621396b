import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { screenMeta } from "~/components/shell/screen";
import { NewWireframePage } from "~/components/wireframes/pages/new-wireframe-page";
import type { action, loader } from "./_app.wireframes.editor._index.server";

export { action, loader } from "./_app.wireframes.editor._index.server";

export const meta: MetaFunction = screenMeta("New wireframe");

export default function NewWireframe() {
  return <NewWireframePage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
