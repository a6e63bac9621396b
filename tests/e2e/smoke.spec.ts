import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import nodemailer from "nodemailer";
import { smtpURL, oauthClients, oauthEndpoints } from "../support/e2e-config";
import {
  baseURL,
  closedBetaURL,
  expect,
  expectNoA11yViolations,
  isHydrated,
  setOAuthIdentity,
  test,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from "../support/e2e";

/** A raw GET, so we see the bytes and headers as sent (fetch would decompress). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

test.describe("production server", () => {
  test("the landing page renders without framework scripts and passes axe; the sign-in page hydrates", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("main")).toBeVisible();
    // Issue 12: the landing page ships no framework JavaScript, only its small inline script.
    await expect(page.locator("script[src]")).toHaveCount(0);
    expect(await isHydrated(page)).toBe(false);
    await expectNoA11yViolations(page);
    await page.goto("/auth");
    await waitForHydration(page);
    expect(await isHydrated(page)).toBe(true);
  });

  test("security headers, and every script carries this response's CSP nonce", async () => {
    const first = await rawGet(`${baseURL}/`);
    const second = await rawGet(`${baseURL}/`);
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["x-frame-options"]).toBe("DENY");
    expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(first.headers["x-powered-by"]).toBeUndefined();
    const csp = String(first.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline'; style"); // scripts never get unsafe-inline in production
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(second.headers["content-security-policy"])).not.toContain(`'nonce-${nonce}'`);

    const html = first.body.toString("utf8");
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
  });

  test("HTML is gzipped and /assets are cached as immutable", async () => {
    const page = await rawGet(`${baseURL}/`, { "accept-encoding": "gzip" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(page.body[0]).toBe(0x1f); // gzip magic bytes
    expect(page.body[1]).toBe(0x8b);

    const html = (await rawGet(`${baseURL}/auth`)).body.toString("utf8");
    const assets = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
    expect(assets.length, "the sign-in page loads built scripts").toBeGreaterThan(0);
    let compressed = 0;
    for (const asset of assets) {
      const res = await rawGet(`${baseURL}${asset}`, { "accept-encoding": "gzip" });
      expect(res.status, asset).toBe(200);
      expect(res.headers["cache-control"], asset).toContain("immutable");
      expect(res.headers["cache-control"], asset).toContain("max-age=31536000");
      if (res.headers["content-encoding"] === "gzip") compressed++;
    }
    // compression leaves out bodies under 1 KB; the big chunks must be gzipped.
    expect(compressed).toBeGreaterThan(0);
  });

  test("a cross-site POST is refused with 403; a same-origin one is not", async ({ request }) => {
    const crossOrigin = await request.post("/", { headers: { origin: "http://evil.example" }, form: { a: "1" } });
    expect(crossOrigin.status()).toBe(403);
    const crossFetchSite = await request.post("/", { headers: { "sec-fetch-site": "cross-site" }, form: { a: "1" } });
    expect(crossFetchSite.status()).toBe(403);
    const crossApi = await request.post("/api/beta/signup", { headers: { origin: "http://evil.example" }, data: {} });
    expect(crossApi.status()).toBe(403);
    expect(await crossApi.json()).toMatchObject({ status: 403, code: "cross_site_request", detail: "Cross-site request refused" });

    // Same origin reaches the app: the API's own validation answers (4xx), not the guard.
    const sameOrigin = await request.post("/api/beta/email-capture", {
      headers: { origin: baseURL, "sec-fetch-site": "same-origin" },
      data: {},
    });
    expect(sameOrigin.status()).not.toBe(403);
    expect(await sameOrigin.json()).not.toEqual({ error: "Cross-site request refused" });
  });

  test("the closed-beta instance is up", async ({ request }) => {
    const res = await request.get(`${closedBetaURL}/healthz`);
    expect(res.status()).toBe(200);
  });
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page renders as plain HTML and does not hydrate", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("main")).toBeVisible();
    expect(await isHydrated(page)).toBe(false);
  });
});

test.describe("test services", () => {
  test("the mail sink receives, decodes and hands out each mail once", async () => {
    const to = uniqueEmail("smoke");
    const link = `${baseURL}/reset-password?access_token=${"a".repeat(60)}&refresh_token=b&type=recovery`;
    const transport = nodemailer.createTransport(smtpURL);
    await transport.sendMail({
      from: "Atelier <no-reply@atelier.test>",
      to,
      subject: "Réinitialiser — reset your password",
      // Long lines and non-ASCII force quoted-printable; the link must survive it.
      text: `Héllo ${"x".repeat(90)}\nOpen ${link} to continue.`,
      html: `<p>Héllo</p><p><a href="${link.replace(/&/g, "&amp;")}">Reset</a></p>`,
    });
    const mail = await waitForMail({ to, subject: "reset your password" });
    expect(mail.subject).toBe("Réinitialiser — reset your password");
    expect(mail.to).toContain(to);
    expect(mail.text).toContain("Héllo");
    expect(mail.links).toEqual([link]);
    await expect(waitForMail({ to, timeoutMs: 0 })).rejects.toThrow(/No mail/);
  });

  test("the OAuth2 server runs the code flow with PKCE for Google and GitHub", async ({ request }) => {
    const redirectUri = `${baseURL}/auth/google/callback`;
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    // This test's identities are for its own authorizations (tests run at once).
    const tag = randomBytes(8).toString("hex");
    const authorize = (provider: "google" | "github", extra: Record<string, string> = {}) =>
      request.get(oauthEndpoints[provider].authorization, {
        maxRedirects: 0,
        headers: { "x-e2e-oauth-tag": tag },
        params: {
          response_type: "code",
          client_id: oauthClients[provider].clientId,
          redirect_uri: redirectUri,
          state: "s-123",
          code_challenge: challenge,
          code_challenge_method: "S256",
          scope: "openid email profile",
          ...extra,
        },
      });
    const codeFrom = (location: string) => {
      const url = new URL(location);
      expect(url.origin + url.pathname).toBe(redirectUri);
      expect(url.searchParams.get("state")).toBe("s-123");
      return url.searchParams.get("code")!;
    };
    const exchange = (provider: "google" | "github", code: string, codeVerifier = verifier) =>
      request.post(oauthEndpoints[provider].token, {
        headers: {
          accept: "application/json",
          authorization: `Basic ${Buffer.from(`${oauthClients[provider].clientId}:${oauthClients[provider].clientSecret}`).toString("base64")}`,
        },
        form: { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier },
      });

    const email = uniqueEmail("oauth");
    await setOAuthIdentity("google", { id: "g-1", email, name: "Ada Lovelace" }, { tag });
    const googleAuth = await authorize("google");
    expect(googleAuth.status()).toBe(302);
    const code = codeFrom(googleAuth.headers().location!);
    const token = await exchange("google", code);
    expect(token.status()).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const userinfo = await request.get(oauthEndpoints.google.userinfo, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ sub: "g-1", email, email_verified: true, name: "Ada Lovelace" });
    // A code is single use.
    expect((await exchange("google", code)).status()).toBe(400);

    // A wrong PKCE verifier is refused.
    const second = codeFrom((await authorize("google")).headers().location!);
    const bad = await exchange("google", second, randomBytes(32).toString("base64url"));
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid_grant" });

    // An unregistered redirect_uri gets the provider's error page, not a redirect.
    const foreign = await authorize("google", { redirect_uri: "http://evil.example/cb" });
    expect(foreign.status()).toBe(400);

    const ghEmail = uniqueEmail("octo");
    await setOAuthIdentity("github", { id: 4242, email: ghEmail, name: "Octo Cat", emailVerified: false }, { tag });
    const ghCode = codeFrom((await authorize("github")).headers().location!);
    const ghToken = (await (await exchange("github", ghCode)).json()) as { access_token: string };
    const headers = { authorization: `Bearer ${ghToken.access_token}` };
    expect(await (await request.get(oauthEndpoints.github.userinfo, { headers })).json()).toMatchObject({
      id: 4242,
      name: "Octo Cat",
    });
    expect(await (await request.get(`${oauthEndpoints.github.userinfo}/emails`, { headers })).json()).toEqual([
      { email: ghEmail, primary: true, verified: false, visibility: "public" },
    ]);

    await setOAuthIdentity("github", { id: 1, email: ghEmail, name: "Octo Cat", denied: true }, { tag });
    const denied = new URL((await authorize("github")).headers().location!);
    expect(denied.searchParams.get("error")).toBe("access_denied");
  });
});
