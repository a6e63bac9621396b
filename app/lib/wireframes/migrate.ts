import type { z } from "zod";
import { SCHEMA_VERSION, type ComponentDefinition, type WireframeDocument } from "./document";
import { componentDefinitionSchema, firstIssueMessage, wireframeDocumentSchema } from "./schema";

/**
 * Lifting stored documents to the current `schemaVersion`. Each step takes a document of
 * version n (as plain JSON) and returns one of version n + 1; a document is lifted through
 * every step from its version to SCHEMA_VERSION, then validated. Version 1 is the first;
 * a change to document.ts that old documents do not meet
 * bumps SCHEMA_VERSION and adds its step here (with a test that lifts a stored example).
 */
export type MigrationStep = (doc: Record<string, unknown>) => Record<string, unknown>;

/** Step n lifts version n to n + 1. */
export const MIGRATIONS: Record<number, MigrationStep> = {
  /** 1 -> 2: prototypes. A document gets no interactions and one flow, "Flow 1", from its first screen (components: the version only). */
  1: (doc) => {
    if (typeof doc.screens !== "object" || doc.screens === null) return { ...doc, schemaVersion: 2 };
    const screens = Object.values(doc.screens as Record<string, { id?: unknown; order?: unknown }>);
    const first = screens
      .filter((s) => typeof s?.id === "string")
      .sort((a, b) => (String(a.order) < String(b.order) ? -1 : String(a.order) > String(b.order) ? 1 : 0))[0];
    const flows = first ? { flow1: { id: "flow1", name: "Flow 1", order: "a0", startScreenId: first.id } } : {};
    return { ...doc, schemaVersion: 2, interactions: {}, flows };
  },
};

export class DocumentVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentVersionError";
  }
}

/** Lifts `input` from its schemaVersion to `target` through `steps` (exported for tests of the machinery). */
export function liftTo(input: unknown, target: number, steps: Record<number, MigrationStep>): Record<string, unknown> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new DocumentVersionError("A wireframe document must be an object.");
  let doc = input as Record<string, unknown>;
  const declared = doc.schemaVersion;
  if (typeof declared !== "number" || !Number.isInteger(declared) || declared < 1)
    throw new DocumentVersionError("The document has no valid schemaVersion.");
  let version: number = declared;
  if (version > target) throw new DocumentVersionError(`The document's schemaVersion ${version} is newer than this app knows (${target}).`);
  while (version < target) {
    const step = steps[version];
    if (!step) throw new DocumentVersionError(`No migration from schemaVersion ${version}.`);
    doc = step(structuredClone(doc));
    if (doc.schemaVersion !== version + 1) throw new DocumentVersionError(`The migration from ${version} did not produce ${version + 1}.`);
    version += 1;
  }
  return doc;
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new DocumentVersionError(`The document is invalid after migration: ${firstIssueMessage(result.error)}`);
  return result.data;
}

/** A stored document of any earlier version, lifted to the current one and validated. */
export function migrateDocument(input: unknown): WireframeDocument {
  return parsed(wireframeDocumentSchema, liftTo(input, SCHEMA_VERSION, MIGRATIONS));
}

/** A stored main component's definition, lifted the same way (its elements follow the document's steps). */
export function migrateComponentDefinition(input: unknown): ComponentDefinition {
  const lifted = liftTo(input, SCHEMA_VERSION, MIGRATIONS);
  return parsed(componentDefinitionSchema, lifted);
}
