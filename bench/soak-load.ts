/**
 * The soak's mixed load, shared by `npm run bench:soak` (bench/soak.ts: two instances on
 * Postgres, with faults) and `npm run bench:memory:soak` (bench/memory-soak.ts: one
 * instance on the embedded database and one on Postgres, the same load, their memory side
 * by side). Simulated users signed up over HTTP act at a steady rate: sign-ins, board reads
 * (JSON and the page), card creates and moves, comments, attachment uploads, billing page
 * reads, status checks; some of them also listen to their board's events. Every write that
 * got a success answer is remembered, so `check` can find each one in the database exactly
 * once afterwards. Nothing here starts a server or a database.
 */
import { performance } from "node:perf_hooks";
import { HttpError, HttpUser, REQUEST_TIMEOUT_MS } from "../tests/durability/http-user";
import { pct } from "./support";

export type Phase = "steady" | "instance killed" | "database away";
export type Sample = { kind: string; ms: number; status: number | string; phase: Phase; at: number };
type UserState = { user: HttpUser; projectId: string; columns: string[]; cards: string[] };
/** Answers the rows of a query with $n parameters (a pg client or PGlite). */
export type Query = (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

export type LoadOptions = {
  /** Where the users' requests go (a server, or the soak's proxy). */
  appUrl: string;
  users: number;
  /** Mean pause between one user's actions: users / thinkMs × 1000 requests a second overall. */
  thinkMs: number;
  /** How many of the users also listen to their board's events. */
  listeners: number;
  /** The servers' output so far, where the verification mails are written. */
  mailLog: () => string;
  /** The caller's clock (ms), so samples and the caller's fault windows share one time line. */
  now: () => number;
};

/** The server's environment the load needs: every simulated user comes from one address. */
export const LOAD_ENV = {
  RATE_LIMIT_SIGNIN_PER_IP: "1000000",
  RATE_LIMIT_SIGNUP_PER_IP: "1000000",
  RATE_LIMIT_RESET_PER_IP: "1000000",
  RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: "1000000",
};

/** The load's size from the command line (`--minutes`, `--users`, `--think-ms`) or SOAK_* variables: 10 minutes of 50 users by default. */
export function loadSettings() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const minutes = Number(arg("minutes") ?? process.env.SOAK_MINUTES ?? 10);
  const users = Number(arg("users") ?? process.env.SOAK_USERS ?? 50);
  /** Mean pause between one user's actions: users / thinkMs × 1000 requests a second overall. */
  const thinkMs = Number(arg("think-ms") ?? process.env.SOAK_THINK_MS ?? 2500);
  return { minutes, users, thinkMs, listeners: Math.min(users, 10) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long a simulated user waits for any one action before counting it as unanswered ("NoAnswer"). */
const NO_ANSWER_MS = REQUEST_TIMEOUT_MS + 5_000;

export class MixedLoad {
  readonly samples: Sample[] = [];
  readonly users: UserState[] = [];
  readonly ack = {
    cards: new Map<string, string>(), // id → title
    moves: new Map<string, { column: string; settled: boolean }>(), // last acknowledged move; settled = no later attempt failed
    comments: new Set<string>(), // bodies (unique)
    attachments: new Set<string>(), // file names (unique)
  };
  readonly sse = { events: 0, connects: 0, drops: 0, eventsAfterDbReturn: 0 };
  /** Loops (users or listeners) that had not ended NO_ANSWER_MS after `stop`. */
  unfinished = 0;
  /** Set by the caller when the database is back after an outage (events after it are counted). */
  dbBackAt = Infinity;
  private running = false;
  private loops: Promise<void>[] = [];
  private seq = 0;
  private readonly tag = `${Date.now()}`;

  constructor(private readonly o: LoadOptions) {}

  /** Signs up, verifies and signs in every user, five at a time, each with a project. */
  async signUpUsers(): Promise<void> {
    const { users } = this.o;
    for (let i = 0; i < users; i += 5) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(5, users - i) }, async (_, j) => {
          const user = new HttpUser(this.o.appUrl, `soak-${i + j}-${this.tag}@example.test`);
          // A first name of its own: the default workspace slug comes from it (two at once with one name race, see docs/performance.md).
          await user.signUp(`User${i + j} Soak`, this.o.mailLog);
          await user.signIn();
          const projectId = await user.createProject(`Soak ${i + j}`);
          const columns = (await user.board(projectId)).map((c) => c.id);
          return { user, projectId, columns, cards: [] } as UserState;
        }),
      );
      this.users.push(...batch);
    }
  }

  /** Starts every user's loop and the listeners; they run until `stop`. */
  start(): void {
    this.running = true;
    this.loops = [...this.users.map((s) => this.userLoop(s)), ...this.users.slice(0, this.o.listeners).map((s) => this.listen(s))];
  }

  /** Ends the load: every user finishes the request under way (none takes longer than NO_ANSWER_MS). */
  async stop(): Promise<void> {
    this.running = false;
    let settled = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const all = Promise.all(this.loops.map((l) => l.finally(() => settled++)));
    // A loop that still has not ended after every request's limit is left behind, and counted.
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, NO_ANSWER_MS + 5_000)))]);
    clearTimeout(timer);
    this.unfinished = this.loops.length - settled;
    if (this.unfinished > 0) console.warn(`[load] ${this.unfinished} user or listener loops did not end; left behind`);
  }

  private async timed(kind: string, fn: () => Promise<unknown>): Promise<void> {
    const start = performance.now();
    const at = this.o.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A request has its own 30 s timeout, but a response whose body never settles (seen once: a
    // user's loop waited forever with no socket open, and the run with it) must not stop the user.
    const noAnswer = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`${kind}: no answer`), { name: "NoAnswer" })), NO_ANSWER_MS);
    });
    try {
      await Promise.race([fn(), noAnswer]);
      this.samples.push({ kind, ms: performance.now() - start, status: 200, phase: "steady", at });
    } catch (error) {
      const status =
        error instanceof HttpError
          ? error.status
          : ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name ?? "error");
      this.samples.push({ kind, ms: performance.now() - start, status, phase: "steady", at });
    } finally {
      clearTimeout(timer);
    }
  }

  private async getOk(u: HttpUser, path: string) {
    const res = await u.get(path, { accept: "text/html" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new HttpError(res.status, `${path}: ${res.status}`);
  }

  private readonly actions: [weight: number, kind: string, run: (s: UserState) => Promise<unknown>][] = [
    [4, "sign-in", (s) => s.user.signIn()],
    [22, "board read (JSON)", (s) => s.user.board(s.projectId)],
    [8, "board page (HTML)", (s) => this.getOk(s.user, `/projects/${s.projectId}`)],
    [
      16,
      "card create",
      async (s) => {
        const title = `soak card ${++this.seq}`;
        const id = await s.user.createCard(s.projectId, s.columns[0]!, title);
        this.ack.cards.set(id, title);
        s.cards.push(id);
      },
    ],
    [
      16,
      "card move",
      async (s) => {
        const cardId = s.cards[Math.floor(Math.random() * s.cards.length)];
        if (!cardId) return;
        const column = s.columns[Math.floor(Math.random() * s.columns.length)]!;
        try {
          await s.user.boardIntent(s.projectId, { intent: "move-card", cardId, toColumnId: column });
          this.ack.moves.set(cardId, { column, settled: true });
        } catch (error) {
          // It may or may not have happened: the card's column is no longer known.
          const m = this.ack.moves.get(cardId);
          this.ack.moves.set(cardId, { column: m?.column ?? "", settled: false });
          throw error;
        }
      },
    ],
    [
      10,
      "comment",
      async (s) => {
        const cardId = s.cards[Math.floor(Math.random() * s.cards.length)];
        if (!cardId) return;
        const body = `soak comment ${++this.seq}`;
        await s.user.boardIntent(s.projectId, { intent: "add-comment", cardId, body });
        this.ack.comments.add(body);
      },
    ],
    [
      4,
      "attachment upload",
      async (s) => {
        const cardId = s.cards[Math.floor(Math.random() * s.cards.length)];
        if (!cardId) return;
        const name = `soak-${++this.seq}.txt`;
        const form = new FormData();
        form.set("intent", "upload-attachment");
        form.set("cardId", cardId);
        form.set("file", new Blob([`attachment ${name}\n`.repeat(64)], { type: "text/plain" }), name);
        const res = await fetch(`${s.user.base}/api/projects/${s.projectId}/board`, {
          method: "POST",
          headers: { Origin: s.user.base, Cookie: s.user.cookie },
          body: form,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await res.text();
        if (res.status !== 200) throw new HttpError(res.status, `upload: ${res.status} ${text.slice(0, 200)}`);
        this.ack.attachments.add(name);
      },
    ],
    [6, "billing page", (s) => this.getOk(s.user, "/billing")],
    [6, "status", (s) => this.getOk(s.user, "/api/status")],
  ];

  private pick() {
    const total = this.actions.reduce((n, [w]) => n + w, 0);
    let r = Math.random() * total;
    for (const a of this.actions) if ((r -= a[0]) < 0) return a;
    return this.actions[0]!;
  }

  private async userLoop(s: UserState) {
    await sleep(Math.random() * this.o.thinkMs);
    while (this.running) {
      const [, kind, run] = this.pick();
      await this.timed(kind, () => run(s));
      await sleep(this.o.thinkMs * (0.5 + Math.random()));
    }
  }

  /** Counts a board's events; reconnects when the stream ends (as the browser's EventSource does). */
  private async listen(s: UserState) {
    while (this.running) {
      const controller = new AbortController();
      // Set before the request: a server that never answers must not hold the run open.
      const timer = setInterval(() => !this.running && controller.abort(), 500);
      try {
        const res = await fetch(`${this.o.appUrl}/projects/${s.projectId}/events`, {
          headers: { Cookie: s.user.cookie, Accept: "text/event-stream" },
          signal: controller.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status}`);
        this.sse.connects++;
        const reader = res.body.getReader();
        const dec = new TextDecoder();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const n = (dec.decode(value).match(/^event:/gm) ?? []).length;
          this.sse.events += n;
          if (this.o.now() > this.dbBackAt) this.sse.eventsAfterDbReturn += n;
        }
      } catch {
        // aborted or refused
      } finally {
        clearInterval(timer);
      }
      if (this.running) {
        this.sse.drops++;
        await sleep(1000);
      }
    }
  }

  /** Every acknowledged write, looked up in the database: what is missing, twice or in the wrong column. */
  async check(query: Query): Promise<{ lost: number; missing: string[]; twice: string[]; wrongColumn: number; settledMoves: number }> {
    const { ack } = this;
    const cardRows = (await query("select id::text, title, column_id::text as column from cards where id = any($1::uuid[])", [
      [...ack.cards.keys()],
    ])) as { id: string; title: string; column: string }[];
    const byId = new Map(cardRows.map((r) => [r.id, r]));
    const missing: string[] = [];
    for (const [id, title] of ack.cards) if (byId.get(id)?.title !== title) missing.push(`card ${title}`);
    const twice = (
      (await query(
        "select title, count(*)::int as n from cards where title like 'soak card %' group by title having count(*) > 1",
        [],
      )) as { title: string }[]
    ).map((t) => `${t.title} twice`);
    let wrongColumn = 0;
    let settledMoves = 0;
    for (const [id, m] of ack.moves) {
      if (!m.settled) continue;
      settledMoves++;
      if (byId.get(id)?.column !== m.column) wrongColumn++;
    }
    const commentRows = (await query("select body, count(*)::int as n from comments where body = any($1::text[]) group by body", [
      [...ack.comments],
    ])) as { body: string; n: number }[];
    const commentCounts = new Map(commentRows.map((r) => [r.body, r.n]));
    for (const b of ack.comments) if (commentCounts.get(b) !== 1) missing.push(`comment ${b} (${commentCounts.get(b) ?? 0}×)`);
    const attachmentRows = (await query(
      "select a.file_name as name, count(*)::int as n, bool_and(b.storage_key is not null) as bytes from card_attachments a left join file_blobs b on b.storage_key = a.storage_key where a.file_name = any($1::text[]) group by a.file_name",
      [[...ack.attachments]],
    )) as { name: string; n: number; bytes: boolean }[];
    const attachmentCounts = new Map(attachmentRows.map((r) => [r.name, r]));
    for (const n of ack.attachments) {
      const r = attachmentCounts.get(n);
      if (r?.n !== 1 || !r.bytes) missing.push(`attachment ${n}`);
    }
    return { lost: missing.length + twice.length + wrongColumn, missing, twice, wrongColumn, settledMoves };
  }

  /** Requests, successes and p50/p95/p99 of the successful ones, per kind of action. */
  perKind() {
    const kinds = [...new Set(this.samples.map((s) => s.kind))];
    return kinds.map((kind) => {
      const all = this.samples.filter((s) => s.kind === kind);
      const good = all.filter((s) => s.status === 200).map((s) => s.ms);
      return { kind, n: all.length, ok: good.length, p50: pct(good, 50), p95: pct(good, 95), p99: pct(good, 99) };
    });
  }
}
