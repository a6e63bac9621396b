import type { z } from "zod";
import type { AccessAction, ResourceKind } from "../access";
import type { MemberContext } from "../workspaces";
import type { ApiAnswer } from "./http";
import type { Upload } from "./upload";

/**
 * One operation of the API: its address, what it takes and gives (zod schemas, which
 * validate the request and generate the OpenAPI document), the access it needs, and its
 * handler. The router (`router.ts`) and the document (`openapi.ts`) both read the one list
 * (`operations.ts`), so an operation cannot exist in one and not the other.
 */
export type Method = "get" | "post" | "patch" | "delete";

type Schema = z.ZodType;

export type Operation = {
  id: string;
  method: Method;
  /** The OpenAPI path under /api/v1, with `{name}` parameters. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** The gate's kind and action the caller needs (a key's scope: `kind:read` or `kind:write`). */
  kind: ResourceKind;
  action: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: Schema;
  /** The body is a file's raw bytes with its own Content-Type (upload.ts), at most `maxBytes`. */
  upload?: { maxBytes: number; tooLarge: string };
  /** The success: its status and schema (none for 204); `etag` when it answers one object. */
  success: {
    status: 200 | 201 | 204;
    schema?: Schema;
    description: string;
    etag?: boolean;
    list?: boolean;
    /** The answer is a file's bytes in its own Content-Type, not JSON. */
    file?: boolean;
    /** A file's answer (an export): its media types, documented as binary, instead of a JSON schema. */
    media?: readonly string[];
  };
  /** The problem statuses this operation may answer besides the ones every operation may (401, 403, 429). */
  problems: number[];
  handle: (ctx: OperationContext) => Promise<ApiAnswer>;
};

export type OperationContext = {
  member: MemberContext;
  url: URL;
  // Parsed by the operation's own schemas before the handler runs.
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  upload: Upload | null;
  ifMatch: string | null;
};

/**
 * An operation, typed by its schemas: the handler sees `params`, `query` and `body` as its
 * schemas parse them.
 */
export function operation<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends Schema | undefined = undefined,
  K extends ResourceKind = ResourceKind,
>(
  op: Omit<Operation, "handle" | "params" | "query" | "body" | "kind" | "action"> & {
    kind: K;
    action: AccessAction<K>;
    params?: P;
    query?: Q;
    body?: B;
    handle: (ctx: {
      member: MemberContext;
      url: URL;
      params: P extends z.ZodObject ? z.output<P> : Record<string, never>;
      query: Q extends z.ZodObject ? z.output<Q> : Record<string, never>;
      body: B extends Schema ? z.output<B> : undefined;
      upload: Upload | null;
      ifMatch: string | null;
    }) => Promise<ApiAnswer>;
  },
): Operation {
  return op as unknown as Operation;
}
