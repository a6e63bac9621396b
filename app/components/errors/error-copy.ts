/**
 * What an error screen says for a caught error (spec sections 2, 4 and 8). Pure, so the
 * wording and the rule for auth noise are tested without rendering.
 */
import { isRouteErrorResponse } from "@remix-run/react";
import { readProblem } from "~/lib/problem";
import { STATUS_COPY } from "./status-copy";

export type ErrorCopy = {
  kind: "status" | "auth" | "unexpected";
  status: number | null;
  title: string;
  message: string;
};

export const UNEXPECTED_TITLE = "Something went wrong";
export const UNEXPECTED_MESSAGE = "We encountered an unexpected error. Please try refreshing the page.";

const byStatus = STATUS_COPY;

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

/** Problem details (app/lib/problem.ts) as Remix hands them over: parsed, or as text (`application/problem+json` is not `application/json` to it). */
function problemDetail(data: unknown): string | null {
  let body = data;
  if (typeof data === "string" && data.trimStart().startsWith("{")) {
    try {
      body = JSON.parse(data) as unknown;
    } catch {
      return null;
    }
  }
  return readProblem(body)?.detail ?? null;
}

/**
 * A 4xx thrown on purpose may carry its own sentence: `new Response("Project not found", {status: 404})`,
 * `{ message }`, or problem details' `detail` (the body reader's refusal: 400, 413, 415).
 */
function ownMessage(data: unknown): string | null {
  const detail = problemDetail(data);
  if (detail !== null) return detail;
  if (typeof data === "string" && data.trimStart().startsWith("{")) return null;
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
