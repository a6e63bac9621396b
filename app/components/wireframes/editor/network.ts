/**
 * The editor's way to the server: patches (the sync engine's transport), the unsaved-edits
 * store in localStorage, presence, main components, and the events stream.
 */
import { isReadOnlyProblem, isVersionConflict, problemOf } from "~/lib/problem";
import type { ComponentDefinition, Op } from "~/lib/wireframes/document";
import type { PendingEdits, PendingPatch, PendingStore, RemotePatch, SendResult, Transport } from "~/lib/wireframes/editor/sync";

/**
 * What to tell the designer about a refused request. The server answers problem details
 * (`app/lib/problem.ts`); the decision is by its `code` (a read-only workspace is
 * `workspace_read_only`), never by the status number; an answer that is not problem
 * details (a proxy's page, say) gets words from its status.
 */
async function errorText(res: Response): Promise<string> {
  const problem = await problemOf(res);
  if (isReadOnlyProblem(problem)) return problem!.detail || "This workspace is read-only.";
  if (problem) {
    const field = problem.errors?.[0]?.field;
    return field && field !== "(body)" && !problem.detail.includes(field) ? `${problem.detail} (${field})` : problem.detail;
  }
  if (res.status === 403) return "You can view this wireframe but not change it.";
  if (res.status === 404) return "This wireframe no longer exists.";
  if (res.status === 413) return "This change is too large to save.";
  return `The server answered ${res.status}.`;
}

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });

/**
 * Sends one patch `{ clientId, patchId, ops }`. A retry (after no answer, a 5xx, or a reload
 * that found it unsaved) sends the same `patchId`: if the first attempt had landed, the
 * server answers its seq again and applies nothing.
 */
export function patchTransport(wireframeId: string): Transport {
  return {
    async send(patch): Promise<SendResult> {
      let res: Response;
      try {
        res = await postJson(`/api/wireframes/${wireframeId}/patches`, patch);
      } catch {
        return { ok: false, kind: "offline" };
      }
      if (res.ok) {
        const body = (await res.json().catch(() => ({}))) as { seq?: number };
        return { ok: true, seq: Number(body.seq ?? 0) };
      }
      if (res.status >= 500 || res.status === 429) return { ok: false, kind: "retry" };
      return { ok: false, kind: "refused", status: res.status, message: await errorText(res) };
    },
  };
}

/** Without Web Locks: after this long without a sign of life, a tab's unsaved edits are taken over. */
const ABANDONED_MS = 15_000;

type Kept = { at: number; ops: Op[]; patches: PendingPatch[] };

/**
 * Unsaved edits of one wireframe, kept in this browser until the server has them: one entry
 * per tab (two tabs never overwrite each other's). A new visit takes over the entries of tabs
 * that are gone (closed, reloaded, crashed) and sends them; patches that tab had sent without
 * an answer keep their ids (`patches`), so they go again as replays. An entry is
 * `{ at, ops, patches? }`: `ops` every unsaved op, the named patches' first.
 *
 * Whether a tab is gone: each tab holds a Web Lock named like its entry for as long as it
 * lives, and the browser lets go of it when the tab goes, however it goes; a visit takes over
 * the entries whose lock no one holds, one visit at a time (a second lock), so two tabs opened
 * together never both send the same edits. A browser without Web Locks falls back on time:
 * the entry is refreshed every few seconds while its tab lives and marked on `pagehide`.
 */
