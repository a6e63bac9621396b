import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { db } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import { loader as flagsLoader } from "./api.feature-flags";
import { loader as kongLoader } from "./api.kong.status";
import { loader as statusLoader } from "./api.status";

describe("GET /api/status", () => {
  it("answers {status: ok} when the database answers", async () => {
    const res = await statusLoader();
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("GET /api/kong/status", () => {
  it("reports the API layer healthy, with the app version and uptime", async () => {
    const res = kongLoader();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: "ok", version: "3.0.0" });
    expect(Number.isInteger(body.uptimeSeconds) && body.uptimeSeconds >= 0).toBe(true);
  });
});

describe("GET /api/feature-flags", () => {
  beforeEach(resetDb);
  afterEach(() => {
    delete process.env.FEATURE_FLAGS;
    resetEnvForTests();
  });

  it("maps every flag to a boolean, cacheable for 60 seconds", async () => {
    const res = await flagsLoader();
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(await res.json()).toEqual({ enabled: { "auth.enable_public_signup": true } });
  });

  it("applies the database value and FEATURE_FLAGS overrides on top", async () => {
    await db().execute(sql`update feature_flags set enabled = false where name = 'auth.enable_public_signup'`);
    expect(await (await flagsLoader()).json()).toEqual({ enabled: { "auth.enable_public_signup": false } });
    process.env.FEATURE_FLAGS = "auth.enable_public_signup=true,beta.something=false";
    resetEnvForTests();
    expect(await (await flagsLoader()).json()).toEqual({
      enabled: { "auth.enable_public_signup": true, "beta.something": false },
    });
  });
});
