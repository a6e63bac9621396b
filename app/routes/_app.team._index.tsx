import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { teamAction, teamLoader } from "~/.server/workspaces/team-route";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { TeamPage } from "~/components/team/team-page";

export const meta: MetaFunction = () => [{ title: "Team · Atelier" }];

export const loader = ({ request }: LoaderFunctionArgs) => teamLoader(request);
export const action = ({ request }: ActionFunctionArgs) => teamAction(request);

export default function TeamRoute() {
  return <TeamPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
