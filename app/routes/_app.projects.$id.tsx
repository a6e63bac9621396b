import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { boardClientAction, boardShouldRevalidate } from "~/components/board/board-writes";
import { ProjectBoardPage } from "~/components/board/project-board-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { useStickyActionData } from "~/components/ui/use-sticky-action-data";
import type { BoardActionData } from "~/lib/forms/board";
import type { loader } from "./_app.projects.$id.server";

export { action, loader } from "./_app.projects.$id.server";

/** A card dragged or a card field saved (`?write`) goes to the board's JSON API; every other post to the action above. */
export const clientAction = boardClientAction;

/** After a board write the server took, the board's live event brings the change: the loader runs once for it. */
export const shouldRevalidate: ShouldRevalidateFunction = boardShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.project.name ?? "Project"} · Atelier` }];

export default function ProjectBoardRoute() {
  return <ProjectBoardPage data={useLoaderData<typeof loader>()} actionData={useStickyActionData<BoardActionData>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
