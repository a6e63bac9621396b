/**
 * The one error boundary every route renders:
 *
 *   export function ErrorBoundary() { return <GeneralErrorBoundary />; }
 *
 * Every page carries this small part; the screen itself (error-view.tsx) is fetched the
 * first time an error shows, so it costs nothing on pages without one.
 */
import { useLocation, useRouteError } from "@remix-run/react";
import { Suspense } from "react";
import { onDemand } from "~/components/ui/on-demand";
import type { ErrorViewProps } from "./error-view";

// If even the screen's code cannot be fetched (the usual reason: the network is gone).
// The link is the page's own address, so following it is a reload, with or without JavaScript.
function Unreachable() {
  const location = useLocation();
  return (
    <main id="main" className="p-8">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2">We encountered an unexpected error. Please try refreshing the page.</p>
      <a href={`${location.pathname}${location.search}`} className="mt-4 inline-block font-semibold text-brand-700 underline">
        Reload Page
      </a>
    </main>
  );
}

const ErrorView = onDemand<ErrorViewProps>(() => import("./error-view").then((m) => m.ErrorView), Unreachable);

export function GeneralErrorBoundary({ retry = "try-again" }: { retry?: ErrorViewProps["retry"] }) {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <ErrorView error={error} retry={retry} />
    </Suspense>
  );
}
