import type { MetaFunction } from "@remix-run/node";
import { ApiErrorScreen } from "~/components/errors/api-error-screen";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";

export const meta: MetaFunction = () => [{ title: "API Connection Error · Atelier" }];

export default function ApiConnectionError() {
  return <ApiErrorScreen />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
