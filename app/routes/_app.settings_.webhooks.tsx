import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WebhooksPage } from "~/components/account/webhooks-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.settings_.webhooks.server";

export { action, loader } from "./_app.settings_.webhooks.server";

export const meta: MetaFunction = () => [{ title: "Webhooks · Settings · Atelier" }];

export default function WebhooksRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const secret = answer && "secret" in answer ? answer.secret : null;
  const reply = answer && !("secret" in answer) ? answer : undefined;
  return <WebhooksPage data={data} reply={reply} secret={secret} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