export function localPendingStore(wireframeId: string, clientId: string): PendingStore {
  const prefix = `atelier:wireframe:${wireframeId}:unsaved:`;
  const own = prefix + clientId;
  const locks = typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null;
  // Held until this tab goes: the browser releases it then, whatever happens to the page.
  if (locks) void locks.request(own, () => new Promise<void>(() => {})).catch(() => {});
  let kept: Op[] | null = null;
  let keptPatches: PendingPatch[] = [];
  const write = (at = Date.now()) => {
    try {
      if (kept)
        window.localStorage.setItem(own, JSON.stringify({ at, ops: kept, ...(keptPatches.length ? { patches: keptPatches } : {}) }));
      else window.localStorage.removeItem(own);
    } catch {
      // storage full or off: the edits still go to the server
    }
  };
  let alive: ReturnType<typeof setInterval> | undefined;
  if (!locks) window.addEventListener("pagehide", () => kept && write(0));

  /** Takes the entries of the tabs `gone` says are gone out of storage and answers their edits. */
  const takeOver = (gone: (key: string, entry: { at?: unknown } | null) => boolean): PendingEdits => {
    const found: Kept[] = [];
    try {
      for (let i = window.localStorage.length - 1; i >= 0; i--) {
        const key = window.localStorage.key(i);
        if (!key?.startsWith(prefix) || key === own) continue;
        const entry = JSON.parse(window.localStorage.getItem(key) ?? "null") as { at?: unknown; ops?: unknown; patches?: unknown } | null;
        if (!gone(key, entry)) continue;
        if (entry && Array.isArray(entry.ops)) {
          const patches = Array.isArray(entry.patches) ? (entry.patches as PendingPatch[]).filter(isPendingPatch) : [];
          found.push({ at: Number(entry.at) || 0, ops: entry.ops as Op[], patches });
        }
        window.localStorage.removeItem(key);
      }
    } catch {
      return null;
    }
    found.sort((a, b) => a.at - b.at);
    // Every tab's named patches first (as they were sent), then the ops no one sent yet.
    const patches = found.flatMap((e) => e.patches);
    const rest = found.flatMap((e) => e.ops.slice(e.patches.reduce((n, p) => n + p.ops.length, 0)));
    const ops = [...patches.flatMap((p) => p.ops), ...rest];
    if (!ops.length) return null;
    return patches.length ? { ops, patches } : ops;
  };

  return {
    load() {
      if (!locks) return takeOver((_key, entry) => !(entry && typeof entry.at === "number" && Date.now() - entry.at < ABANDONED_MS));
      return locks
        .request(`${prefix}take-over`, async (): Promise<PendingEdits> => {
          const { held = [] } = await locks.query();
          const living = new Set(held.map((lock) => lock.name));
          return takeOver((key) => !living.has(key));
        })
        .then(
          (edits) => edits as unknown as PendingEdits,
          () => null,
        ); // lib.dom types the callback's promise unflattened
    },
    save(ops, patches = []) {
      kept = ops;
      keptPatches = ops ? patches : [];
      write();
      if (locks) return;
      if (kept && !alive) alive = setInterval(() => write(), ABANDONED_MS / 3);
      if (!kept && alive) alive = void clearInterval(alive);
    },
  };
}

function isPendingPatch(p: unknown): p is PendingPatch {
  const v = p as PendingPatch | null;
  return typeof v?.patchId === "string" && Array.isArray(v.ops);
}

export function postPresence(wireframeId: string, body: { clientId: string; screenId: string; selection: string[] }): void {
  void postJson(`/api/wireframes/${wireframeId}/presence`, body).catch(() => {});
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; message: string };

async function call<T>(request: () => Promise<Response>): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await request();
  } catch {
    return { ok: false, message: "You are offline: nothing was saved." };
  }
  if (!res.ok) return { ok: false, message: await errorText(res) };
  return { ok: true, value: (await res.json().catch(() => ({}))) as T };
}

export function createComponent(name: string, definition: ComponentDefinition): Promise<ApiResult<{ id: string }>> {
  return call(() => postJson("/api/wireframes/components", { name, definition }));
}

/** The component as the server has it, sent with a refused save (`current` of a version conflict). */
export type CurrentComponent = {
  id: string;
  name: string;
  definition: ComponentDefinition;
  version: number;
  updatedBy: { id: string; name: string } | null;
};

export type ComponentSaveResult =
  { ok: true; version: number } | { ok: false; conflict: CurrentComponent } | { ok: false; message: string };

