import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { screenMeta } from "~/components/shell/screen";
import { TemplatesPage } from "~/components/wireframes/pages/templates-page";
import type { action, loader } from "./_app.wireframes.templates.server";

export { action, loader } from "./_app.wireframes.templates.server";

export const meta: MetaFunction = screenMeta("Templates");

export default function WireframeTemplates() {
  return <TemplatesPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
