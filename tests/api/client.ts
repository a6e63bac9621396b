import Ajv from "ajv";
import createClient, { type Middleware } from "openapi-fetch";
import { handleApiV1 } from "~/.server/api-v1/router";
import type { paths } from "./generated/openapi";

/**
 * The outside client of the API's suite: openapi-fetch typed by the generated `paths`,
 * sending real Requests to the handler `/api/v1/*` runs (what app/routes/api.v1.$.tsx
 * calls), on the test's real database. Every answer is checked against the document the
 * API serves (fetched from /api/v1/openapi.json, not imported): its status must be
 * documented for the operation, and its body must match the documented schema (ajv). The
 * operations answered are recorded, so the contract test can tell that each was exercised.
 */
export const BASE = "http://localhost:3000/api/v1";

type JsonSchema = Record<string, unknown>;
type Doc = {
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
  >;
};

let doc: Doc | null = null;
/** The document as a client reads it: GET /api/v1/openapi.json without a key. */
export async function servedDocument(): Promise<Doc> {
  doc ??= (await (await handleApiV1(new Request(`${BASE}/openapi.json`))).json()) as Doc;
  return doc;
}

/** Inlines `#/components/schemas/…` references (ajv 6 reads draft-07; the document's schemas have no cycles). */
function inline(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components));
  if (!schema || typeof schema !== "object") return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return inline(components[ref.replace("#/components/schemas/", "")], components);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components)]));
}

const ajv = new Ajv({ allErrors: true, unknownFormats: "ignore" });

/** `METHOD path` → how many answers each documented operation got in this file. */
export const exercised = new Map<string, number>();

const contract: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const served = await servedDocument();
    const method = request.method.toLowerCase();
    const operation = served.paths[schemaPath]?.[method];
    if (!operation) throw new Error(`${request.method} ${schemaPath} is not in the document`);
    const documented = operation.responses[String(response.status)];
    if (!documented) throw new Error(`${operation.operationId} answered ${response.status}, which its documentation does not list`);
    exercised.set(operation.operationId, (exercised.get(operation.operationId) ?? 0) + 1);
    const types = Object.keys(documented.content ?? {});
    if (types.length === 0) {
      if ((await response.clone().text()) !== "") throw new Error(`${operation.operationId} ${response.status} should have no body`);
      return undefined;
    }
    const type = (response.headers.get("Content-Type") ?? "").split(";")[0]!;
    // A file (`*/*`, an attachment's bytes) comes in its own type, with no schema to check.
    if (types.includes("*/*")) return undefined;
    if (!types.includes(type))
      throw new Error(`${operation.operationId} ${response.status} answered ${type}, documented ${types.join(", ")}`);
    // A file (an export) is documented as bytes: its type is checked above, its content by the scenario.
    if ((documented.content![type]!.schema as { format?: string }).format === "binary") return undefined;
    const components = (served as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    const validate = ajv.compile(inline(documented.content![type]!.schema, components) as object);
    const body: unknown = await response.clone().json();
    if (!validate(body)) {
      throw new Error(
        `${operation.operationId} ${response.status}: the body does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
      );
    }
    return undefined;
  },
};

/** A client sending `key` as its bearer token (no key: an anonymous client). */
export function apiClient(key?: string, headers: Record<string, string> = {}) {
  const client = createClient<paths>({
    baseUrl: BASE,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
    fetch: (request: Request) => handleApiV1(request),
  });
  client.use(contract);
  return client;
}

/** A raw request to the API, for what a generated client never sends (a method the address does not take, a path that is not there). */
export function rawRequest(path: string, init: RequestInit & { key?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
  return handleApiV1(new Request(`${BASE}${path}`, { ...init, headers }));
}