/**
 * Saves a main component's definition over the version it was edited from. Someone else's
 * save in between: nothing is written, and the answer (409 `version_conflict`) carries the
 * component as it now is.
 */
export async function updateComponent(id: string, definition: ComponentDefinition, baseVersion: number): Promise<ComponentSaveResult> {
  let res: Response;
  try {
    res = await postJson(`/api/wireframes/components/${id}`, { definition, baseVersion });
  } catch {
    return { ok: false, message: "You are offline: nothing was saved." };
  }
  if (res.ok) {
    const body = (await res.json().catch(() => ({}))) as { version?: unknown };
    return { ok: true, version: Number(body.version) };
  }
  const problem = await problemOf(res);
  if (problem && isVersionConflict(problem) && isCurrentComponent(problem.current)) return { ok: false, conflict: problem.current };
  return { ok: false, message: problem?.detail ?? (await errorText(res)) };
}

function isCurrentComponent(value: unknown): value is CurrentComponent {
  const v = value as CurrentComponent | null;
  return typeof v?.id === "string" && typeof v.version === "number" && typeof v.definition?.elements === "object";
}

export function uploadImage(wireframeId: string, file: File): Promise<ApiResult<{ fileId: string }>> {
  const body = new FormData();
  body.set("file", file);
  return call(() => fetch(`/api/wireframes/${wireframeId}/images`, { method: "POST", body, credentials: "same-origin" }));
}

/** An image's natural size (a square guess if it cannot be read). */
export function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth || 240, height: img.naturalHeight || 160 });
    img.onerror = () => resolve({ width: 240, height: 160 });
    img.src = url;
  });
}

export type PresenceEvent = {
  clientId: string;
  userId: string;
  name: string;
  color: string;
  screenId: string;
  selection: string[];
};

export type StreamHandlers = {
  patch(patch: RemotePatch): boolean;
  presence(p: PresenceEvent): void;
  leave(clientId: string): void;
  component(c: { id: string; version: number }): void;
  status(live: boolean): void;
  /** The server's op log no longer reaches back to our seq: start again from the server's document. */
  reset(): void;
  /** Someone deleted the wireframe. */
  deleted(): void;
  /** Where to resume from: the last seq this tab has. */
  since(): number;
};

/**
 * The wireframe's events stream, resumed from the last seq after a drop or a gap (the
 * browser's own retry would resume from the first connection's `since`).
 */
export function connectEvents(wireframeId: string, clientId: string, on: StreamHandlers): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const parse = (e: Event) => {
    try {
      return JSON.parse((e as MessageEvent).data as string) as unknown;
    } catch {
      return null;
    }
  };
  const open = () => {
    if (stopped) return;
    const s = new EventSource(`/wireframes/${wireframeId}/events?since=${on.since()}&clientId=${encodeURIComponent(clientId)}`);
    source = s;
    const reconnect = (ms: number) => {
      s.close();
      if (source === s) source = null;
      clearTimeout(timer);
      timer = setTimeout(open, ms);
    };
    s.addEventListener("open", () => on.status(true));
    s.addEventListener("error", () => {
      on.status(false);
      reconnect(2000);
    });
    s.addEventListener("patch", (e) => {
      const p = parse(e) as RemotePatch | null;
      if (p && !on.patch(p)) reconnect(0); // a gap: ask again from where we are
    });
    s.addEventListener("presence", (e) => {
      const p = parse(e) as PresenceEvent | null;
      if (p) on.presence(p);
    });
    s.addEventListener("leave", (e) => {
      const p = parse(e) as { clientId?: string } | null;
      if (p?.clientId) on.leave(p.clientId);
    });
    s.addEventListener("reset", () => {
      stopped = true;
      s.close();
      on.reset();
    });
    s.addEventListener("deleted", () => {
      stopped = true;
      s.close();
      on.deleted();
    });
    s.addEventListener("component", (e) => {
      const p = parse(e) as { id: string; version: number } | null;
      if (p) on.component(p);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
