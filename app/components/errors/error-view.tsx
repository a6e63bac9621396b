/**
 * What GeneralErrorBoundary shows: per-status messages for thrown Responses, the spec's
 * 'Something went wrong' screen for everything else. Fetched when first needed.
 */
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { errorCopy } from "./error-copy";
import { ErrorScreen, GoHomeLink } from "./error-screen";
import { ReloadForm } from "./reload-form";

export type ErrorViewProps = { error: unknown; retry: "try-again" | "reload" };

export function ErrorView({ error, retry }: ErrorViewProps) {
  const copy = errorCopy(error);
  const revalidator = useRevalidator();

  useEffect(() => {
    // Signed-out noise (401, 'not authenticated') is neither shown as a crash nor reported.
    if (copy.kind === "unexpected") console.error(error);
  }, [copy.kind, error]);

  return (
    <ErrorScreen status={copy.status} title={copy.title} message={copy.message}>
      {copy.kind === "auth" ? (
        <Link to="/auth" className={buttonClass("primary")}>
          Sign In
        </Link>
      ) : copy.status === 404 ? null : retry === "reload" ? (
        <ReloadForm label="Reload Page" />
      ) : (
        <ReloadForm label="Try Again" onRetry={() => revalidator.revalidate()} />
      )}
      <GoHomeLink />
    </ErrorScreen>
  );
}
