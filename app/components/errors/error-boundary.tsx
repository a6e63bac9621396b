import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
export function GeneralErrorBoundary() {
  const error = useRouteError();
  return <main><h1>{isRouteErrorResponse(error) ? error.status : "Something went wrong"}</h1></main>;
}
