import { useBlocker, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Never lose an edit (docs/decisions/016-never-lose-an-edit.md): leaving a page, or a
 * part of it such as the card panel, with changes not yet saved. A form that edits
 * existing data registers what it holds with `useLeaveGuard`; the one `LeaveGuard` of the
 * signed-in layout then:
 * - holds a navigation that would take a form away (a link, Back; for the card panel,
 *   which lives at `?task=`, a change of query too) while it has unsaved changes or a save
 *   on its way: forms that save themselves (`flush`, the card panel) save first, and the
 *   navigation goes on once they have, or stays put (the form shows why) if they could
 *   not; forms with an explicit Save (the settings) ask whether to leave without saving.
 *   The card panel closes itself through `saveBeforeClosing` first;
 * - asks the browser to confirm a reload or a closed tab (beforeunload) in the same case,
 *   and gives forms a last word when the page goes away (`pageHide`).
 * Posts that come back to the same address (a comment, a checklist item) are not held.
 */
export type LeaveGuardOptions = {
  /** True while the form holds changes that are not saved. */
  unsaved: () => boolean;
  /** True while a save is on its way. */
  busy?: () => boolean;
  /** Saves what is unsaved; true once nothing is left unsaved. */
  flush?: () => Promise<boolean>;
  /** The page is going away (after the user confirmed leaving): a last chance to send what is unsaved. */
  pageHide?: () => void;
  /**
   * What leaving means for this form: "page" (default) when the path changes (a settings
   * page's form stays put while only the query changes); "address" when the query changes
   * too (the card panel lives at `?task=`).
   */
  scope?: "page" | "address";
};

export const LEAVE_WITHOUT_SAVING = "You have changes that are not saved. Leave this page and lose them?";

const guards = new Set<{ current: LeaveGuardOptions }>();

/** The forms holding unsaved changes that a navigation (to another path, or only another query) would take away; all for a reload. */
function holding(change: "path" | "query" | "unload" = "unload"): LeaveGuardOptions[] {
  return [...guards].map((g) => g.current).filter((g) => (change !== "query" || g.scope === "address") && (g.unsaved() || g.busy?.()));
}

/**
 * Saves the forms that save themselves and live at this address (the card panel); true
 * once they have. What a part of the page calls before it closes itself, so the closing
 * navigation keeps its own options and never waits on the router's blocker.
 */
export async function saveBeforeClosing(): Promise<boolean> {
  let saved = true;
  for (const guard of holding("query")) if (guard.flush) saved = (await guard.flush()) && saved;
  return saved;
}

/** Registers a form's unsaved changes with the page's leave guard for as long as the form is mounted. */
export function useLeaveGuard(options: LeaveGuardOptions) {
  const ref = useRef(options);
  ref.current = options;
  useEffect(() => {
    guards.add(ref);
    return () => {
      guards.delete(ref);
    };
  }, []);
}

/** Rendered once, in the signed-in layout. */
export function LeaveGuard() {
  const navigate = useNavigate();
  const location = useLocation();
  /** The history entry shown (React Router numbers them), to redo a blocked Back or Forward. */
  const index = useRef<number | null>(null);
  /** How far a blocked Back or Forward went (null: a link or a form). */
  const delta = useRef<number | null>(null);
  /** Set while the guard sends through a navigation it has decided to let go. */
  const passing = useRef(false);
  const deciding = useRef(false);

  useEffect(() => {
    index.current = historyIndex();
    passing.current = false;
  }, [location.key]);

  const change = useRef<"path" | "query">("path");
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (passing.current) return false;
    if (currentLocation.pathname !== nextLocation.pathname) change.current = "path";
    else if (currentLocation.search !== nextLocation.search) change.current = "query";
    else return false;
    if (holding(change.current).length === 0) return false;
    const at = historyIndex();
    delta.current = historyAction === "POP" && at !== null && index.current !== null ? at - index.current : null;
    return true;
  });
  const latest = useRef(blocker);
  latest.current = blocker;

  useEffect(() => {
    if (blocker.state !== "blocked" || deciding.current) return;
    deciding.current = true;
    const target = blocker.location;
    const steps = delta.current;
    const leaving = change.current;
    void (async () => {
      try {
        let saved = true;
        for (const guard of holding(leaving)) if (guard.flush) saved = (await guard.flush()) && saved;
        const asking = holding(leaving).filter((g) => !g.flush);
        const go = saved && (asking.length === 0 || window.confirm(LEAVE_WITHOUT_SAVING));
        // Any navigation that completes meanwhile (a live update's reload of the data) sets the
        // router's blocker back to idle: then the guard sends the navigation through itself.
        const b = latest.current;
        if (!go) {
          if (b.state === "blocked") b.reset();
          return;
        }
        passing.current = true;
        // Let go after this navigation has started (it clears on arrival too).
        setTimeout(() => (passing.current = false), 1000);
        if (b.state === "blocked") b.proceed();
        else if (steps !== null) navigate(steps);
        else navigate(target);
      } finally {
        deciding.current = false;
      }
    })();
  }, [blocker.state, blocker.location, navigate]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (holding("unload").length === 0) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    const pageHide = () => {
      for (const guard of guards) guard.current.pageHide?.();
    };
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("pagehide", pageHide);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("pagehide", pageHide);
    };
  }, []);

  return null;
}

/** React Router's number for the history entry shown, or null outside its history. */
function historyIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : null;
}
