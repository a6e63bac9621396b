import { useAsyncError } from "@remix-run/react";
import { isAuthError } from "./error-copy";

/** The small banner for data that failed to load (spec section 2). */
export function DataErrorBanner() {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0 text-amber-500">
        <path
          fillRule="evenodd"
          d="M8.5 2.9a1.7 1.7 0 013 0l6.3 11.2A1.7 1.7 0 0116.3 17H3.7a1.7 1.7 0 01-1.5-2.9L8.5 2.9zM10 7a.8.8 0 00-.8.8v3.4a.8.8 0 001.6 0V7.8A.8.8 0 0010 7zm0 8a1 1 0 100-2 1 1 0 000 2z"
          clipRule="evenodd"
        />
      </svg>
      <div>
        <p className="font-semibold text-amber-900">Data loading error</p>
        <p className="mt-1 text-amber-800">There was an issue loading the data. Please refresh the page.</p>
      </div>
    </div>
  );
}

/**
 * `errorElement` of an <Await>. The old app's data wrapper caught render errors and kept
 * only those mentioning fetch or network; an <Await> only ever sees the deferred data's
 * own failure (and production hides the server's message), so every failure here is a
 * data-loading one and gets the banner. Being signed out is not: that goes on to the
 * route's boundary.
 */
export function AsyncDataError() {
  const error = useAsyncError();
  if (isAuthError(error)) throw error;
  return <DataErrorBanner />;
}
