// While Postgres is down or restarting, a request that fails on it answers 503 with
// Retry-After (a client retries) instead of 500 (a bug); other failures stay 500.
import { describe, expect, it } from "vitest";
import { inRequestScope, isDatabaseUnavailable, noteDatabaseError } from "../app/.server/http/request-scope";
import { answersUnavailable } from "./remix-handler";

describe("an unreachable database", () => {
  it("is recognised from node-postgres and Postgres errors, also wrapped", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("x"), { code: "08006" }) }))).toBe(true);
    // A transaction whose connection died: its ROLLBACK fails on the broken client (seen in bench:soak).
    expect(
      isDatabaseUnavailable(
        new Error("Failed query: rollback", { cause: new Error("Client has encountered a connection error and is not queryable") }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });

  it("turns that request's 500 into a 503, and only that", async () => {
    const down = await inRequestScope(async () => noteDatabaseError(new Error("Connection terminated unexpectedly")));
    expect(answersUnavailable(500, down.scope)).toBe(true);
    expect(answersUnavailable(404, down.scope)).toBe(false);
    const bug = await inRequestScope(async () => noteDatabaseError(new TypeError("x is undefined")));
    expect(answersUnavailable(500, bug.scope)).toBe(false);
  });
});
