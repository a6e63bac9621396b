import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { boardAction, boardLoader } from "~/.server/projects/board-route";
import { ProjectBoardPage, type BoardActionData } from "~/components/board/project-board-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { useStickyActionData } from "~/components/ui/use-sticky-action-data";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.project.name ?? "Project"} · Atelier` }];

export const loader = ({ request, params }: LoaderFunctionArgs) => boardLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => boardAction(request, params.id);

export default function ProjectBoardRoute() {
  return <ProjectBoardPage data={useLoaderData<typeof loader>()} actionData={useStickyActionData<BoardActionData>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
