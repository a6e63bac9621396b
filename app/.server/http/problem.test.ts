// The one builder of JSON errors: what an API client reads for a UserError, a failed parse
// and a wrong method (RFC 9457 problem details, app/lib/problem.ts).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isReadOnlyProblem, isVersionConflict, problemOf } from "~/lib/problem";
import { UserError, versionConflict, workspaceReadOnly } from "../errors";
import { answerJson, methodNotAllowed, problemResponse, validationProblem } from "./problem";

describe("problemResponse", () => {
  it("answers a UserError as problem details with its status, code, field and headers", async () => {
    const res = problemResponse(new UserError(429, "Slow down.", undefined, { "Retry-After": "30" }));
    expect(res.status).toBe(429);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await res.json()).toEqual({
      type: "/docs/api/problems/rate-limited",
      title: "Too many requests",
      status: 429,
      detail: "Slow down.",
      code: "rate_limited",
    });
    const field = await problemResponse(new UserError(400, "Bad title.", "title")).json();
    expect(field).toMatchObject({ status: 400, code: "invalid_request", errors: [{ field: "title", message: "Bad title." }] });
  });

  it("carries the precise code a client decides by", async () => {
    expect(isReadOnlyProblem(await problemOf(problemResponse(workspaceReadOnly("This workspace is read-only."))))).toBe(true);
    expect(isVersionConflict(await problemOf(problemResponse(versionConflict("Changed meanwhile."))))).toBe(true);
  });

  it("rethrows anything else (a bug is a 500)", () => {
    expect(() => problemResponse(new Error("boom"))).toThrow("boom");
  });
});

describe("validationProblem", () => {
  it("answers 400 validation_failed with every issue as a field error", async () => {
    const parsed = z.object({ name: z.string().min(1, "Name it."), size: z.number() }).safeParse({ name: "" });
    const res = validationProblem(parsed.error!);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: "validation_failed", status: 400 });
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(["name", "size"]);
  });
});

describe("methodNotAllowed", () => {
  it("answers 405 with Allow", async () => {
    const res = methodNotAllowed(["get", "POST"]);
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, POST");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed", status: 405 });
  });
});

describe("answerJson", () => {
  it("answers a thrown UserError as its problem and lets thrown Responses through", async () => {
    expect((await answerJson(() => Promise.reject(new UserError(404, "Gone.")))).status).toBe(404);
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    await expect(answerJson(() => Promise.reject(redirect))).rejects.toBe(redirect);
  });
});
