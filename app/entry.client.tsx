import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

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
