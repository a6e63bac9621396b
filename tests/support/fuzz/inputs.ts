/**
 * The route fuzz's inputs: bodies for actions, query strings and path parameters for
 * loaders. Form cases start from a post the route's own schema accepts (built field by
 * field, with the schema as the judge) and break one thing; a broken post the schema still
 * accepts is not sent (it is not wrong). Ids are the exception: another workspace's ids,
 * unknown ones and malformed ones are sent whatever the schema says, since refusing them is
 * the services' job. Sampling is seeded (FUZZ_SEED), so a failure can be replayed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { FuzzRoute } from "./discover";
import type { Ids, Kind } from "./fixtures";
import { PNG_BYTES } from "~/.server/wireframes/test-support";

/** One request to make: the body and headers of an action's case, or the URL parts of a loader's. */
export type FuzzCase = {
  label: string;
  method: string;
  /** Path parameters (decoded, as Remix hands them to the route). */
  params: Record<string, string>;
  /** The query string, without "?". */
  query: string;
  headers: Record<string, string>;
  body: BodyInit | null;
};

export type Rng = () => number;

/** mulberry32: small, seedable, good enough to pick cases. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sample<T>(random: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

// ---------------------------------------------------------------------------------------
// What a form field refers to, and the schema's view of a post.

const FIELD_KINDS: Record<string, Kind> = {
  projectId: "project",
  columnId: "column",
  toColumnId: "column",
  moveTo: "column",
  cardId: "card",
  afterId: "card",
  beforeId: "card",
  labelId: "label",
  itemId: "checklistItem",
  attachmentId: "attachment",
  wireframeId: "wireframe",
  screenId: "screen",
  componentId: "component",
  fileId: "image",
  userId: "member",
  invitationId: "invitation",
  sessionId: "session",
  workspaceId: "workspace",
  id: "betaRequest",
  subscriptionId: "subscription",
  customerId: "customer",
  token: "invitationToken",
};

/** A path parameter's kind, from its name or the segment before it (`/team/:id` is a member). */
const PARAM_KINDS: Record<string, Kind> = {
  wireframeId: "wireframe",
  attachmentId: "attachment",
  fileId: "image",
  projectId: "project",
  projects: "project",
  wireframes: "wireframe",
  editor: "wireframe",
  export: "wireframe",
  prototypes: "wireframe",
  team: "member",
  components: "component",
  checkout: "checkout",
  invite: "invitationToken",
};

export const paramKind = (p: { name: string; after: string }): Kind | undefined => PARAM_KINDS[p.name] ?? PARAM_KINDS[p.after];

const isIdField = (name: string) => name in FIELD_KINDS || /Id$/.test(name);

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; options?: z.ZodType[]; values?: unknown[] };
const def = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Through optional, default, pipes and preprocessing to the type that judges the value. */
function core(s: z.ZodType): z.ZodType {
  for (let i = 0; i < 20; i++) {
    const d = def(s);
    if (d.innerType) s = d.innerType;
    else if (d.type === "pipe") s = def(d.in!).type === "transform" ? d.out! : d.in!;
    else return s;
  }
  return s;
}

type Field = { name: string; optional: boolean; literal?: string; options?: string[]; file: boolean };
type Variant = { intent?: string; fields: Field[] };

function objectsOf(s: z.ZodType): z.ZodObject[] {
  const d = def(s);
  if (d.type === "union") return d.options!.flatMap(objectsOf);
  if (d.type === "object") return [s as z.ZodObject];
  if (d.type === "pipe") return objectsOf(d.in!);
  return [];
}

function variantsOf(schema: z.ZodType): Variant[] {
  return objectsOf(schema).map((o) => {
    const fields = Object.entries(o.shape as Record<string, z.ZodType>).map(([name, f]): Field => {
      const c = def(core(f));
      return {
        name,
        optional: f.safeParse(undefined).success,
        literal: c.type === "literal" ? String(c.values![0]) : undefined,
        options: c.type === "enum" ? Object.values((c as unknown as { entries: Record<string, string> }).entries).map(String) : undefined,
        file: c.type === "custom" || name === "file",
      };
    });
    return { intent: fields.find((f) => f.name === "intent")?.literal, fields };
  });
}

