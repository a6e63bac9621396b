import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { inRequestScope } from "../http/request-scope";
import { hit, peek, tooManyRequests } from "./index";

describe("rate limit", () => {
  beforeEach(resetDb);

  it("allows up to the limit, then refuses with a retry time within the window", async () => {
    for (let i = 0; i < 3; i++) expect((await hit("k", 3, 300)).ok).toBe(true);
    const fourth = await hit("k", 3, 300);
    expect(fourth.ok).toBe(false);
    if (!fourth.ok) {
      expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
      expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(300);
    }
    expect((await peek("k", 3, 300)).ok).toBe(false);
    expect((await hit("other", 3, 300)).ok).toBe(true);
  });
});

// The server puts Retry-After on every 429 from what the request's limiters noted (server/remix-handler.ts).
describe("a refusal's wait, noted for the request's 429", () => {
  beforeEach(resetDb);

  it("a refused hit notes its retry time in the request's scope; an allowed one notes nothing", async () => {
    const allowed = await inRequestScope(() => hit("scope-a", 1, 300));
    expect(allowed.result.ok).toBe(true);
    expect(allowed.scope.retryAfterSeconds).toBeUndefined();

    const refused = await inRequestScope(() => hit("scope-a", 1, 300));
    expect(refused.result.ok).toBe(false);
    expect(refused.scope.retryAfterSeconds).toBe(!refused.result.ok && refused.result.retryAfterSeconds);
    expect(refused.scope.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("a refused peek notes it too, and the longest wait of a request wins", async () => {
    await hit("short", 1, 60);
    await hit("long", 1, 3600);
    const { scope } = await inRequestScope(async () => {
      await peek("long", 1, 3600);
      await peek("short", 1, 60);
    });
    expect(scope.retryAfterSeconds).toBeGreaterThan(60);
    expect(scope.retryAfterSeconds).toBeLessThanOrEqual(3600);
  });

  it("each request has a scope of its own", async () => {
    await hit("mine", 1, 300);
    const [refused, other] = await Promise.all([inRequestScope(() => hit("mine", 1, 300)), inRequestScope(() => hit("theirs", 1, 300))]);
    expect(refused.scope.retryAfterSeconds).toBeGreaterThan(0);
    expect(other.scope.retryAfterSeconds).toBeUndefined();
  });

  it("tooManyRequests answers 429 with Retry-After in whole seconds and notes it", async () => {
    const { result, scope } = await inRequestScope(async () => tooManyRequests({ message: "Wait." }, 12.2));
    const res = result as unknown as { data: unknown; init: { status: number; headers: Record<string, string> } };
    expect(res.init.status).toBe(429);
    expect(res.init.headers["Retry-After"]).toBe("13");
    expect(scope.retryAfterSeconds).toBe(13);
  });
});
