/**
 * The editor's sync engine (decision 013): the server's document (`base`, at `seq`) plus
 * this tab's own edits not yet seen coming back from the server, re-applied on top after
 * every remote patch. Local edits are batched into one patch within about a second, sent
 * one patch at a time, and kept in the browser (see `PendingStore`) until the server has
 * them, so a reload or a lost connection loses nothing. Pure: the network and storage are
 * passed in, timers are the global ones (fake ones in tests).
 *
 * Each patch has an id (`patchId`). A patch whose answer never came (the connection dropped,
 * the server failed) may have been applied all the same, so it is sent again as it was,
 * under the same id, even after a reload: the server answers a replay with its first seq
 * and changes nothing (a retry never puts back what a teammate removed since). A patch
 * the server refused on its first try was not applied: its ops go back to the queue.
 */
import type { Op, WireframeDocument } from "../document";
import { applyOpsSkipping } from "../ops";
import { newId } from "../elements";
import { LIMITS } from "../schema";

export type RemotePatch = { seq: number; clientId: string; patchId?: string | null; ops: Op[] };

/** A patch already sent under its id whose answer never came: it goes again as it is, under that id. */
export type PendingPatch = { patchId: string; ops: Op[] };

/** A new patch's id (24 letters and digits). */
export const newPatchId = (): string => newId() + newId();

/** What sending a patch came to. */
export type SendResult =
  | { ok: true; seq: number }
  /** No answer (the network is down): kept, retried when the connection returns. */
  | { ok: false; kind: "offline" }
  /** The server failed (5xx): kept, retried after a pause. */
  | { ok: false; kind: "retry" }
  /** The server said no (permission, validation, read-only, plan): kept and shown, not retried by itself. */
  | { ok: false; kind: "refused"; status: number; message: string };

export type Transport = { send(patch: { clientId: string; patchId: string; ops: Op[] }): Promise<SendResult> };

/**
 * Ops this tab made that the server has not acknowledged, kept across reloads (localStorage).
 * `save` gets every unsaved op in order and, apart, the patches among them already sent under
 * an id (their ops come first); `load` answers the ops, or the ops with those patches.
 */
export type PendingStore = {
  /** What earlier visits left unsaved; a promise where finding out is asynchronous (Web Locks). */
  load(): PendingEdits | Promise<PendingEdits>;
  save(ops: Op[] | null, patches?: PendingPatch[]): void;
};

export type SaveState =
  { state: "saved" } | { state: "saving" } | { state: "offline" } | { state: "error"; status: number; message: string };

export type PendingEdits = Op[] | { ops: Op[]; patches: PendingPatch[] } | null;

/** `uncertain`: an attempt got no answer, so the server may have it: only ever resent as it is. */
type Sent = { patchId: string; ops: Op[]; seq: number | null; uncertain?: boolean };

export type SyncOptions = {
  doc: WireframeDocument;
  seq: number;
  clientId: string;
  transport: Transport;
  store?: PendingStore;
  /** Wait this long after an edit before sending, so a burst of edits travels as one patch. */
  batchMs?: number;
};

const RETRY_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * Drops `set-*` ops that a later op in the list overwrites (the same element or screen and
 * key), up to any add or remove, which may change what a set means. A drag that nudged one
 * element twenty times sends one `x`.
 */
export function compactOps(ops: readonly Op[]): Op[] {
  const seen = new Set<string>();
  const out: Op[] = [];
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!;
    if (op.op === "set-element" || op.op === "set-screen") {
      const key = `${op.op}\u0000${op.id}\u0000${op.key}`;
      if (seen.has(key)) continue;
      seen.add(key);
    } else seen.clear();
    out.push(op);
  }
  return out.reverse();
}

export class SyncEngine {
  /** The server's document, at `seq`. */
  base: WireframeDocument;
  seq: number;
  /** What the person sees: `base` with this tab's unconfirmed edits on top. */
  doc: WireframeDocument;
  save: SaveState = { state: "saved" };
  readonly clientId: string;

  private sent: Sent[] = [];
  private queue: Op[] = [];
  private inflight: Sent | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private paused = false;
  private listeners = new Set<() => void>();
  private readonly transport: Transport;
  private readonly store?: PendingStore;
  private readonly batchMs: number;

