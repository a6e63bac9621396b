import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// A navigation that a newer one replaces is aborted on purpose. React Router's single
// fetch can leave that abort as an unhandled rejection ("AbortError: signal is aborted
// without reason"; remix-run/react-router#14203) when a click follows a form's GET
// quickly: nothing failed, so it is not reported as an error. Any other rejection is.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  } catch (error) {
    // The inline startup guard (components/errors/startup-guard) shows 'React App Failed to Start'.
    console.error(error);
    window.__atelierStartFailed?.();
  }
});
