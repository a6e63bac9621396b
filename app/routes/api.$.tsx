import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { ApiErrorScreen } from "~/components/errors/api-error-screen";

/**
 * Unknown /api/... paths (the real endpoints are routes of their own and match first):
 * the API error screen with status 404, whatever the method.
 */
export const meta: MetaFunction = () => [{ title: "API endpoint not found · Atelier" }];

export const loader = () => data({ viaClientRouter: false }, { status: 404 });
export const action = loader;

// A link inside the app that leads here never asks the server: the client router lands here.
export const clientLoader = () => ({ viaClientRouter: true });

export default function UnknownApiPath() {
  const { viaClientRouter } = useLoaderData<typeof loader>();
  return <ApiErrorScreen status={404} message={viaClientRouter ? "API route accessed through client router" : "API endpoint not found"} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
