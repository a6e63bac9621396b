/**
 * Toasts, top right (spec sections 2 and 4). `initial` toasts come from the flash
 * cookie through the root loader and are server-rendered, so they show without
 * JavaScript; with JavaScript they auto-dismiss and can be added with useToast().
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { ToastInput, ToastVariant } from "~/lib/toast";
import { createToastTimers, normalizeToast, toastReducer, type Toast } from "./toast-queue";

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

  useEffect(() => setHydrated(true), []);

  // New toasts from the root loader after a client navigation or a form post.
  useEffect(() => {
    dispatch({ type: "add", toasts: fromInitial(initial) });
  }, [initial]);

  useEffect(() => {
    for (const t of toasts) timers.schedule(t);
  }, [toasts, timers]);

  useEffect(() => () => timers.clearAll(), [timers]);

  const toast = useCallback((input: ToastInput) => {
    const t = normalizeToast(input);
    dispatch({ type: "add", toasts: [t] });
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
        className="pointer-events-none fixed inset-x-4 top-4 z-[100] flex flex-col items-end gap-3 sm:left-auto sm:w-96"
      >
        {toasts.map((t) => (
          <ToastCard
            key={t.id}
            toast={t}
            canDismiss={hydrated && t.dismissible}
            onDismiss={() => timers.dismiss(t.id)}
            onHold={() => timers.pause(t.id)}
            onRelease={() => timers.schedule(t)}
          />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const accents: Record<ToastVariant, { bar: string; icon: string; path: string }> = {
  success: { bar: "border-l-emerald-500", icon: "text-emerald-600", path: "M5 13l4 4L19 7" },
  error: { bar: "border-l-red-500", icon: "text-red-600", path: "M6 18L18 6M6 6l12 12" },
  warning: { bar: "border-l-amber-500", icon: "text-amber-600", path: "M12 9v4m0 4h.01M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" },
  info: { bar: "border-l-sky-500", icon: "text-sky-600", path: "M13 16h-1v-4h-1m1-4h.01M12 21a9 9 0 100-18 9 9 0 000 18z" },
  default: { bar: "border-l-brand-500", icon: "text-brand-600", path: "M15 17h5l-1.4-1.4A2 2 0 0118 14.2V11a6 6 0 00-4-5.7V5a2 2 0 10-4 0v.3A6 6 0 006 11v3.2a2 2 0 01-.6 1.4L4 17h5m6 0a3 3 0 11-6 0" },
};

function ToastCard({
  toast,
  canDismiss,
  onDismiss,
  onHold,
  onRelease,
}: {
  toast: Toast;
  canDismiss: boolean;
  onDismiss: () => void;
  onHold: () => void;
  onRelease: () => void;
}) {
  const accent = accents[toast.variant];
  const closing = toast.phase === "closing";
  return (
    <div
      data-variant={toast.variant}
      data-state={toast.phase}
      onMouseEnter={onHold}
      onMouseLeave={onRelease}
      onFocus={onHold}
      onBlur={onRelease}
      className={`pointer-events-auto flex w-full gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg ring-1 ring-black/5 transition duration-200 ease-out starting:translate-x-4 starting:opacity-0 motion-reduce:transition-none ${accent.bar} ${closing ? "translate-x-4 opacity-0" : ""}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={`mt-0.5 size-5 shrink-0 ${accent.icon}`}>
        <path d={accent.path} />
      </svg>
      <div className="min-w-0 flex-1">
        {toast.title ? <p className="text-sm font-semibold text-slate-900">{toast.title}</p> : null}
        {toast.description ? <p className="mt-0.5 text-sm text-slate-600">{toast.description}</p> : null}
        {toast.action ? (
          <a
            href={toast.action.href}
            className="mt-2 inline-block rounded text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {toast.action.label}
          </a>
        ) : null}
      </div>
      {canDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-m-1 size-7 shrink-0 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M6.3 5.3a1 1 0 00-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 101.4 1.4L10 11.4l3.3 3.3a1 1 0 001.4-1.4L11.4 10l3.3-3.3a1 1 0 00-1.4-1.4L10 8.6 6.3 5.3z" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
