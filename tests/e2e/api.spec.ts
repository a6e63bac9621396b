import { baseURL, closedBetaURL, expect, test, uniqueEmail } from "../support/e2e";

test.describe("the JSON API under /api", () => {
  test("status, gateway status and feature flags", async ({ request }) => {
    const status = await request.get(`${baseURL}/api/status`);
    expect(status.status()).toBe(200);
    expect(await status.json()).toEqual({ status: "ok" });

    const kong = await request.get(`${baseURL}/api/kong/status`);
    expect(kong.status()).toBe(200);
    expect(await kong.json()).toMatchObject({ status: "ok", version: "3.0.0" });

    const flags = await request.get(`${baseURL}/api/feature-flags`);
    expect(flags.headers()["cache-control"]).toBe("public, max-age=60");
    expect(await flags.json()).toEqual({ enabled: { "auth.enable_public_signup": true } });
    const closed = await request.get(`${closedBetaURL}/api/feature-flags`);
    expect(await closed.json()).toEqual({ enabled: { "auth.enable_public_signup": false } });
  });

  test("beta sign-up and e-mail capture: stored, merged, validated", async ({ request }) => {
    const email = uniqueEmail("api-beta");
    const first = await request.post(`${baseURL}/api/beta/signup`, { data: { email, fullName: "Ada" } });
    expect(first.status()).toBe(201);
    expect(await first.json()).toEqual({ ok: true, message: "Request submitted. We will contact you if approved." });
    const again = await request.post(`${baseURL}/api/beta/signup`, { data: { email } });
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ ok: true, message: "Thanks! You are on the beta list." });

    const bad = await request.post(`${baseURL}/api/beta/signup`, { data: { email: "nope" } });
    expect(bad.status()).toBe(400);
    expect(bad.headers()["content-type"]).toBe("application/problem+json");
    expect(await bad.json()).toMatchObject({ status: 400, code: "validation_failed", detail: "Please enter a valid email address" });

    const notJson = await request.post(`${baseURL}/api/beta/email-capture`, { form: { email } });
    expect(notJson.status()).toBe(415);
    expect(await notJson.json()).toMatchObject({ status: 415, code: "unsupported_media_type" });

    const broken = await request.post(`${baseURL}/api/beta/email-capture`, {
      headers: { "Content-Type": "application/json" },
      data: Buffer.from("{email:"),
    });
    expect(broken.status()).toBe(400);
    // The one body reader's words (app/.server/http/body.ts), said by the server's guard before the route runs.
    expect(await broken.json()).toMatchObject({ status: 400, code: "invalid_request", detail: "The request body is not valid JSON." });

    const capture = await request.post(`${baseURL}/api/beta/email-capture`, { data: { email } });
    expect(capture.status()).toBe(201);
    expect(await capture.json()).toEqual({ ok: true, message: "Thanks! You are on the beta list." });
    expect((await request.post(`${baseURL}/api/beta/email-capture`, { data: { email } })).status()).toBe(200);
  });

  test("a cross-site browser post to the API is refused", async ({ request }) => {
    const res = await request.post(`${baseURL}/api/beta/email-capture`, {
      headers: { Origin: "https://evil.example" },
      data: { email: uniqueEmail("xsite") },
    });
    expect(res.status()).toBe(403);
  });
});
