import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { settingsAction, settingsLoader } from "~/.server/workspaces/team-route";
import { SettingsPage } from "~/components/account/settings-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";

export const meta: MetaFunction = () => [{ title: "Settings · Atelier" }];

export const loader = ({ request }: LoaderFunctionArgs) => settingsLoader(request);
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request);

export default function SettingsRoute() {
  return <SettingsPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