/** A field's value: text, several values (a repeated key), a file, or left out. */
type Value = string | string[] | File | typeof MISSING;
const MISSING = Symbol("missing");
type Post = Record<string, Value>;

const pngFile = () => new File([PNG_BYTES], "pixel.png", { type: "image/png" });

function formDataOf(post: Post): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(post)) {
    if (value === MISSING) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  return form;
}

/** Does the schema take this post (with conform's coercion of empty fields, or without it as the board parses)? */
function accepts(schema: z.ZodType, form: FormData): boolean {
  return (
    parseWithZod(form, { schema }).status === "success" || parseWithZod(form, { schema, disableAutoCoercion: true }).status === "success"
  );
}

function errorFields(schema: z.ZodType, form: FormData): Set<string> {
  const result = parseWithZod(form, { schema });
  const out = new Set<string>();
  if (result.status === "error")
    for (const [key, messages] of Object.entries(result.error ?? {})) if (messages?.length) out.add(key.split(/[.[]/)[0]!);
  return out;
}

const GENERIC_VALUES = ["Fuzz", "1", "on", "2030-01-01", "fuzz.new@example.test", "Fuzz-Passw0rd-9", "fuzz-slug", "/dashboard", "3"];

function candidates(field: Field, ids: Ids): Value[] {
  if (field.literal !== undefined) return [field.literal];
  if (field.options) return field.options;
  if (field.file) return [pngFile()];
  const kind = FIELD_KINDS[field.name];
  return kind ? [ids[kind], ...GENERIC_VALUES] : GENERIC_VALUES;
}

/** A post of this variant that the schema accepts, built with our ids (or the closest the candidates reach). */
function validPost(schema: z.ZodType, variant: Variant, ids: Ids): Post {
  const index: Record<string, number> = {};
  const post: Post = {};
  for (const f of variant.fields) {
    index[f.name] = 0;
    post[f.name] = candidates(f, ids)[0]!;
  }
  for (let round = 0; round < 12; round++) {
    const failing = errorFields(schema, formDataOf(post));
    if (failing.size === 0) break;
    let moved = false;
    for (const f of variant.fields) {
      if (!failing.has(f.name)) continue;
      const list = candidates(f, ids);
      if (index[f.name]! + 1 < list.length) {
        post[f.name] = list[++index[f.name]!]!;
        moved = true;
      } else if (f.optional && post[f.name] !== MISSING) {
        post[f.name] = MISSING;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return post;
}

// ---------------------------------------------------------------------------------------
// Wrong values.

const KB = 1024;
export const OVER_LIMIT = "x".repeat(70 * KB);

const THEIRS = "another workspace's";
const UNKNOWN_UUID = "6f1b8c1e-3a52-4c8e-9a57-2f0d3c1b7e11";

/** Text that no field or path parameter means: wrong shapes and hostile characters. */
const ODD_TEXT = [
  { label: "not a UUID", value: "not-a-uuid" },
  { label: "a negative number", value: "-1" },
  { label: "unicode", value: "Zoë 🙂 \u202eevil\u202c \uffff" },
  { label: "a path", value: "../../../etc/passwd" },
  { label: "an SQL fragment", value: "1' OR '1'='1" },
  { label: "__proto__", value: "__proto__" },
];

/** Another workspace's object of this kind, when the fixtures have one. */
const theirsOf = (kind: Kind | undefined, theirs: Ids) =>
  kind && theirs[kind] ? [{ label: `${THEIRS} ${kind}`, value: theirs[kind] }] : [];

/**
 * `always`: sent even when the schema takes it, because the database cannot: Postgres keeps
 * no NUL character in text or jsonb, so a post carrying one must be refused before a query.
 */
const WRONG_TEXT: { label: string; value: Value; always?: true }[] = [
  { label: "left out", value: MISSING },
  { label: "sent twice", value: ["a", "b"] },
  { label: "empty", value: "" },
  { label: "blank", value: "   " },
  { label: "10 KB", value: "y".repeat(10 * KB) },
  { label: "a NUL and control characters", value: "a\u0000b\u001b[31m\r\nX-Injected: 1", always: true },
  { label: "huge number", value: "1e309" },
  { label: "NaN", value: "NaN" },
  { label: "long digits", value: "9".repeat(40) },
  { label: "an impossible date", value: "2024-02-30" },
  { label: "a file", value: new File(["not an image"], "x.txt", { type: "text/plain" }) },
  ...ODD_TEXT,
];

function wrongIds(field: string, theirs: Ids): { label: string; value: string }[] {
  return [
    ...theirsOf(FIELD_KINDS[field], theirs),
    { label: "an unknown UUID", value: UNKNOWN_UUID },
    { label: "the nil UUID", value: "00000000-0000-0000-0000-000000000000" },
    ...ODD_TEXT,
  ];
}

const JSON_WRONG: { label: string; value: unknown; always?: true }[] = [
  { label: "a NUL character", value: "a\u0000b", always: true },
  { label: "null", value: null },
  { label: "a number", value: -1 },
  { label: "a huge number", value: 1e21 },
  { label: "true", value: true },
  { label: "an array", value: ["a", "b"] },
  { label: "an object", value: { nested: { deeper: "x" } } },
  { label: "an empty string", value: "" },
  { label: "10 KB of text", value: "y".repeat(10 * KB) },
  { label: "not a UUID", value: "not-a-uuid" },
  { label: "__proto__ object", value: JSON.parse('{"__proto__":{"polluted":"yes"}}') },
];

/** JSON field names tried on every JSON route beside the ones its source names. */
const GENERIC_JSON_KEYS = ["intent", "id", "name", "email", "definition", "clientId", "ops", "screenId", "selection"];

// ---------------------------------------------------------------------------------------
// Action cases.

const FORM = "application/x-www-form-urlencoded";
const encode = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

function formCase(label: string, post: Post): Omit<FuzzCase, "params" | "query"> {
  const hasFile = Object.values(post).some((v) => v instanceof File);
  if (hasFile) return { label, method: "POST", headers: {}, body: formDataOf(post) };
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(post)) {
    if (v === MISSING) continue;
    for (const one of Array.isArray(v) ? v : [v as string]) pairs.push([k, one]);
  }
  return { label, method: "POST", headers: { "Content-Type": FORM }, body: encode(pairs) };
}

const json = (label: string, value: unknown, method = "POST"): Omit<FuzzCase, "params" | "query"> => ({
  label,
  method,
  headers: { "Content-Type": "application/json" },
  body: typeof value === "string" ? value : JSON.stringify(value),
});

const TRUNCATED_MULTIPART =
  '--FuzzBoundary\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n--FuzzBoundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG';

/** What every action gets, whatever it takes: wrong types, empty, missing, broken and oversized bodies, odd intents. */
export function genericBodyCases(): Omit<FuzzCase, "params" | "query">[] {
  const deep = "[".repeat(3000) + "]".repeat(3000);
  return [
    { label: "text/plain", method: "POST", headers: { "Content-Type": "text/plain" }, body: "intent=create&name=x" },
    { label: "text/html", method: "POST", headers: { "Content-Type": "text/html; charset=utf-8" }, body: "<b>x</b>" },
    json("JSON (to a form route, or an empty object)", {}),
    { label: "a form body (to a JSON route)", method: "POST", headers: { "Content-Type": FORM }, body: "intent=create&email=a%40b.c" },
    { label: "an empty form", method: "POST", headers: { "Content-Type": FORM }, body: "" },
    { label: "an empty JSON body", method: "POST", headers: { "Content-Type": "application/json" }, body: "" },
    { label: "no body and no content type", method: "POST", headers: {}, body: null },
    { label: "a body without a content type", method: "POST", headers: {}, body: "intent=x" },
    {
      label: "truncated multipart",
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=FuzzBoundary" },
      body: TRUNCATED_MULTIPART,
    },
    { label: "multipart without a boundary", method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "x" },
    {
      label: "a form field over 64 KB",
      method: "POST",
      headers: { "Content-Type": FORM },
      body: encode([
        ["intent", "x"],
        ["name", OVER_LIMIT],
      ]),
    },
    json("a JSON field over 64 KB", { name: OVER_LIMIT, email: OVER_LIMIT }),
    json("malformed JSON", '{"intent": "create", "name": '),
    json("JSON nested 3,000 deep", deep),
    json("JSON null", "null"),
    json("a JSON array", "[1, 2, 3]"),
    json("a JSON string", '"intent"'),
    json("__proto__ in JSON", '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}'),
    {
      label: "__proto__ in form field names",
      method: "POST",
      headers: { "Content-Type": FORM },
      body: "intent=fuzz-unknown&__proto__.polluted=yes&constructor.prototype.polluted=yes&__proto__[polluted]=yes&a[0].__proto__.polluted=yes",
    },
    {
      label: "invalid UTF-8 in a form",
      method: "POST",
      headers: { "Content-Type": `${FORM}; charset=utf-16` },
      body: new Uint8Array([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
    },
    { label: "an unknown intent", method: "POST", headers: { "Content-Type": FORM }, body: "intent=definitely-not-an-intent" },
    { label: "intent __proto__", method: "POST", headers: { "Content-Type": FORM }, body: "intent=__proto__" },
    { label: "intent constructor", method: "POST", headers: { "Content-Type": FORM }, body: "intent=constructor" },
    { label: "an empty intent", method: "POST", headers: { "Content-Type": FORM }, body: "intent=" },
    { label: "two intents", method: "POST", headers: { "Content-Type": FORM }, body: "intent=delete&intent=create" },
    json("a JSON intent that is a number", { intent: 42 }),
    { label: "PUT with a form", method: "PUT", headers: { "Content-Type": FORM }, body: "intent=x" },
    { label: "PATCH with JSON", method: "PATCH", headers: { "Content-Type": "application/json" }, body: "{}" },
  ];
}

/** The route's own forms, each broken one way (and ids from elsewhere), as forms and, where it takes JSON, as JSON. */
export function schemaBodyCases(
  route: FuzzRoute,
  ours: Ids,
  theirs: Ids,
  random: Rng,
  perField: number,
): Omit<FuzzCase, "params" | "query">[] {
  const out: Omit<FuzzCase, "params" | "query">[] = [];
  for (const schema of route.schemas) {
    for (const variant of variantsOf(schema)) {
      const base = validPost(schema, variant, ours);
      const tag = variant.intent ? `${variant.intent}: ` : "";
      for (const field of variant.fields) {
        if (field.name === "intent") continue;
        const wrong = sample(
          random,
          WRONG_TEXT.filter((w) => route.takes.multipart || !(w.value instanceof File)),
          perField,
        );
        for (const w of wrong) {
          const post: Post = { ...base, [field.name]: w.value };
          if (!w.always && accepts(schema, formDataOf(post))) continue;
          out.push(formCase(`${tag}${field.name} ${w.label}`, post));
        }
        if (isIdField(field.name)) {
          for (const w of sample(random, wrongIds(field.name, theirs), 2 + (FIELD_KINDS[field.name] ? 1 : 0))) {
            out.push(formCase(`${tag}${field.name} ${w.label}`, { ...base, [field.name]: w.value }));
          }
        }
        if (route.takes.json) {
          const jsonBase = Object.fromEntries(Object.entries(base).filter(([, v]) => typeof v === "string"));
          for (const w of sample(random, JSON_WRONG, 1)) {
            const body = { ...jsonBase, [field.name]: w.value };
            const asFields = new FormData();
            for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) asFields.set(k, String(v));
            if (!w.always && (schema.safeParse(body).success || accepts(schema, asFields))) continue;
            out.push(json(`${tag}JSON ${field.name} ${w.label}`, body));
          }
        }
      }
    }
  }
  return out;
}

/** JSON routes whose fields are checked by the service: one field of theirs (or a generic name) at a time, wrongly typed. */
export function jsonKeyCases(route: FuzzRoute, random: Rng, n: number): Omit<FuzzCase, "params" | "query">[] {
  if (!route.takes.json) return [];
  const keys = [...new Set([...route.jsonKeys, ...GENERIC_JSON_KEYS])];
  const out: Omit<FuzzCase, "params" | "query">[] = [];
  for (const key of sample(random, keys, n)) {
    const w = JSON_WRONG[Math.floor(random() * JSON_WRONG.length)]!;
    out.push(json(`JSON ${key} ${w.label}`, { [key]: w.value }));
  }
  const everything = Object.fromEntries(keys.map((k, i) => [k, JSON_WRONG[i % JSON_WRONG.length]!.value]));
  out.push(json("JSON with every field wrongly typed", everything));
  return out;
}

/** A post each of the route's forms accepts (our ids), to carry odd path parameters past the parsing. */
export function acceptedBodies(route: FuzzRoute, ours: Ids): Omit<FuzzCase, "params" | "query">[] {
  const out: Omit<FuzzCase, "params" | "query">[] = [];
  for (const schema of route.schemas) {
    for (const variant of variantsOf(schema)) {
      const post = validPost(schema, variant, ours);
      const label = `a good ${variant.intent ?? "post"}`;
      if (route.takes.form || !route.takes.json) out.push(formCase(label, post));
      else out.push(json(label, Object.fromEntries(Object.entries(post).filter(([, v]) => typeof v === "string"))));
    }
  }
  if (out.length === 0)
    out.push(route.takes.json && !route.takes.form ? json("an empty object", {}) : formCase("a bare intent", { intent: "x" }));
  // A DELETE names its object by the path alone (DELETE /api/wireframes/components/:id).
  out.push({ label: "DELETE", method: "DELETE", headers: {}, body: null });
  return out;
}

// ---------------------------------------------------------------------------------------
// Loader cases: odd query strings and path parameters.

const GENERIC_QUERY_KEYS = ["q", "id", "redirectTo", "token", "status", "page", "sort"];

export function oddQueries(route: FuzzRoute, theirs: Ids, random: Rng, n: number): { label: string; query: string }[] {
  const keys = [...new Set([...route.queryKeys, ...GENERIC_QUERY_KEYS])];
  const all = (value: string) => keys.map((k) => `${encodeURIComponent(k)}=${value}`).join("&");
  const some = sample(random, keys, 3);
  const cases = [
    { label: "every key repeated", query: keys.map((k) => `${k}=a&${k}=b&${k}=`).join("&") },
    { label: "huge values (100 KB)", query: some.map((k) => `${k}=${"z".repeat(100 * KB)}`).join("&") },
    { label: "unicode and control characters", query: all(encodeURIComponent("Zoë 🙂 \u202e\u0000\r\n")) },
    { label: "broken percent-encoding", query: all("%E0%A4%A") + "&%zz=%&=&&" },
    { label: "__proto__ keys", query: "__proto__=x&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&prototype=1&toString=1" },
    { label: "ids of another workspace", query: keys.map((k, i) => `${k}=${Object.values(theirs)[i % 8]}`).join("&") },
    { label: "not-UUID ids", query: all("not-a-uuid") },
    { label: "numbers out of range", query: all("-99999999999999999999") },
    { label: "arrays and objects by name", query: keys.map((k) => `${k}[]=1&${k}[a]=2`).join("&") },
    { label: "an open redirect", query: all(encodeURIComponent("//evil.example/x")) },
  ];
  return sample(random, cases, n);
}

export function oddParams(kind: Kind | undefined, theirs: Ids): { label: string; value: string }[] {
  return [
    ...theirsOf(kind, theirs),
    { label: "an unknown UUID", value: UNKNOWN_UUID },
    { label: "a NUL byte", value: "a\u0000b" },
    { label: "5,000 characters", value: "p".repeat(5000) },
    { label: "a UUID in capitals with spaces", value: ` ${UNKNOWN_UUID.toUpperCase()} ` },
    ...ODD_TEXT,
  ];
}
