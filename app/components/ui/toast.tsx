/**
 * Toasts, top right (spec sections 2 and 4). `initial` toasts come from the flash
 * cookie through the root loader and are server-rendered, so they show without
 * JavaScript; with JavaScript they auto-dismiss and can be added with useToast().
 */
import { Suspense, createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { ToastInput } from "~/lib/toast";
import { onDemand } from "./on-demand";
import { createToastTimers, normalizeToast, toastReducer } from "./toast-queue";

const ToastCards = onDemand(() => import("./toast-cards").then((m) => m.ToastCards));

type ToastApi = {
  toast: (input: ToastInput) => string;
  dismiss: (id: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used within a ToastProvider");
  return api;
}

// Ids the server rendered must be the ones the browser hydrates; the root loader gives
// each flash toast an id, and this index-based fallback is the same on both sides.
const fromInitial = (list: ToastInput[]) => list.map((t, i) => normalizeToast(t, () => `initial-${i}`));

export function ToastProvider({ initial, children }: { initial: ToastInput[]; children: React.ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, initial, fromInitial);
  const timersRef = useRef<ReturnType<typeof createToastTimers> | null>(null);
  timersRef.current ??= createToastTimers(dispatch);
  const timers = timersRef.current;
  const [hydrated, setHydrated] = useState(false);

  // Transitions, because the toast cards sit in a Suspense boundary that may still be
  // hydrating (its code loads on demand): an urgent update there is React error #421.
  useEffect(() => startTransition(() => setHydrated(true)), []);

  // New toasts from the root loader after a client navigation or a form post.
  useEffect(() => {
    startTransition(() => dispatch({ type: "add", toasts: fromInitial(initial) }));
  }, [initial]);

  useEffect(() => {
    for (const t of toasts) timers.schedule(t);
  }, [toasts, timers]);

  useEffect(() => () => timers.clearAll(), [timers]);

  const toast = useCallback((input: ToastInput) => {
    const t = normalizeToast(input);
    startTransition(() => dispatch({ type: "add", toasts: [t] }));
    return t.id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ toast, dismiss: timers.dismiss }), [toast, timers]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        aria-label="Messages"
        role="region"
        aria-relevant="additions"
        // Bottom right, clear of the headers' menus and buttons and of the page's own forms'
        // submit buttons, which a toast answering them would otherwise cover (issue 11).
        className="pointer-events-none fixed inset-x-4 bottom-4 z-[100] flex flex-col items-end gap-3 sm:left-auto sm:w-96"
      >
        {toasts.length > 0 ? (
          <Suspense fallback={null}>
            <ToastCards
              toasts={toasts}
              canDismiss={hydrated}
              onDismiss={timers.dismiss}
              onHold={timers.pause}
              onRelease={timers.schedule}
            />
          </Suspense>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}
