import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { planStatusOf } from "~/.server/billing/plan-status";
import { settingsAction, settingsLoader } from "~/.server/workspaces/team-route";
import { SettingsPage } from "~/components/account/settings-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";

export const meta: MetaFunction = () => [{ title: "Settings · Atelier" }];

/** The workspace settings, with the plan status from the same source as /billing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const settings = await settingsLoader(request);
  return { ...settings, planStatus: await planStatusOf(settings.workspace) };
}
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request);

export default function SettingsRoute() {
  return <SettingsPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
