// The route fuzz (issue 12): every route module under app/routes/, found from the files, gets
// hostile input at its loader and action, signed in (the owner of a workspace with a project,
// a card, a wireframe, …), signed out, with a forged session cookie and, on /api/…, as an API
// client. Each answer must be below 500 (a thrown Response counts by its status; anything
// else thrown is a failure); every JSON error, and every error of a JSON route (/api/… and the
// pages' JSON routes below), must be problem details (docs/decisions/026-one-contract.md), a 405
// must carry Allow; no answer may show a stack trace or file path, and each must leave the database exactly
// as it was (every table of information_schema but the ones tests/support/fuzz/check.ts
// names). Inputs: tests/support/fuzz/inputs.ts; the world: tests/support/fuzz/fixtures.ts.
//
// Seeded: FUZZ_SEED=<n> replays or varies the sample, FUZZ_SCALE=<x> sends x times as many.
import { beforeAll, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { APP, dbState, runCase, type DbState } from "../../tests/support/fuzz/check";
import { discoverRoutes, type FuzzRoute } from "../../tests/support/fuzz/discover";
import { buildWorld, type FuzzWorld, type Ids } from "../../tests/support/fuzz/fixtures";
import {
  acceptedBodies,
  genericBodyCases,
  jsonKeyCases,
  oddParams,
  oddQueries,
  paramKind,
  rng,
  sample,
  schemaBodyCases,
  type FuzzCase,
  type Rng,
} from "../../tests/support/fuzz/inputs";

const SEED = Number(process.env.FUZZ_SEED ?? 12);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const n = (count: number) => Math.max(1, Math.round(count * SCALE));

const routes = await discoverRoutes();

let world: FuzzWorld;
const reference: { state: DbState } = { state: new Map() };

beforeAll(async () => {
  await resetDb();
  world = await buildWorld();
  reference.state = await dbState();
}, 120_000);

/**
 * Routes that change the database whatever they are sent, by design (not a refusal that
 * wrote): the change each case may make, and what to prepare before it.
 */
const CHANGES_BY_DESIGN: Record<string, { changes: Record<string, number>; signedIn: () => Promise<Record<string, string>> }> = {
  // POST /logout ends the session it is sent with (its row goes), whatever the body says.
  "routes/logout action": { changes: { sessions: -1 }, signedIn: async () => ({ Cookie: (await world.newSession()).cookie }) },
};

/** 5xx answers a route gives on purpose, whatever it is sent. */
const DELIBERATE_5XX: Record<string, number> = {
  // One-off payments are not offered: a clear 501 (api.stripe.test.ts asserts it).
  "routes/api.stripe.create-payment-intent action": 501,
};

/** Routes that answer JSON to a fetch outside /api/ (their errors are problem details too). */
const JSON_PAGE_ROUTES = new Set(["routes/_app.prototypes.$id_.pins"]);

/** JSON routes whose owners convert them to problem details in the same issue (21); remove each entry with its conversion. */
const NOT_YET_PROBLEMS: Record<string, string> = {
  "routes/api.projects.$id.board": "the board API's { ok, intent, status, message } answers (the board engineer's part of issue 21)",
};

/** /api/… (but the unknown-address page, api.$) and the JSON page routes. */
const isJsonRoute = (route: FuzzRoute) =>
  !(route.id in NOT_YET_PROBLEMS) && ((route.pattern.startsWith("/api/") && route.id !== "routes/api.$") || JSON_PAGE_ROUTES.has(route.id));

/**
 * Failures found here and not fixed at once (none today: the first ones, in the wireframe
 * search, the component update and the analytics loader, are fixed). Each has a witness, a case that shows it and is always
 * sent: the test fails when the witness stops failing (remove the entry with the fix). Until
 * then that problem is not counted in the route's other cases.
 */
type Reported = { what: string; problem: RegExp; witness: Pick<FuzzCase, "label" | "method" | "query" | "headers" | "body"> };
const REPORTED: Record<string, Reported> = {};

type Identity = "signed in" | "signed out" | "a forged session cookie" | "an API client";

function headersOf(identity: Identity): Record<string, string> {
  switch (identity) {
    case "signed in":
      return { Cookie: world.cookie };
    case "signed out":
      return {};
    case "a forged session cookie":
      return { Cookie: "atelier_session=eyJmb3JnZWQiOnRydWV9.c2lnbmF0dXJl; atelier_flash=%7Bbroken" };
    case "an API client":
      return { Authorization: world.bearer };
  }
}

/** Our own ids in the path (a request that is fine but for what the case breaks). */
function ownParams(route: FuzzRoute, ids: Ids): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of route.params) {
    const kind = paramKind(p);
    out[p.name] = p.name === "provider" ? "github" : kind ? ids[kind] : "fuzz";
  }
  return out;
}

type Case = FuzzCase & { identity: Identity };

