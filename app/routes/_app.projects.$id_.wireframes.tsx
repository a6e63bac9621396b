import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { WireframeListPage } from "~/components/wireframes/pages/wireframe-list-page";
import type { action, loader } from "./_app.projects.$id_.wireframes.server";

export { action, loader } from "./_app.projects.$id_.wireframes.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.project ? `${data.project.name} · Wireframes · Atelier` : "Project wireframes · Atelier" },
];

export default function ProjectWireframes() {
  return <WireframeListPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
