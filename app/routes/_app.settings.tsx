import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotificationEmailSettings } from "~/components/account/notification-email-settings";
import { SettingsPage } from "~/components/account/settings-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.settings.server";

export { action, loader } from "./_app.settings.server";

export const meta: MetaFunction = () => [{ title: "Settings · Atelier" }];

export default function SettingsRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <SettingsPage data={data} reply={useActionData<typeof action>()}>
      <NotificationEmailSettings choices={data.emailChoices} />
    </SettingsPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
