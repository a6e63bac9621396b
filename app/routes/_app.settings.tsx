import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SettingsPage } from "~/components/account/settings-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.settings.server";

export { action, loader } from "./_app.settings.server";

export const meta: MetaFunction = () => [{ title: "Settings · Atelier" }];

export default function SettingsRoute() {
  return <SettingsPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
