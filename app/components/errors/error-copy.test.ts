import { describe, expect, it } from "vitest";
import { UNEXPECTED_MESSAGE, UNEXPECTED_TITLE, errorCopy, isAuthError } from "./error-copy";

/** The shape Remix gives an error boundary for a thrown Response. */
const routeError = (status: number, data: unknown = null, internal = false) => ({
  status,
  statusText: "",
  internal,
  data,
});

describe("errorCopy", () => {
  it("has a message per status", () => {
    expect(errorCopy(routeError(404))).toMatchObject({ kind: "status", status: 404, title: "Page not found" });
    expect(errorCopy(routeError(403))).toMatchObject({ kind: "status", status: 403, title: "Access denied" });
    expect(errorCopy(routeError(401))).toMatchObject({ kind: "auth", status: 401, title: "Sign in required" });
    expect(errorCopy(routeError(429)).title).toBe("Too many requests");
  });

  it("shows the sentence a 4xx was thrown with", () => {
    expect(errorCopy(routeError(404, "Project not found")).message).toBe("Project not found");
    expect(errorCopy(routeError(400, { message: "Bad column" })).message).toBe("Bad column");
  });

  it("shows a thrown problem's detail (the body reader's refusal) under its status's title, as Remix hands it over", () => {
    const problem = {
      type: "/docs/api/problems/unsupported-media-type",
      title: "Unsupported media type",
      status: 415,
      detail: "This address only accepts a form submission.",
      code: "unsupported_media_type",
    };
    const expected = { kind: "status", status: 415, title: "Unsupported request", message: "This address only accepts a form submission." };
    // application/problem+json is not application/json to Remix: the boundary gets the text.
    expect(errorCopy(routeError(415, JSON.stringify(problem)))).toEqual(expected);
    expect(errorCopy(routeError(415, problem))).toEqual(expected);
    const tooLarge = { ...problem, status: 413, code: "payload_too_large", detail: "The request is too large (more than 64 KB)." };
    expect(errorCopy(routeError(413, JSON.stringify(tooLarge)))).toMatchObject({
      title: "Request too large",
      message: "The request is too large (more than 64 KB).",
    });
  });

  it("never shows JSON that is not a problem as the sentence", () => {
    expect(errorCopy(routeError(400, '{"unexpected":true}')).message).toBe(errorCopy(routeError(400)).message);
  });

  it("never shows the router's own developer text", () => {
    const copy = errorCopy(routeError(404, 'Error: No route matches URL "/x"', true));
    expect(copy.message).toBe("The page you are looking for does not exist or has moved.");
  });

  it("keeps server detail of a 5xx to itself", () => {
    expect(errorCopy(routeError(500, "stack trace here"))).toEqual({
      kind: "unexpected",
      status: 500,
      title: UNEXPECTED_TITLE,
      message: UNEXPECTED_MESSAGE,
    });
  });

  it("gives the spec's words for an uncaught error", () => {
    expect(errorCopy(new Error("boom"))).toEqual({
      kind: "unexpected",
      status: null,
      title: "Something went wrong",
      message: "We encountered an unexpected error. Please try refreshing the page.",
    });
  });
});

describe("isAuthError", () => {
  it("treats 401 and 'not authenticated' as signed-out noise", () => {
    expect(isAuthError(new Error("Request failed with status 401"))).toBe(true);
    expect(isAuthError(new Error("User not authenticated"))).toBe(true);
    expect(isAuthError(routeError(401))).toBe(true);
    expect(errorCopy(new Error("Not Authenticated")).kind).toBe("auth");
  });
  it("leaves other errors alone", () => {
    expect(isAuthError(new Error("Failed to fetch"))).toBe(false);
    expect(isAuthError(routeError(403))).toBe(false);
  });
});