function actionCases(route: FuzzRoute, random: Rng): Case[] {
  const { ours, theirs } = world;
  const params = ownParams(route, ours);
  const at = (identity: Identity, cases: Omit<FuzzCase, "params" | "query">[], p = params): Case[] =>
    cases.map((c) => ({ ...c, params: p, query: "", identity }));
  const generic = genericBodyCases();
  const own = [...schemaBodyCases(route, ours, theirs, random, n(2)), ...jsonKeyCases(route, random, n(4))];
  const cases: Case[] = [
    ...at("signed in", generic),
    ...at("signed in", sample(random, own, n(60))),
    ...at("signed out", [...sample(random, generic, n(4)), ...sample(random, own, n(2))]),
    ...at("a forged session cookie", sample(random, [...generic, ...own], n(2))),
  ];
  if (route.pattern.startsWith("/api/"))
    cases.push(...at("an API client", [...sample(random, generic, n(4)), ...sample(random, own, n(4))]));
  // Odd ids in the path, with posts the route's forms accept made of the other workspace's ids.
  const bodies = acceptedBodies(route, theirs);
  for (const p of route.params) {
    for (const odd of sample(random, oddParams(paramKind(p), theirs), n(3))) {
      for (const body of sample(random, bodies, n(2))) {
        cases.push({
          ...body,
          label: `${p.name} ${odd.label}, ${body.label}`,
          params: { ...params, [p.name]: odd.value },
          query: "",
          identity: "signed in",
        });
      }
    }
  }
  return cases;
}

function loaderCases(route: FuzzRoute, random: Rng): Case[] {
  const { ours, theirs } = world;
  const params = ownParams(route, ours);
  const get = (label: string, identity: Identity, query = "", p = params): Case => ({
    label,
    method: "GET",
    headers: {},
    body: null,
    params: p,
    query,
    identity,
  });
  const queries = oddQueries(route, theirs, random, n(5));
  const cases: Case[] = [get("no query", "signed in"), ...queries.map((q) => get(q.label, "signed in", q.query))];
  for (const p of route.params) {
    for (const odd of sample(random, oddParams(paramKind(p), theirs), n(4))) {
      cases.push(get(`${p.name} ${odd.label}`, "signed in", "", { ...params, [p.name]: odd.value }));
    }
  }
  const anyOdd = sample(random, queries, 1)[0]!;
  cases.push(get("no query", "signed out"), get(anyOdd.label, "signed out", anyOdd.query), get("no query", "a forged session cookie"));
  for (const p of route.params.slice(0, 1)) {
    const odd = sample(random, oddParams(paramKind(p), theirs), 1)[0]!;
    cases.push(get(`${p.name} ${odd.label}`, "signed out", "", { ...params, [p.name]: odd.value }));
  }
  if (route.pattern.startsWith("/api/")) cases.push(get("no query", "an API client"), get(anyOdd.label, "an API client", anyOdd.query));
  return cases;
}

async function fuzz(route: FuzzRoute, what: "loader" | "action", cases: Case[]): Promise<string[]> {
  const handler = route[what]!;
  const failures: string[] = [];
  const byDesign = CHANGES_BY_DESIGN[`${route.id} ${what}`];
  const deliberate = DELIBERATE_5XX[`${route.id} ${what}`];
  const reported = REPORTED[`${route.id} ${what}`];
  const witness = reported && { ...reported.witness, params: ownParams(route, world.ours), identity: "signed in" as const };
  for (const c of witness ? [...cases, witness] : cases) {
    let identity = headersOf(c.identity);
    let expected: Record<string, number> = {};
    if (byDesign && c.identity === "signed in") {
      identity = await byDesign.signedIn();
      reference.state = await dbState();
      expected = byDesign.changes;
    }
    let problems = await runCase(handler, route.pattern, c, identity, reference, {
      expectedChanges: expected,
      status: deliberate,
      json: isJsonRoute(route),
    });
    if (route.id in NOT_YET_PROBLEMS)
      problems = problems.filter((p) => !/application\/problem\+json|problem details|405 without Allow/.test(p));
    if (reported) {
      if (c === witness && !problems.some((p) => reported.problem.test(p)))
        failures.push(`the reported failure no longer happens (${reported.what}): remove it from REPORTED`);
      problems = problems.filter((p) => !reported.problem.test(p));
    }
    if (problems.length > 0) {
      const where = `${c.method} ${route.pattern.replace(/:(\w+)/g, (_, k: string) => `{${k}=${JSON.stringify(c.params[k]).slice(0, 60)}}`)}`;
      failures.push(`${where}${c.query ? `?${c.query.slice(0, 80)}` : ""} · ${c.identity} · ${c.label}\n    ${problems.join("\n    ")}`);
    }
  }
  return failures;
}

const seedOf = (route: FuzzRoute, what: string) => [...`${route.id}:${what}`].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, SEED);

describe(`every route module under app/routes/ (${routes.length} with a loader or action; FUZZ_SEED=${SEED})`, () => {
  for (const route of routes) {
    if (route.action) {
      it(`${route.pattern} action (${route.file})`, async () => {
        const cases = actionCases(route, rng(seedOf(route, "action")));
        expect(await fuzz(route, "action", cases), `${APP}${route.pattern}`).toEqual([]);
      });
    }
    if (route.loader) {
      it(`${route.pattern} loader (${route.file})`, async () => {
        const cases = loaderCases(route, rng(seedOf(route, "loader")));
        expect(await fuzz(route, "loader", cases), `${APP}${route.pattern}`).toEqual([]);
      });
    }
  }
});
