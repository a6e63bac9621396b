/**
 * The title and default sentence of an error screen per HTTP status. No imports, so the
 * server's own answers (server/refusal.ts: a refused body, a cross-site post) use the
 * same words as the error boundary's screen (error-copy.ts).
 */
export const STATUS_COPY: Record<number, { title: string; message: string }> = {
  400: { title: "Bad request", message: "The request could not be understood. Check the address or the form and try again." },
  401: { title: "Sign in required", message: "You need to sign in to see this page." },
  403: { title: "Access denied", message: "You do not have permission to see this page." },
  404: { title: "Page not found", message: "The page you are looking for does not exist or has moved." },
  405: { title: "Not allowed", message: "This page does not accept that kind of request." },
  413: { title: "Request too large", message: "What was sent is larger than this page accepts." },
  415: { title: "Unsupported request", message: "This page does not accept that kind of content." },
  429: { title: "Too many requests", message: "Please wait a moment and try again." },
  503: { title: "Service unavailable", message: "Atelier is temporarily unavailable. Please try again shortly." },
};
