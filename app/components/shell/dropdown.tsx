import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A header dropdown on <details>/<summary>: it opens and closes without JavaScript. With
 * JavaScript, Escape closes it and gives focus back to its button, a click elsewhere
 * closes it, the arrow keys move between its links and buttons, and it closes when the
 * page changes (the shell stays mounted across navigations).
 */
export function Dropdown({
  summary,
  summaryLabel,
  summaryClassName = "",
  panelClassName = "w-72",
  children,
}: {
  summary: React.ReactNode;
  summaryLabel?: string;
  summaryClassName?: string;
  panelClassName?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onFocusIn = (event: FocusEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, []);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!details.open || closeOnEscape(event, details)) return;
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      const items = [...details.querySelectorAll<HTMLElement>("[data-dropdown-panel] a, [data-dropdown-panel] button")];
      if (items.length === 0) return;
      event.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = at === -1 ? (step === 1 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
      items[next]?.focus();
    };
    details.addEventListener("keydown", onKeyDown);
    return () => details.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    // Below sm the panel hangs from the header (the nearest positioned box), not from its
    // button, so a panel wider than the space left of its button stays on the screen.
    <details ref={ref} className="group sm:relative">
      <summary
        aria-label={summaryLabel}
        className={`flex cursor-pointer list-none items-center rounded-lg hover:bg-slate-100 [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      <div
        data-dropdown-panel
        className={`absolute top-full right-2 z-50 mt-2 max-w-[calc(100vw-1rem)] origin-top-right rounded-xl border border-slate-200 bg-white shadow-xl ring-1 ring-black/5 sm:top-auto sm:right-0 sm:max-w-[calc(100vw-2rem)] ${panelClassName}`}
      >
        {children}
      </div>
    </details>
  );
}

/** Escape closes an open <details> and gives focus back to its summary; true when it did. */
export function closeOnEscape(event: KeyboardEvent, details: HTMLDetailsElement): boolean {
  if (event.key !== "Escape" || !details.open) return false;
  event.preventDefault();
  details.open = false;
  details.querySelector("summary")?.focus();
  return true;
}

/** The look of a link or button row inside a dropdown panel. */
export const dropdownItemClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:bg-slate-100";
