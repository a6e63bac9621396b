import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { PROBLEM_CODES } from "~/lib/problem";
import { OPERATIONS } from "./operations";
import { openApiDocument } from "./openapi";

/** The document /api/v1/openapi.json serves, checked by a real OpenAPI validator. */
describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    // The validator dereferences in place: give it a copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("has every operation, each with a bearer requirement and its problem answers", () => {
    const doc = openApiDocument();
    for (const op of OPERATIONS) {
      const documented = doc.paths?.[op.path]?.[op.method];
      expect(documented?.operationId, op.id).toBe(op.id);
      expect(documented?.security).toEqual([{ bearer: [] }]);
      for (const status of ["401", "403", "429", ...op.problems.map(String)]) {
        expect(Object.keys(documented?.responses?.[status]?.content ?? {}), `${op.id} ${status}`).toEqual(["application/problem+json"]);
      }
    }
    // Every GET answering an ETag documents If-None-Match and its 304; no other operation does.
    const conditional = OPERATIONS.filter((op) => op.method === "get" && op.success.etag).map((op) => op.id);
    const with304 = OPERATIONS.filter((op) => doc.paths?.[op.path]?.[op.method]?.responses?.["304"]).map((op) => op.id);
    expect(with304).toEqual(conditional);
    expect(conditional).toContain("getCard");
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys((doc as unknown as { "x-problem-types": object })["x-problem-types"])).toEqual(Object.keys(PROBLEM_CODES));
  });
});
