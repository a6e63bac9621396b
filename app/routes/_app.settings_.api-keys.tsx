import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ApiKeysPage } from "~/components/account/api-keys-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.settings_.api-keys.server";

export { action, loader } from "./_app.settings_.api-keys.server";

export const meta: MetaFunction = () => [{ title: "API keys · Settings · Atelier" }];

export default function ApiKeysRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const created = answer && "created" in answer ? answer.created : null;
  const reply = answer && !("created" in answer) ? answer : undefined;
  return <ApiKeysPage data={data} reply={reply} created={created} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
