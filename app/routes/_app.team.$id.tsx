import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { memberLoader, teamAction } from "~/.server/workspaces/team-route";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { MemberPage } from "~/components/team/member-page";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.person.fullName || data?.person.email || "Member"} · Team · Atelier` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) => memberLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => teamAction(request, `/team/${params.id}`);

export default function MemberRoute() {
  const actionData = useActionData<typeof action>();
  return <MemberPage data={useLoaderData<typeof loader>()} error={actionData && !actionData.ok ? actionData.message : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
