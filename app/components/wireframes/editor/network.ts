/**
 * The editor's way to the server: patches (the sync engine's transport), the unsaved-edits
 * store in localStorage, presence, main components, and the events stream.
 */
import { isReadOnlyProblem, problemOf } from "~/lib/problem";
import type { ComponentDefinition, Op } from "~/lib/wireframes/document";
import type { PendingPatch, PendingStore, RemotePatch, SendResult, Transport } from "~/lib/wireframes/editor/sync";

/**
 * What to tell the designer about a refused request. The server answers problem details
 * (`app/lib/problem.ts`); the decision is by its `code` (a read-only workspace is
 * `workspace_read_only`), never by the status number. A body in the older `{ error, path }`
 * shape is still read for its words.
 */
async function errorText(res: Response): Promise<string> {
  const problem = await problemOf(res);
  if (isReadOnlyProblem(problem)) return problem!.detail || "This workspace is read-only.";
  if (problem) {
    const field = problem.errors?.[0]?.field;
    return field && field !== "(body)" && !problem.detail.includes(field) ? `${problem.detail} (${field})` : problem.detail;
  }
  try {
    const body = (await res.json()) as { error?: string; message?: string; path?: string };
    const text = body.error ?? body.message;
    if (text) return body.path && !text.includes(body.path) ? `${text} (${body.path})` : text;
  } catch {
    // not JSON
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

/** After this long without a sign of life, a tab's unsaved edits are taken over by the next visit. */
const ABANDONED_MS = 15_000;

/**
 * Unsaved edits of one wireframe, kept in this browser until the server has them: one entry
 * per tab (two tabs never overwrite each other's), refreshed while the tab lives. A new visit
 * takes over the entries of tabs that are gone (closed, or reloaded) and sends them; patches
 * that tab had sent without an answer keep their ids (`patches`), so they go again as replays.
 * An entry is `{ at, ops, patches? }`: `ops` every unsaved op, the named patches' first.
 */
export function localPendingStore(wireframeId: string, clientId: string): PendingStore {
  const prefix = `atelier:wireframe:${wireframeId}:unsaved:`;
  const own = prefix + clientId;
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
  // While there is something kept, the entry says every few seconds that its tab lives.
  let alive: ReturnType<typeof setInterval> | undefined;
  // Leaving (closing the tab, reloading): the next visit may take them over at once.
  window.addEventListener("pagehide", () => kept && write(0));
  return {
    load() {
      const found: { at: number; ops: Op[]; patches: PendingPatch[] }[] = [];
      try {
        for (let i = window.localStorage.length - 1; i >= 0; i--) {
          const key = window.localStorage.key(i);
          if (!key?.startsWith(prefix) || key === own) continue;
          const entry = JSON.parse(window.localStorage.getItem(key) ?? "null") as { at?: number; ops?: unknown; patches?: unknown } | null;
          if (entry && typeof entry.at === "number" && Date.now() - entry.at < ABANDONED_MS) continue; // that tab is alive
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
    },
    save(ops, patches = []) {
      kept = ops;
      keptPatches = ops ? patches : [];
      write();
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

export function updateComponent(id: string, definition: ComponentDefinition): Promise<ApiResult<{ version: number }>> {
  return call(() => postJson(`/api/wireframes/components/${id}`, { definition }));
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
