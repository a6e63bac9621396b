/**
 * The toaster's state and timing, free of React so it can be tested with fake timers.
 * A toast is "open", then "closing" for the exit animation, then removed.
 */
import { TOAST_DEFAULT_DURATION, TOAST_EXIT_MS, type ToastInput, type ToastVariant } from "~/lib/toast";

export type Toast = {
  id: string;
  title?: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  dismissible: boolean;
  action?: { label: string; href: string };
  phase: "open" | "closing";
};

export type ToastAction = { type: "add"; toasts: Toast[] } | { type: "close"; id: string } | { type: "remove"; id: string };

let counter = 0;
export function nextToastId(): string {
  counter += 1;
  return `toast-${counter}`;
}

export function normalizeToast(input: ToastInput, makeId: () => string = nextToastId): Toast {
  return {
    id: input.id ?? makeId(),
    title: input.title,
    description: input.description,
    variant: input.variant ?? "default",
    duration: input.duration ?? TOAST_DEFAULT_DURATION,
    dismissible: input.dismissible ?? true,
    action: input.action,
    phase: "open",
  };
}

/** Newest last; a toast whose id is already shown is not added twice. */
export function toastReducer(state: Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case "add": {
      const known = new Set(state.map((t) => t.id));
      const fresh = action.toasts.filter((t) => !known.has(t.id));
      return fresh.length > 0 ? [...state, ...fresh] : state;
    }
    case "close":
      return state.map((t) => (t.id === action.id && t.phase === "open" ? { ...t, phase: "closing" } : t));
    case "remove":
      return state.filter((t) => t.id !== action.id);
  }
}

/**
 * Auto-dismiss timers. `close` starts the exit animation; `remove` follows TOAST_EXIT_MS
 * later. A duration of 0 or less keeps the toast until it is dismissed.
 */
export function createToastTimers(dispatch: (action: ToastAction) => void, exitMs = TOAST_EXIT_MS) {
  // Auto-dismiss clocks of open toasts; exit timers are kept apart so pausing never strands one.
  const clocks = new Map<string, ReturnType<typeof setTimeout>>();
  const exits = new Map<string, ReturnType<typeof setTimeout>>();

  function dismiss(id: string) {
    clearTimeout(clocks.get(id));
    clocks.delete(id);
    if (exits.has(id)) return;
    dispatch({ type: "close", id });
    exits.set(
      id,
      setTimeout(() => {
        exits.delete(id);
        dispatch({ type: "remove", id });
      }, exitMs),
    );
  }

  return {
    /** Starts the auto-dismiss clock of an open toast that has none running. */
    schedule(toast: Toast) {
      if (clocks.has(toast.id) || exits.has(toast.id) || toast.phase !== "open" || toast.duration <= 0) return;
      clocks.set(
        toast.id,
        setTimeout(() => {
          clocks.delete(toast.id);
          dismiss(toast.id);
        }, toast.duration),
      );
    },
    dismiss,
    /** Holds a toast while the pointer or focus is on it; `schedule` restarts its clock. */
    pause(id: string) {
      clearTimeout(clocks.get(id));
      clocks.delete(id);
    },
    clearAll() {
      for (const t of [...clocks.values(), ...exits.values()]) clearTimeout(t);
      clocks.clear();
      exits.clear();
    },
  };
}
