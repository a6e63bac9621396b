/** The toasts themselves, fetched the first time one shows (see toast.tsx and on-demand.tsx). */
import type { ToastVariant } from "~/lib/toast";
import type { Toast } from "./toast-queue";

export type ToastCardsProps = {
  toasts: Toast[];
  canDismiss: boolean;
  onDismiss: (id: string) => void;
  onHold: (id: string) => void;
  onRelease: (toast: Toast) => void;
};

export function ToastCards({ toasts, canDismiss, onDismiss, onHold, onRelease }: ToastCardsProps) {
  return toasts.map((t) => (
    <ToastCard
      key={t.id}
      toast={t}
      dismissible={t.dismissible}
      interactive={canDismiss}
      onDismiss={() => onDismiss(t.id)}
      onHold={() => onHold(t.id)}
      onRelease={() => onRelease(t)}
    />
  ));
}

// A ring with a mark inside: tick, cross, exclamation, "i", dot.
const accents: Record<ToastVariant, { bar: string; icon: string; mark: string }> = {
  success: { bar: "border-l-emerald-500", icon: "text-emerald-600", mark: "M8 12l3 3 5-6" },
  error: { bar: "border-l-red-500", icon: "text-red-600", mark: "M9 9l6 6m0-6l-6 6" },
  warning: { bar: "border-l-amber-500", icon: "text-amber-600", mark: "M12 7v6m0 4h.01" },
  info: { bar: "border-l-sky-500", icon: "text-sky-600", mark: "M12 11v6m0-10h.01" },
  default: { bar: "border-l-brand-500", icon: "text-brand-600", mark: "M12 12h.01" },
};

const closeIcon = (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
    <path d="M6.3 5.3a1 1 0 00-1.4 1.4L8.6 10l-3.7 3.3a1 1 0 101.4 1.4L10 11.4l3.3 3.3a1 1 0 001.4-1.4L11.4 10l3.3-3.3a1 1 0 00-1.4-1.4L10 8.6 6.3 5.3z" />
  </svg>
);

/**
 * One toast. Hydrated (`interactive`), it has a dismiss button and timers. Before
 * hydration, or without JavaScript, a checkbox styled as the same cross hides it
 * with CSS alone, and so does a CSS animation after the default duration, so a message
 * never stays over the page (and the buttons under it) with no way to close it.
 */
function ToastCard({
  toast,
  dismissible,
  interactive,
  onDismiss,
  onHold,
  onRelease,
}: {
  toast: Toast;
  dismissible: boolean;
  interactive: boolean;
  onDismiss: () => void;
  onHold: () => void;
  onRelease: () => void;
}) {
  const accent = accents[toast.variant];
  const closing = toast.phase === "closing";
  // Server-rendered and not yet (or never) hydrated: CSS hides it after TOAST_DEFAULT_DURATION (tailwind.css).
  const autoHide = !interactive && toast.duration > 0 ? "toast-auto-hide" : "";
  return (
    <div
      data-variant={toast.variant}
      data-state={toast.phase}
      style={autoHide ? { animationDelay: `${toast.duration}ms` } : undefined}
      onMouseEnter={onHold}
      onMouseLeave={onRelease}
      onFocus={onHold}
      onBlur={onRelease}
      className={`pointer-events-auto flex w-full gap-3 has-[.toast-dismiss:checked]:hidden rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg ring-1 ring-black/5 transition duration-200 ease-out starting:translate-x-4 starting:opacity-0 motion-reduce:transition-none ${accent.bar} ${autoHide} ${closing ? "translate-x-4 opacity-0" : ""}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`mt-0.5 size-5 shrink-0 ${accent.icon}`}
      >
        <circle cx="12" cy="12" r="9" />
        <path d={accent.mark} />
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
      {dismissible && interactive ? (
        <button
          type="button"
          onClick={onDismiss}
          // Reached with Tab; Enter, Space or Escape there closes the message.
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            e.stopPropagation();
            onDismiss();
          }}
          aria-label="Dismiss message"
          className="-m-1 size-7 shrink-0 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          {closeIcon}
        </button>
      ) : dismissible ? (
        <span className="relative -m-1 size-7 shrink-0 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
          <input
            type="checkbox"
            aria-label="Dismiss message"
            className="toast-dismiss absolute inset-0 size-full cursor-pointer appearance-none rounded"
          />
          <span className="pointer-events-none">{closeIcon}</span>
        </span>
      ) : null}
    </div>
  );
}
