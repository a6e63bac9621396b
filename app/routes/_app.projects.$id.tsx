import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProjectBoardPage } from "~/components/board/project-board-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { useStickyActionData } from "~/components/ui/use-sticky-action-data";
import type { BoardActionData } from "~/lib/forms/board";
import type { loader } from "./_app.projects.$id.server";

export { action, loader } from "./_app.projects.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.project.name ?? "Project"} · Atelier` }];

export default function ProjectBoardRoute() {
  return <ProjectBoardPage data={useLoaderData<typeof loader>()} actionData={useStickyActionData<BoardActionData>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
