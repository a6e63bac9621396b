import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../support/db";
import { exercised, servedDocument } from "./client";
import { analyticsScenarios } from "./scenarios/analytics";
import { attachmentScenarios } from "./scenarios/attachments";
import { boardScenarios } from "./scenarios/board";
import { cycleScenarios } from "./scenarios/cycles";
import { dependencyScenarios } from "./scenarios/dependencies";
import { conventionScenarios } from "./scenarios/conventions";
import { designScenarios } from "./scenarios/design";
import { partScenarios } from "./scenarios/parts";
import { projectScenarios } from "./scenarios/projects";
import { webhookPayloadScenarios } from "./scenarios/webhook-payloads";
import { wireframeScenarios } from "./scenarios/wireframes";
import { workspaceScenarios } from "./scenarios/workspace";

/**
 * The public API driven from outside, through the client generated from its document
 * (client.ts), on a real database (PGlite, or Postgres with DATABASE_URL). Every answer is
 * checked against the document as it arrives; the last test checks that the scenarios
 * exercised every documented operation.
 */
beforeEach(resetDb);

projectScenarios();
boardScenarios();
partScenarios();
attachmentScenarios();
dependencyScenarios();
conventionScenarios();
workspaceScenarios();
cycleScenarios();
webhookPayloadScenarios();
wireframeScenarios();
designScenarios();
analyticsScenarios();

describe("the contract", () => {
  it("every documented operation was exercised, and answered as documented", async () => {
    const doc = await servedDocument();
    const documented = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.filter((id) => !exercised.has(id))).toEqual([]);
  });
});

afterAll(() => exercised.clear());
