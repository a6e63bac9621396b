import { useSubmit, type ClientActionFunctionArgs, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { useCallback } from "react";
import { readProblem, type Problem } from "~/lib/problem";

/**
 * The board's writes from the browser (a card dragged, a card panel field saved), through
 * Remix: `useBoardWrite` submits them as fetchers (`useSubmit`, no navigation) to the board
 * page's own address with `?write=<id>`; the page's `clientAction` (`boardClientAction`)
 * sends them to the board's JSON API (app/routes/api.projects.$id.board.server.ts) and
 * answers what came back, and the page's `shouldRevalidate` (`boardShouldRevalidate`)
 * decides whether the board's loader runs again after it. Posts without `?write` (the
 * page's plain forms, with or without JavaScript) go to the page's server action as before.
 *
 * One change, one loader run: a change this page made that the server took arrives again as
 * the board's live event (use-board-events.ts), which revalidates; so while the event stream
 * is open, the write's own revalidation leaves the board's loader out. A refusal revalidates
 * at once (the board or the card as it is now: after a 409, the other's change to review);
 * a write that never reached the server reads nothing.
 */

/** The search parameter that marks a board write (and carries its id) on the page's address. */
export const WRITE_PARAM = "write";
/** Fetcher keys of the board's writes start with this (`useFetchers` tells which are on their way). */
export const WRITE_KEY_PREFIX = "board-write:";

export type BoardWriteSuccess = {
  ok: true;
  intent: string;
  message?: string;
  warning?: string | null;
  cardId?: string;
  /** The card's version after an "update-card". */
  version?: number;
};
export type BoardWriteRefusal = {
  ok: false;
  /** The server's problem details (null when the answer was not one: a proxy's error page). */
  problem: Problem | null;
  /** The HTTP status (0: the server could not be reached). */
  status: number;
  /** The server was not reached. */
  offline: boolean;
};
export type BoardWriteAnswer = BoardWriteSuccess | BoardWriteRefusal;

/** One write to the board's JSON API (a form of one intent's fields). `keepalive` lets it outlive the page. */
export async function sendBoardWrite(projectId: string, body: FormData, options: { keepalive?: boolean } = {}): Promise<BoardWriteAnswer> {
  let res: Response;
  try {
    res = await fetch(`/api/projects/${projectId}/board`, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      keepalive: options.keepalive,
    });
  } catch {
    return { ok: false, problem: null, status: 0, offline: true };
  }
  const answer = (await res.json().catch(() => null)) as unknown;
  if (res.ok && answer && typeof answer === "object" && (answer as { ok?: unknown }).ok === true) return answer as BoardWriteSuccess;
  return { ok: false, problem: readProblem(answer), status: res.status, offline: false };
}

/** Callers waiting for their write's answer, by write id (the clientAction answers them). */
const waiting = new Map<string, (answer: BoardWriteAnswer) => void>();

/** Projects whose live event stream is open on this page (set by use-board-events.ts). */
const liveProjects = new Set<string>();

export function setBoardLive(projectId: string, live: boolean) {
  if (live) liveProjects.add(projectId);
  else liveProjects.delete(projectId);
}

/**
 * `write(fields, label)` submits one board intent and resolves with the server's answer. Each
 * write is its own fetcher (`board-write:<label>:<id>`), so moves dropped one after another
 * each keep their own answer.
 */
export function useBoardWrite(projectId: string) {
  const submit = useSubmit();
  return useCallback(
    (fields: FormData, label: string) =>
      new Promise<BoardWriteAnswer>((resolve) => {
        const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
        waiting.set(id, resolve);
        submit(fields, {
          method: "post",
          action: `/projects/${projectId}?${WRITE_PARAM}=${id}`,
          navigate: false,
          fetcherKey: `${WRITE_KEY_PREFIX}${label}:${id}`,
          preventScrollReset: true,
        });
      }),
    [projectId, submit],
  );
}

/** The board page's clientAction: a board write goes to the JSON API; every other post to the page's action. */
export async function boardClientAction({ request, params, serverAction }: ClientActionFunctionArgs) {
  const id = new URL(request.url).searchParams.get(WRITE_PARAM);
  if (!id) return serverAction();
  const answer = await sendBoardWrite(params.id ?? "", await request.formData());
  waiting.get(id)?.(answer);
  waiting.delete(id);
  // A refusal or a failure carries its status: the other routes' loaders do not run again for it (Remix's default
  // after a 4xx). A Response, because single fetch would wrap `data()` returned from a clientAction once more.
  const status = answer.ok ? 200 : answer.offline ? 503 : answer.status >= 400 ? answer.status : 500;
  return Response.json(answer, { status });
}

/** Whether the board's loader runs again after a submission (see the top of this file). */
export function boardShouldRevalidate({ formAction, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formAction) return defaultShouldRevalidate;
  const url = new URL(formAction, "http://localhost");
  if (!url.searchParams.has(WRITE_PARAM)) return defaultShouldRevalidate;
  const answer = actionResult as BoardWriteAnswer | undefined;
  if (!answer || typeof answer !== "object") return defaultShouldRevalidate;
  if (!answer.ok) return !answer.offline;
  const projectId = url.pathname.split("/").pop() ?? "";
  return !liveProjects.has(projectId);
}
