import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NotificationEmailSettings } from "~/components/account/notification-email-settings";
import { LanguageModelSettings } from "~/components/analytics/summary-settings";
import { SettingsPage } from "~/components/account/settings-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.settings.server";

export { action, loader } from "./_app.settings.server";

export const meta: MetaFunction = () => [{ title: "Settings · Atelier" }];

export default function SettingsRoute() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <SettingsPage data={data} reply={reply}>
      {data.llm ? <LanguageModelSettings share={data.llm.shareCardTitles} canUpdate={data.can.update} reply={reply} /> : null}
      <NotificationEmailSettings choices={data.emailChoices} />
    </SettingsPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
