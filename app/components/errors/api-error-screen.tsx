import { ErrorScreen, GoHomeLink } from "./error-screen";
import { ReloadForm } from "./reload-form";

export const API_ERROR_MESSAGE = "Unable to connect to the backend services. Please try again.";

/** 'API Connection Error' (spec section 8), for /error/api and unknown /api/... paths. */
export function ApiErrorScreen({ message = API_ERROR_MESSAGE, status }: { message?: string; status?: number }) {
  return (
    <ErrorScreen fullPage status={status} title="API Connection Error" message={message}>
      {/* A real reload, with JavaScript too: the point is to ask the server again. */}
      <ReloadForm label="Retry Connection" />
      <GoHomeLink />
    </ErrorScreen>
  );
}
