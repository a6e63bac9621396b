import { useBlocker } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Never lose an edit (docs/decisions/016-never-lose-an-edit.md): leaving a page, or a
 * part of it such as the card panel, with changes not yet saved. A form that edits
 * existing data registers what it holds with `useLeaveGuard`; the one `LeaveGuard` of the
 * signed-in layout then:
 * - holds a navigation that changes the address (closing the card panel, a link, Back)
 *   while any form has unsaved changes or a save on its way: forms that save themselves
 *   (`flush`, the card panel) save first, and the navigation goes on once they have, or
 *   stays put (the form shows why) if they could not; forms with an explicit Save (the
 *   settings) ask whether to leave without saving;
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
};

export const LEAVE_WITHOUT_SAVING = "You have changes that are not saved. Leave this page and lose them?";

const guards = new Set<{ current: LeaveGuardOptions }>();

function holding(): LeaveGuardOptions[] {
  return [...guards].map((g) => g.current).filter((g) => g.unsaved() || g.busy?.());
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
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && holding().length > 0,
  );
  const latest = useRef(blocker);
  latest.current = blocker;

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let gone = false;
    void (async () => {
      let saved = true;
      for (const guard of holding()) if (guard.flush) saved = (await guard.flush()) && saved;
      const asking = holding().filter((g) => !g.flush);
      if (gone) return;
      const go = saved && (asking.length === 0 || window.confirm(LEAVE_WITHOUT_SAVING));
      const b = latest.current;
      if (b.state !== "blocked") return;
      if (go) b.proceed();
      else b.reset();
    })();
    return () => {
      gone = true;
    };
  }, [blocker.state]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (holding().length === 0) return;
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
