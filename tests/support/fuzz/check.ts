/**
 * Runs one fuzz case against a route's loader or action, the way Remix calls them, and
 * says what was wrong with the answer:
 * - a 5xx (returned or thrown), or anything thrown that is not a Response (or `data()`):
 *   Remix answers those 500;
 * - a JSON error that is not problem details (RFC 9457, app/lib/problem.ts: content type
 *   `application/problem+json`, `type`, `title`, `status`, `detail`, a known `code`), from
 *   any route; and from a JSON route (`json`), any error that is not problem details;
 * - a 405 without `Allow`;
 * - a stack trace or a file path in the body;
 * - a change to the database (every table's rows, compared by content; see DB_CHANGES_ALLOWED);
 * - `Object.prototype` polluted, or an error logged.
 */
import { sql } from "drizzle-orm";
import { vi } from "vitest";
import { db, rowsOf } from "~/.server/db";
import { PROBLEM_CODES, PROBLEM_CONTENT_TYPE } from "~/lib/problem";
import type { Handler } from "./discover";
import type { FuzzCase } from "./inputs";

export const APP = "http://localhost:3000";

/**
 * Tables a refused request may still change, so they are left out of the comparison:
 * - rate_limits: attempts are counted before (and whether or not) a post is refused, which is
 *   what a limit is for: sign-in, sign-up, reset and beta posts, and profile changes.
 * - usage_counters: an API client's call (`Authorization: Bearer`) is metered whatever its
 *   answer: the plan's monthly API calls.
 * - project_insights, insight_changes: the insight cache (docs/decisions/020-insight-cache.md);
 *   a page that shows insights stores what it computed and clears the change marks it read.
 *   A cache, not the user's data: what it holds is what the rules give for the other tables.
 * Sessions are compared in full: nothing updates a session's last_seen_at after sign-in
 * (app/.server/auth/session.ts), and request logs go to the access log, not to a table.
 */
export const DB_CHANGES_ALLOWED: Record<string, string> = {
  rate_limits: "counts every attempt, refused ones included",
  usage_counters: "meters every API-client call, refused ones included",
  project_insights: "the insight cache: a page that shows insights stores them",
  insight_changes: "the insight cache's change marks, cleared when insights are computed",
};

type TableState = { rows: number; hash: string };
export type DbState = Map<string, TableState>;

let stateQuery: string | undefined;

async function tablesQuery(): Promise<string> {
  const result = await db().execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ table_name: string }>(result)
    .map((r) => r.table_name)
    .filter((t) => !(t in DB_CHANGES_ALLOWED));
  return names
    .map(
      (t) => `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from "${t}" x`,
    )
    .join(" union all ");
}

/** Every table's row count and a hash of its rows (table list from information_schema). */
export async function dbState(): Promise<DbState> {
  stateQuery ??= await tablesQuery();
  const rows = rowsOf<{ t: string; n: number; h: string }>(await db().execute(sql.raw(stateQuery)));
  return new Map(rows.map((r) => [r.t, { rows: Number(r.n), hash: r.h }]));
}

/** The next transaction id: it moves only when something wrote (or locked rows), so an unchanged one spares the full comparison. */
async function writeMark(): Promise<string> {
  const [row] = rowsOf<{ s: string }>(await db().execute(sql`select pg_current_snapshot()::text as s`));
  return row!.s.split(":")[1]!;
}

function diff(before: DbState, after: DbState, expected: Record<string, number>): string[] {
  const out: string[] = [];
  for (const [table, a] of after) {
    const b = before.get(table);
    if (!b) continue;
    if (table in expected) {
      if (a.rows - b.rows !== expected[table]) out.push(`${table}: ${b.rows} → ${a.rows} rows (expected ${expected[table]})`);
    } else if (a.rows !== b.rows) out.push(`${table}: ${b.rows} → ${a.rows} rows`);
    else if (a.hash !== b.hash) out.push(`${table}: a row changed`);
  }
  return out;
}

const LEAKS: [RegExp, string][] = [
  [/(^|\n|\\n)\s+at\s+\S/, 'an "    at" stack line'],
  [new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")), "the app's directory"],
  [/node_modules[\\/]/, "a node_modules path"],
  [/file:\/\//, "a file URL"],
  [/\.(?:tsx?|[cm]?js):\d+:\d+/, "a source file and line"],
];

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)) ?? "";
  } catch {
    return String(value);
  }
}

/** An error in one line: a failed query by its database error (drizzle puts it in `cause`), not its SQL. */
function describe(e: unknown): string {
  if (!(e instanceof Error)) return stringify(e).slice(0, 200);
  const cause = e.cause instanceof Error ? ` (${e.cause.message})` : "";
  return `${e.name}: ${e.message.slice(0, 160)}${cause}`;
}

/** A Response's status, body, content type and Allow header; a `data()` value has neither header. */
type Answer = { status: number; body: string; type: string | null; allow: string | null } | { thrown: unknown };

async function bodyOf(res: Response, abort: AbortController): Promise<string> {
  if (/event-stream/i.test(res.headers.get("Content-Type") ?? "")) {
    abort.abort();
    await res.body?.cancel().catch(() => {});
    return "";
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve("");
    }, 5000);
  });
  try {
    return await Promise.race([res.text(), late]);
  } finally {
    clearTimeout(timer);
  }
}

