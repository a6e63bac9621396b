/**
 * What an error screen says for a caught error (spec sections 2, 4 and 8). Pure, so the
 * wording and the rule for auth noise are tested without rendering.
 */
import { isRouteErrorResponse } from "@remix-run/react";

export type ErrorCopy = {
  kind: "status" | "auth" | "unexpected";
  status: number | null;
  title: string;
  message: string;
};

export const UNEXPECTED_TITLE = "Something went wrong";
export const UNEXPECTED_MESSAGE = "We encountered an unexpected error. Please try refreshing the page.";

const byStatus: Record<number, { title: string; message: string }> = {
  400: { title: "Bad request", message: "The request could not be understood. Check the address or the form and try again." },
  401: { title: "Sign in required", message: "You need to sign in to see this page." },
  403: { title: "Access denied", message: "You do not have permission to see this page." },
  404: { title: "Page not found", message: "The page you are looking for does not exist or has moved." },
  405: { title: "Not allowed", message: "This page does not accept that kind of request." },
  429: { title: "Too many requests", message: "Please wait a moment and try again." },
  503: { title: "Service unavailable", message: "Atelier is temporarily unavailable. Please try again shortly." },
};

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message;
  }
  return "";
}

/** Errors that only say the visitor is signed out: the spec neither shows nor reports them. */
export function isAuthError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 401;
  const m = messageOf(error).toLowerCase();
  return m.includes("401") || m.includes("not authenticated");
}

/** A 4xx thrown on purpose may carry its own sentence, e.g. `new Response("Project not found", {status: 404})`. */
function ownMessage(data: unknown): string | null {
  if (typeof data === "string" && data.trim() && data.length <= 200 && !data.trimStart().startsWith("<")) return data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return null;
}

export function errorCopy(error: unknown): ErrorCopy {
  if (isRouteErrorResponse(error)) {
    const known = byStatus[error.status];
    // The router's own errors (internal: no route matched) carry developer text; never show it.
    const internal = (error as { internal?: boolean }).internal === true;
    const own = error.status < 500 && !internal ? ownMessage(error.data) : null;
    if (known || error.status < 500) {
      return {
        kind: error.status === 401 ? "auth" : "status",
        status: error.status,
        title: known?.title ?? (error.statusText || "Request failed"),
        message: own ?? known?.message ?? "The request could not be completed.",
      };
    }
    return { kind: "unexpected", status: error.status, title: UNEXPECTED_TITLE, message: UNEXPECTED_MESSAGE };
  }
  if (isAuthError(error)) return { kind: "auth", status: 401, ...byStatus[401]! };
  return { kind: "unexpected", status: null, title: UNEXPECTED_TITLE, message: UNEXPECTED_MESSAGE };
}
