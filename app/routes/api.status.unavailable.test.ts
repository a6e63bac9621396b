import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import { loader as kongLoader } from "./api.kong.status";
import { loader as statusLoader } from "./api.status";

describe("GET /api/status without a database", () => {
  const original = process.env.DATABASE_URL;
  beforeAll(async () => {
    // A Postgres URL nobody listens on: the database is down for this block.
    await closeDb();
    process.env.DATABASE_URL = "postgres://atelier@127.0.0.1:9/atelier";
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeDb();
    if (original === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = original;
    resetEnvForTests();
  });

  it("answers 503 as problem details (service_unavailable), while the API layer itself still answers ok", async () => {
    const errors = vi.mocked(console.error);
    errors.mockImplementationOnce(() => {}); // expected: pingDb logs why
    const res = await statusLoader();
    expect(res.status).toBe(503);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ status: 503, code: "service_unavailable", detail: expect.any(String) });
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual(["[db] ping failed"]);
    errors.mockClear();
    expect((await kongLoader().json()).status).toBe("ok");
  });
});
