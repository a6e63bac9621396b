// The one body reader: what a route gets for each kind of body, and the Response it
// throws (415, 400, 413 as problem details: app/.server/http/problem.ts) for each kind it refuses.
import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, BODY_MESSAGES, readBytes, readForm, readJson } from "./body";

const URL_ = "http://localhost:3000/x";

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request(URL_, { method: "POST", body, headers });
}

/** A body that arrives in chunks with no Content-Length (as a chunked upload would). */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}, opts: { failAfter?: number } = {}): Request {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (opts.failAfter !== undefined && i === opts.failAfter) return controller.error(new Error("connection reset"));
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else controller.close();
    },
  });
  return new Request(URL_, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

const bytes = (n: number, fill = 97) => new Uint8Array(n).fill(fill);

const CODES: Record<number, string> = { 400: "invalid_request", 413: "payload_too_large", 415: "unsupported_media_type" };

/** The Response a reader threw, read as problem details (its `detail` is what the user is told). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; detail: string; type: string | null; cache: string | null }> {
  const thrown = await promise.then(
    () => {
      throw new Error("expected the reader to refuse the body");
    },
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  const res = thrown as Response;
  const json = (await res.json()) as { status: number; code: string; detail: string; title: string; type: string };
  expect(json).toMatchObject({
    status: res.status,
    code: CODES[res.status],
    type: `/docs/api/problems/${CODES[res.status]!.replaceAll("_", "-")}`,
  });
  expect(json.title).toBeTruthy();
  return { status: res.status, detail: json.detail, type: res.headers.get("Content-Type"), cache: res.headers.get("Cache-Control") };
}

describe("readForm", () => {
  it("reads an urlencoded form, repeated fields and UTF-8 included", async () => {
    const form = await readForm(
      post("title=Caf%C3%A9+%C3%A0+Paris&tag=a&tag=b&empty=", { "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8" }),
    );
    expect(form.get("title")).toBe("Café à Paris");
    expect(form.getAll("tag")).toEqual(["a", "b"]);
    expect(form.get("empty")).toBe("");
  });

  it("reads an empty urlencoded form (a button-only form) as no fields", async () => {
    const form = await readForm(post(new Uint8Array(0), { "Content-Type": "application/x-www-form-urlencoded" }));
    expect([...form.keys()]).toEqual([]);
  });

  it("reads a multipart form of text fields", async () => {
    const sent = new FormData();
    sent.set("name", "Board");
    sent.set("note", "Déjà vu");
    const form = await readForm(new Request(URL_, { method: "POST", body: sent }));
    expect(form.get("name")).toBe("Board");
    expect(form.get("note")).toBe("Déjà vu");
  });

  it("takes a file only where the route allows multipart uploads", async () => {
    const upload = () => {
      const sent = new FormData();
      sent.set("intent", "upload-attachment");
      sent.set("file", new File(["hello"], "hello.txt", { type: "text/plain" }));
      return new Request(URL_, { method: "POST", body: sent });
    };
    expect(await refusal(readForm(upload()))).toMatchObject({ status: 415, detail: BODY_MESSAGES.unsupported });

    const form = await readForm(upload(), { multipart: true, maxBytes: 1024 * 1024 });
    const file = form.get("file") as File;
    expect(file.name).toBe("hello.txt");
    expect(await file.text()).toBe("hello");
  });

  it("answers 400 to a post with no body and no content type", async () => {
    expect(await refusal(readForm(post(null)))).toEqual({
      status: 400,
      detail: "The request has no body.",
      type: "application/problem+json",
      cache: "no-store",
    });
  });

  it("answers 415 to a body of another type: none given, text/plain, JSON", async () => {
    expect(await refusal(readForm(post(bytes(10))))).toMatchObject({ status: 415, detail: "This address only accepts a form submission." });
    expect(await refusal(readForm(post("a=1", { "Content-Type": "text/plain" })))).toMatchObject({ status: 415 });
    expect(await refusal(readForm(post('{"a":1}', { "Content-Type": "application/json" })))).toMatchObject({ status: 415 });
  });

  it("answers 400 to a truncated multipart body", async () => {
    const truncated = '--XX\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a val';
    const res = refusal(readForm(post(truncated, { "Content-Type": "multipart/form-data; boundary=XX" })));
    expect(await res).toMatchObject({ status: 400, detail: "The form could not be read. Please try again." });
  });

  it("answers 413 past 64 KB when Content-Length says so, without reading the body", async () => {
    const req = post(bytes(10), { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(BODY_LIMIT_BYTES + 1) });
    expect(await refusal(readForm(req))).toMatchObject({ status: 413, detail: "The request is too large (more than 64 KB)." });
    expect(req.bodyUsed).toBe(false);
  });

  it("answers 413 past 64 KB without a Content-Length, counting what arrives", async () => {
    const chunk = bytes(16 * 1024);
    const over = streamed([chunk, chunk, chunk, chunk, bytes(1)], { "Content-Type": "application/x-www-form-urlencoded" });
    expect(await refusal(readForm(over))).toMatchObject({ status: 413 });

    const exactly = streamed([chunk, chunk, chunk, chunk], { "Content-Type": "application/x-www-form-urlencoded" });
    expect((await readForm(exactly)).get("a".repeat(BODY_LIMIT_BYTES))).toBe("");
  });

  it("applies a route's own limit", async () => {
    const req = post(`note=${"x".repeat(2000)}`, { "Content-Type": "application/x-www-form-urlencoded" });
    expect(await refusal(readForm(req, { maxBytes: 1024 }))).toMatchObject({
      status: 413,
      detail: "The request is too large (more than 1 KB).",
    });
  });

  it("answers 400 when the body breaks off while it is read", async () => {
    const broken = streamed([bytes(100)], { "Content-Type": "application/x-www-form-urlencoded" }, { failAfter: 1 });
    expect(await refusal(readForm(broken))).toMatchObject({ status: 400, detail: "The request body could not be read. Please try again." });
  });

  it("answers 400 to a field (or a field's name) holding a NUL character, which the database cannot store; a file may hold one", async () => {
    const nul = { status: 400, detail: BODY_MESSAGES.nulCharacter };
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    expect(await refusal(readForm(post("title=a%00b", form)))).toMatchObject(nul);
    expect(await refusal(readForm(post("ti%00tle=ab", form)))).toMatchObject(nul);
    const sent = new FormData();
    sent.set("title", "a\u0000b");
    expect(await refusal(readForm(new Request(URL_, { method: "POST", body: sent })))).toMatchObject(nul);
    const upload = new FormData();
    upload.set("file", new File([new Uint8Array([0, 1, 0])], "zeros.bin"));
    expect(((await readForm(new Request(URL_, { method: "POST", body: upload }), { multipart: true })).get("file") as File).size).toBe(3);
  });
});

describe("readJson", () => {
  it("parses a JSON body, with a charset or a +json type", async () => {
    expect(await readJson(post('{"email":"a@b.co","n":[1,2]}', { "Content-Type": "application/json; charset=utf-8" }))).toEqual({
      email: "a@b.co",
      n: [1, 2],
    });
    expect(await readJson(post('{"ok":true}', { "Content-Type": "application/merge-patch+json" }))).toEqual({ ok: true });
  });

  it("answers 415 to a form, text or a body of no type", async () => {
    const json = "This address only accepts JSON (Content-Type: application/json).";
    expect(await refusal(readJson(post("a=1", { "Content-Type": "application/x-www-form-urlencoded" })))).toMatchObject({
      status: 415,
      detail: json,
    });
    expect(await refusal(readJson(post("{}", { "Content-Type": "text/plain" })))).toMatchObject({ status: 415, detail: json });
    expect(await refusal(readJson(post(bytes(2))))).toMatchObject({ status: 415, detail: json });
  });

  it("answers 400 to no body, an empty body and malformed JSON", async () => {
    expect(await refusal(readJson(post(null)))).toMatchObject({ status: 400, detail: "The request has no body." });
    expect(await refusal(readJson(post(new Uint8Array(0), { "Content-Type": "application/json" })))).toMatchObject({
      status: 400,
      detail: "The request has no body.",
    });
    expect(await refusal(readJson(post('{"a":', { "Content-Type": "application/json" })))).toMatchObject({
      status: 400,
      detail: "The request body is not valid JSON.",
    });
  });

  it("answers 400 to a NUL character in any string or key, however deep", async () => {
    const nul = { status: 400, detail: BODY_MESSAGES.nulCharacter };
    const json = { "Content-Type": "application/json" };
    expect(await refusal(readJson(post('{"name":"a\\u0000b"}', json)))).toMatchObject(nul);
    expect(await refusal(readJson(post('{"a\\u0000":1}', json)))).toMatchObject(nul);
    expect(await refusal(readJson(post(`${"[".repeat(1000)}"\\u0000"${"]".repeat(1000)}`, json)))).toMatchObject(nul);
    expect(await readJson(post('{"name":"a\\\\u0000b"}', json))).toEqual({ name: "a\\u0000b" });
  });

  it("answers 413 to a 1 MB JSON body, with or without Content-Length", async () => {
    const big = JSON.stringify({ a: "x".repeat(1024 * 1024) });
    const declared = post(big, { "Content-Type": "application/json", "Content-Length": String(big.length) });
    expect(await refusal(readJson(declared))).toMatchObject({ status: 413 });
    const undeclared = streamed([new TextEncoder().encode(big)], { "Content-Type": "application/json" });
    expect(await refusal(readJson(undeclared))).toMatchObject({ status: 413, detail: "The request is too large (more than 64 KB)." });
  });
});

describe("readBytes", () => {
  it("gives the body's bytes up to the limit, and an empty array for no body", async () => {
    expect([...(await readBytes(post(new Uint8Array([1, 2, 3])), 3))]).toEqual([1, 2, 3]);
    expect((await readBytes(post(null), 3)).byteLength).toBe(0);
    expect(await refusal(readBytes(post(new Uint8Array([1, 2, 3, 4])), 3))).toMatchObject({ status: 413 });
  });

  it("says megabytes for a large limit", async () => {
    const req = post(bytes(1), { "Content-Length": String(26 * 1024 * 1024) });
    expect(await refusal(readBytes(req, 25 * 1024 * 1024))).toMatchObject({ detail: "The request is too large (more than 25 MB)." });
  });
});