  constructor(options: SyncOptions) {
    this.base = options.doc;
    this.doc = options.doc;
    this.seq = options.seq;
    this.clientId = options.clientId;
    this.transport = options.transport;
    this.store = options.store;
    this.batchMs = options.batchMs ?? 300;
    // Edits a previous visit could not save: back on top, and on their way (a patch that
    // visit had sent without an answer goes again under its id).
    const loaded = this.store?.load() ?? null;
    if (loaded instanceof Promise) void loaded.then((edits) => this.adopt(edits));
    else this.adopt(loaded, true);
  }

  /**
   * Takes an earlier visit's unsaved edits: its named patches before anything of this visit's
   * not yet sent, its other ops at the front of the queue (they are older than this visit's).
   */
  private adopt(loaded: PendingEdits, constructing = false): void {
    const kept = Array.isArray(loaded) ? { ops: loaded, patches: [] } : (loaded ?? { ops: [], patches: [] });
    if (!kept.ops.length) return;
    const named = kept.patches.reduce((n, p) => n + p.ops.length, 0);
    const resent: Sent[] = kept.patches.map((p) => ({ patchId: p.patchId, ops: p.ops, seq: null, uncertain: true }));
    const firstUnsent = this.sent.findIndex((s) => s.seq === null && s !== this.inflight);
    this.sent.splice(firstUnsent < 0 ? this.sent.length : firstUnsent, 0, ...resent);
    this.queue = [...kept.ops.slice(named), ...this.queue];
    this.rebase();
    this.persist();
    if (!constructing) {
      if (this.save.state === "saved") this.save = { state: "saving" };
      this.emit();
    }
    if (!this.paused) this.schedule(0, true);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True when every edit has reached the server. */
  get settled(): boolean {
    return this.queue.length === 0 && !this.sent.some((s) => s.seq === null);
  }

  /**
   * A local edit: shown at once, sent within `batchMs`. The ops must apply to `doc`
   * (the caller built them from it); ones that name something gone are skipped.
   */
  apply(ops: readonly Op[]): void {
    if (ops.length === 0) return;
    const { doc, applied } = applyOpsSkipping(this.doc, ops);
    if (applied.length === 0) return;
    this.doc = doc;
    this.queue.push(...applied);
    this.persist();
    if (this.save.state === "saved") this.save = { state: "saving" };
    this.emit();
    if (!this.paused) this.schedule(this.batchMs);
  }

  /**
   * A patch from the events stream (anyone's, this tab's own included). Returns false when
   * it does not follow `seq` (a gap): the caller should reconnect from `seq`.
   */
  receive(patch: RemotePatch): boolean {
    if (patch.seq <= this.seq) return true;
    if (patch.seq !== this.seq + 1) return false;
    this.base = applyOpsSkipping(this.base, patch.ops).doc;
    this.seq = patch.seq;
    // Our own patch coming back (by its id; from a server that sends none, by our client id):
    // it is in `base` now, no longer pending on top.
    const byId = patch.patchId ? this.sent.findIndex((s) => s.patchId === patch.patchId) : -1;
    if (byId >= 0) this.sent.splice(byId, 1);
    else if (patch.clientId === this.clientId) {
      const i = this.sent.findIndex((s) => s.seq === patch.seq);
      const mine = i >= 0 ? i : this.sent.findIndex((s) => s.seq === null);
      if (mine >= 0) this.sent.splice(mine, 1);
    }
    // Any acknowledged patch up to this seq is in `base` too.
    this.sent = this.sent.filter((s) => s.seq === null || s.seq > this.seq);
    this.rebase();
    this.emit();
    return true;
  }

  /** Sends what is waiting now (after a refusal: tries again). */
  retry(): void {
    this.paused = false;
    this.attempts = 0;
    if (this.save.state === "error" || this.save.state === "offline") this.save = { state: "saving" };
    this.emit();
    this.schedule(0, true);
  }

  /**
   * Sends what waits now and resolves once the server has everything (true), the edits are
   * kept in the browser because the connection is gone (true: the next visit sends them), or
   * the server refused them (false: they stay on screen with the reason). For leaving the page.
   */
  flushNow(timeoutMs = 10_000): Promise<boolean> {
    if (this.settled) return Promise.resolve(true);
    if (!this.paused) this.schedule(0, true);
    return new Promise((resolve) => {
      let done = false;
      const finish = (ok: boolean) => {
        if (done) return;
        done = true;
        off();
        clearTimeout(timer);
        resolve(ok);
      };
      const check = () => {
        if (this.settled || this.save.state === "offline") finish(true);
        else if (this.save.state === "error") finish(false);
      };
      const off = this.subscribe(check);
      // A server that keeps failing: what is unsaved stays kept in the browser.
      const timer = setTimeout(() => finish(true), timeoutMs);
      check();
    });
  }

  /** The connection is back: what waits for it goes now (a refusal still waits for `retry`). */
  online(): void {
    if (this.save.state === "offline") this.schedule(0, true);
  }

  /** Drops every unsaved edit: the document goes back to the server's. */
  discard(): void {
    this.queue = [];
    this.sent = this.sent.filter((s) => s.seq !== null);
    if (this.inflight) this.inflight = null;
    this.paused = false;
    this.save = { state: "saved" };
    this.persist();
    this.rebase();
    this.emit();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  /** `doc` = `base` + every unconfirmed op; ops that no longer apply are dropped. */
  private rebase() {
    let doc = this.base;
    for (const s of this.sent) doc = applyOpsSkipping(doc, s.ops).doc;
    const { doc: next, applied } = applyOpsSkipping(doc, this.queue);
    if (applied.length !== this.queue.length) {
      this.queue = applied;
      this.persist();
    }
    this.doc = next;
  }

  private persist() {
    if (!this.store) return;
    const unacknowledged = this.sent.filter((s) => s.seq === null);
    const unsaved = [...unacknowledged.flatMap((s) => s.ops), ...this.queue];
    if (unsaved.length === 0) return this.store.save(null);
    // Patches already sent (in flight, or without an answer) keep their ids, so whoever sends
    // them again (this tab, or the next visit) sends the same ones.
    const named = unacknowledged.map((s) => ({ patchId: s.patchId, ops: s.ops }));
    if (named.length === 0) this.store.save(unsaved);
    else this.store.save(unsaved, named);
  }

  private schedule(ms: number, now = false) {
    if (this.timer && !now) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private async flush(): Promise<void> {
    if (this.inflight || this.paused) return;
    // A patch sent before without an answer goes first, as it was, under its id.
    let batch = this.sent.find((s) => s.seq === null);
    if (!batch) {
      if (this.queue.length === 0) return;
      // One patch holds at most opsPerPatch ops: a longer queue goes in several, in order.
      let ops = compactOps(this.queue);
      if (ops.length <= LIMITS.opsPerPatch) this.queue = [];
      else {
        ops = compactOps(this.queue.slice(0, LIMITS.opsPerPatch));
        this.queue = this.queue.slice(LIMITS.opsPerPatch);
      }
      batch = { patchId: newPatchId(), ops, seq: null };
      this.sent.push(batch);
    }
    this.inflight = batch;
    this.persist();
    this.save = { state: "saving" };
    this.emit();
    let result: SendResult;
    try {
      result = await this.transport.send({ clientId: this.clientId, patchId: batch.patchId, ops: batch.ops });
    } catch {
      result = { ok: false, kind: "offline" };
    }
    this.inflight = null;
    const stillSent = this.sent.includes(batch);
    const more = () => this.queue.length > 0 || this.sent.some((s) => s.seq === null);
    if (result.ok) {
      this.attempts = 0;
      if (stillSent && result.seq > this.seq) batch.seq = result.seq;
      else if (stillSent) this.sent.splice(this.sent.indexOf(batch), 1); // its event came first (or a replay of an old one)
      this.persist();
      this.save = this.settled ? { state: "saved" } : { state: "saving" };
      this.emit();
      // After a resend (the connection is back), what waited behind it goes at once too.
      if (more() && (batch.uncertain || this.sent.some((s) => s.seq === null))) await this.flush();
      else if (more()) this.schedule(this.batchMs);
      return;
    }
    if (stillSent && result.kind === "refused" && !batch.uncertain) {
      // Refused on its only try, so not applied: the ops go back to the front of the queue, still shown.
      this.sent.splice(this.sent.indexOf(batch), 1);
      this.queue = [...batch.ops, ...this.queue];
    } else if (stillSent) {
      // No answer: the server may have applied it. It stays as it is, to go again under its id.
      batch.uncertain = true;
    }
    this.rebase();
    this.persist();
    if (result.kind === "refused") {
      this.paused = true;
      this.save = { state: "error", status: result.status, message: result.message };
    } else {
      this.save = result.kind === "offline" ? { state: "offline" } : { state: "saving" };
      this.schedule(RETRY_MS[Math.min(this.attempts++, RETRY_MS.length - 1)]!);
    }
    this.emit();
  }
}
