import { PROBLEM_CODES, problemType, type ProblemCode } from "~/lib/problem";
import type { ReferenceField, ReferenceOperation, ReferenceProblem } from "~/lib/api-reference";
import { openApiDocument } from "./openapi";

/**
 * What /docs/api shows of the OpenAPI document, read from the document itself (so the page
 * and /api/v1/openapi.json cannot disagree): each operation with its parameters, body
 * fields and answers, and the problem types with their `type` URIs.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  description?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type DocOperation = {
  operationId: string;
  summary: string;
  description?: string;
  "x-scope": string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string }>;
};

function typeOf(schema: Schema | undefined, components: Record<string, Schema>): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.replace("#/components/schemas/", "");
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map((s) => typeOf(s, components)).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items, components)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

function fieldsOf(schema: Schema | undefined, components: Record<string, Schema>): ReferenceField[] {
  const resolved = schema?.$ref ? components[schema.$ref.replace("#/components/schemas/", "")] : schema;
  return Object.entries(resolved?.properties ?? {}).map(([name, s]) => ({
    name,
    type: typeOf(s, components),
    required: resolved?.required?.includes(name) ?? false,
    ...(s.description ? { description: s.description } : {}),
  }));
}

export function apiReference(): { operations: ReferenceOperation[]; problems: ReferenceProblem[] } {
  const doc = openApiDocument() as unknown as {
    paths: Record<string, Record<string, DocOperation>>;
    components: { schemas: Record<string, Schema> };
  };
  const components = doc.components.schemas;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      id: op.operationId,
      method: method.toUpperCase(),
      path: `/api/v1${path}`,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      scope: op["x-scope"],
      parameters: (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        type: typeOf(p.schema, components),
        required: p.required ?? false,
        ...((p.description ?? p.schema?.description) ? { description: p.description ?? p.schema?.description } : {}),
      })),
      body: fieldsOf(op.requestBody?.content["application/json"]?.schema, components),
      answers: Object.entries(op.responses).map(([status, r]) => ({ status, description: r.description })),
    })),
  );
  const problems = (Object.keys(PROBLEM_CODES) as ProblemCode[]).map((code) => ({ code, type: problemType(code), ...PROBLEM_CODES[code] }));
  return { operations, problems };
}
