/**
 * Keeping keyboard focus inside an open modal (the card panel, the small-screen drawer):
 * Tab from the last control goes to the first, Shift+Tab from the first to the last, and
 * focus that escaped (a click on the page behind) comes back. The one focus trap of the
 * app; call it from the container's keydown handler (or a document listener) on Tab.
 */
const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  'input:not([disabled]):not([type="hidden"])',
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

/** Shown, and not folded away in a closed <details> (whose content still has boxes in Chrome). */
function reachable(el: HTMLElement): boolean {
  if (el.getClientRects().length === 0) return false;
  for (let d = el.parentElement?.closest("details"); d; d = d.parentElement?.closest("details")) {
    if (!d.open && !(el.tagName === "SUMMARY" && el.parentElement === d)) return false;
  }
  return true;
}

/** The controls inside `root` that Tab can reach, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(reachable);
}

/** On Tab or Shift+Tab: wraps around inside `root` instead of leaving it. Other keys are ignored. */
export function keepFocusInside(event: Pick<KeyboardEvent, "key" | "shiftKey" | "preventDefault">, root: HTMLElement): void {
  if (event.key !== "Tab") return;
  const items = focusableIn(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !(active instanceof Node) || active === root || !root.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
