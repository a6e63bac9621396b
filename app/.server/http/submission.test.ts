// Forms the one way: parseSubmission reads the body through readForm and parses it with the
// form's schema; the replies carry every field's message, never a password, with the
// status (and headers) the page gets.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UserError } from "../errors";
import { invalid, parseSubmission, parseSubmissionAsync, replyError, replyUserError } from "./submission";

const schema = z.object({
  email: z.string({ error: "Enter your e-mail address." }).email("Enter a valid e-mail address."),
  password: z.string({ error: "Enter a password." }).min(8, "Use at least 8 characters."),
  name: z.string().optional(),
});

function formPost(fields: Record<string, string>): Request {
  return new Request("http://localhost:3000/form", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** What `data()` hands Remix: the reply and its response init. */
type Data<T = unknown> = { data: T; init: { status?: number; headers?: HeadersInit } | null };

describe("parseSubmission", () => {
  it("gives the parsed value of a valid urlencoded post", async () => {
    const submission = await parseSubmission(formPost({ email: "ada@example.test", password: "long enough" }), schema);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ email: "ada@example.test", password: "long enough" });
  });

  it("reads a multipart post of text fields the same way", async () => {
    const body = new FormData();
    body.set("email", "ada@example.test");
    body.set("password", "long enough");
    const submission = await parseSubmission(new Request("http://localhost:3000/form", { method: "POST", body }), schema);
    expect(submission.status).toBe("success");
  });

  it("chooses the schema by intent when given a function", async () => {
    const bySchema = (intent: unknown) => (intent === null ? schema : z.object({ other: z.string() }));
    const submission = await parseSubmission(formPost({ email: "ada@example.test", password: "long enough" }), bySchema);
    expect(submission.status).toBe("success");
  });

  it("answers a bad body before any parsing: the body reader's thrown 415", async () => {
    const thrown = await parseSubmission(
      new Request("http://localhost:3000/form", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "email=x" }),
      schema,
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(415);
  });

  it("runs async refinements with parseSubmissionAsync", async () => {
    const taken = schema.superRefine(async (value, ctx) => {
      await Promise.resolve();
      if (value.email === "taken@example.test") ctx.addIssue({ code: "custom", path: ["email"], message: "That address is taken." });
    });
    const submission = await parseSubmissionAsync(formPost({ email: "taken@example.test", password: "long enough" }), taken);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ email: ["That address is taken."] });
  });
});

describe("invalid", () => {
  it("answers 400 with every field's message at once, the password hidden", async () => {
    const submission = await parseSubmission(formPost({ email: "not-an-address", password: "short", name: "Ada" }), schema);
    const res = invalid(submission, { hideFields: ["password"] }) as unknown as Data<{
      error: Record<string, string[]>;
      initialValue: Record<string, unknown>;
    }>;
    expect(res.init?.status).toBe(400);
    expect(res.data.error).toEqual({ email: ["Enter a valid e-mail address."], password: ["Use at least 8 characters."] });
    expect(res.data.initialValue).toEqual({ email: "not-an-address", name: "Ada" });
  });

  it("reports a missing field with its own message", async () => {
    const submission = await parseSubmission(formPost({ email: "ada@example.test" }), schema);
    const res = invalid(submission) as unknown as Data<{ error: Record<string, string[]> }>;
    expect(res.data.error).toEqual({ password: ["Enter a password."] });
  });

  it("takes another status when asked", async () => {
    const submission = await parseSubmission(formPost({}), schema);
    expect((invalid(submission, { status: 422 }) as unknown as Data).init?.status).toBe(422);
  });
});

describe("replyError and replyUserError", () => {
  const valid = () => parseSubmission(formPost({ email: "ada@example.test", password: "long enough" }), schema);

  it("puts a form-wide message, with its status and headers (a 429's Retry-After)", async () => {
    const res = replyError(await valid(), 429, "Too many attempts.", {
      hideFields: ["password"],
      headers: { "Retry-After": "42" },
    }) as unknown as Data<{ error: Record<string, string[]>; initialValue: Record<string, unknown> }>;
    expect(res.init?.status).toBe(429);
    expect(new Headers(res.init?.headers).get("Retry-After")).toBe("42");
    expect(res.data.error).toEqual({ "": ["Too many attempts."] });
    expect(res.data.initialValue).not.toHaveProperty("password");
  });

  it("puts a field's message on that field", async () => {
    const res = replyError(await valid(), 409, "That address is taken.", { field: "email" }) as unknown as Data<{
      error: Record<string, string[]>;
    }>;
    expect(res.data.error).toEqual({ email: ["That address is taken."] });
  });

  it("answers a service's UserError as the form's reply", async () => {
    const res = replyUserError(
      await valid(),
      new UserError(403, "Viewers cannot do that.", undefined, { "X-Why": "role" }),
    ) as unknown as Data<{
      error: Record<string, string[]>;
    }>;
    expect(res.init?.status).toBe(403);
    expect(res.data.error).toEqual({ "": ["Viewers cannot do that."] });
    expect(new Headers(res.init?.headers).get("X-Why")).toBe("role");

    const onField = replyUserError(await valid(), new UserError(409, "Taken.", "email")) as unknown as Data<{
      error: Record<string, string[]>;
    }>;
    expect(onField.data.error).toEqual({ email: ["Taken."] });
  });

  it("rethrows anything that is not a UserError (a bug reaches the 500 screen)", async () => {
    const bug = new TypeError("x is undefined");
    const submission = await valid();
    expect(() => replyUserError(submission, bug)).toThrow(bug);
  });
});
