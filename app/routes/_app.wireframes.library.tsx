import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { screenMeta } from "~/components/shell/screen";
import { LibraryPage } from "~/components/wireframes/pages/library-page";
import type { action, loader } from "./_app.wireframes.library.server";

export { action, loader } from "./_app.wireframes.library.server";

export const meta: MetaFunction = screenMeta("Component Library");

export default function ComponentLibrary() {
  return <LibraryPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
