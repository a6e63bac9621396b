import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { ProjectsPage } from "~/components/projects/projects-page";
import type { action, loader } from "./_app.projects._index.server";

export { action, loader } from "./_app.projects._index.server";

export const meta: MetaFunction = () => [{ title: "Projects · Atelier" }];

export default function ProjectsRoute() {
  return <ProjectsPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