const isData = (v: unknown): v is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } =>
  typeof v === "object" && v !== null && (v as { type?: unknown }).type === "DataWithResponseInit";

async function call(handler: Handler, request: Request, params: Record<string, string>, abort: AbortController): Promise<Answer> {
  let value: unknown;
  let thrown = false;
  try {
    value = await handler({ request, params, context: { cspNonce: "fuzz" } });
  } catch (error) {
    value = error;
    thrown = true;
  }
  if (value instanceof Response) {
    const { status, headers } = value;
    return { status, body: await bodyOf(value, abort), type: headers.get("Content-Type"), allow: headers.get("Allow") };
  }
  // Remix answers a thrown data() without a status 500, a returned one 200.
  if (isData(value)) {
    const allow = new Headers(value.init?.headers).get("Allow");
    return { status: value.init?.status ?? (thrown ? 500 : 200), body: stringify(value.data), type: null, allow };
  }
  if (thrown) return { thrown: value };
  return { status: 200, body: stringify(value), type: null, allow: null };
}

/** What is wrong with an answer as problem details (none: it is one). */
export function problemDetailsFaults(answer: { status: number; body: string; type: string | null }): string[] {
  const where = `answered ${answer.status} (${answer.type ?? "data()"}: ${answer.body.slice(0, 160)})`;
  if (!answer.type?.startsWith(PROBLEM_CONTENT_TYPE)) return [`${where}, not ${PROBLEM_CONTENT_TYPE}`];
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return [`${where}: not JSON`];
  }
  const faults: string[] = [];
  for (const key of ["type", "title", "detail", "code"] as const)
    if (typeof body[key] !== "string" || !(body[key] as string)) faults.push(`no ${key}`);
  if (body.status !== answer.status) faults.push(`status ${String(body.status)} in the body`);
  if (typeof body.code === "string" && !(body.code in PROBLEM_CODES)) faults.push(`unknown code ${body.code}`);
  if (body.errors !== undefined && !Array.isArray(body.errors)) faults.push("errors is not a list");
  return faults.length ? [`${where}: problem details with ${faults.join(", ")}`] : [];
}

/** Builds the Request of a case: the route's pattern with the case's parameters, query, method, headers and body. */
export function requestOf(pattern: string, c: FuzzCase, identity: Record<string, string>, signal: AbortSignal): Request {
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(c.params[name] ?? ""));
  const url = `${APP}${path === "/" ? "/" : path}${c.query ? `?${c.query}` : ""}`;
  const headers = new Headers({ "X-Atelier-Client-Ip": "203.0.113.50", ...identity, ...c.headers });
  const init: RequestInit & { duplex?: "half" } = { method: c.method, headers, signal };
  if (c.body !== null && c.method !== "GET" && c.method !== "HEAD") init.body = c.body;
  return new Request(url, init);
}

/**
 * Runs the case and answers its problems (none: it held). `reference` is the database as it
 * should still be; it is brought up to date when a case changed it, so one fault is reported once.
 */
export async function runCase(
  handler: Handler,
  pattern: string,
  c: FuzzCase,
  identity: Record<string, string>,
  reference: { state: DbState },
  /** `json`: a route that answers JSON, whose every error must be problem details. */
  expect: { expectedChanges?: Record<string, number>; status?: number; json?: boolean } = {},
): Promise<string[]> {
  const expectedChanges = expect.expectedChanges ?? {};
  const problems: string[] = [];
  const errors = vi.mocked(console.error);
  errors.mockClear();
  const abort = new AbortController();
  const mark = await writeMark();
  const answer = await call(handler, requestOf(pattern, c, identity, abort.signal), c.params, abort);
  abort.abort();

  if ("thrown" in answer) {
    problems.push(`threw ${describe(answer.thrown)} (Remix answers 500)`);
  } else {
    if (answer.status >= 500 && answer.status !== expect.status) problems.push(`answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const jsonError = answer.status >= 400 && /[/+]json\b/i.test(answer.type ?? "");
    if (jsonError || (expect.json && answer.status >= 400)) problems.push(...problemDetailsFaults(answer));
    if (answer.status === 405 && !answer.allow) problems.push("answered 405 without Allow");
    for (const [pattern, what] of LEAKS)
      if (pattern.test(answer.body)) problems.push(`the body shows ${what}: ${answer.body.slice(0, 300)}`);
  }
  if (Object.keys(expectedChanges).length > 0 || (await writeMark()) !== mark) {
    const now = await dbState();
    const changes = diff(reference.state, now, expectedChanges);
    if (changes.length > 0) problems.push(`changed the database: ${changes.join("; ")}`);
    reference.state = now;
  }
  const polluted = (Object.prototype as Record<string, unknown>).polluted;
  if (polluted !== undefined) {
    problems.push("polluted Object.prototype");
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
  if (errors.mock.calls.length > 0) {
    problems.push(`logged an error: ${errors.mock.calls.map((args) => args.map(String).join(" ").slice(0, 300)).join(" | ")}`);
    errors.mockClear();
  }
  return problems;
}
