import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { TeamPage } from "~/components/team/team-page";
import type { action, loader } from "./_app.team._index.server";

export { action, loader } from "./_app.team._index.server";

export const meta: MetaFunction = () => [{ title: "Team · Atelier" }];

export default function TeamRoute() {
  return <TeamPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
