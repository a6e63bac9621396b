import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { projectsAction, projectsLoader } from "~/.server/projects/projects-route";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { ProjectsPage } from "~/components/projects/projects-page";

export const meta: MetaFunction = () => [{ title: "Projects · Atelier" }];

export const loader = ({ request }: LoaderFunctionArgs) => projectsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => projectsAction(request);

export default function ProjectsRoute() {
  return <ProjectsPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
