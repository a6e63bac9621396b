import { useEffect, useRef } from "react";

const SHORTCUTS: [string, string][] = [
  ["c", "Create a card (in the first column)"],
  ["/", "Search cards"],
  ["?", "Show these shortcuts"],
  ["↑ ↓ ← →", "Move between cards"],
  ["Space / Enter on a card's handle", "Pick up the card; arrows move it; Space drops, Escape cancels"],
  ["Escape", "Close the card panel"],
];

function typing(el: EventTarget | null) {
  const t = el as HTMLElement | null;
  return !!t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));
}

/** Board keyboard shortcuts: c, / and ?. The help dialog is a native <dialog>. */
export function BoardShortcuts() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.metaKey || e.ctrlKey || e.altKey || typing(e.target)) return;
      if (e.key === "c") {
        const input = document.querySelector<HTMLInputElement>(".new-card-input");
        if (input) {
          e.preventDefault();
          input.focus();
        }
      } else if (e.key === "/") {
        const search = document.getElementById("board-search");
        if (search) {
          e.preventDefault();
          search.focus();
        }
      } else if (e.key === "?") {
        e.preventDefault();
        dialog.current?.showModal();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      className="m-auto w-full max-w-md rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id="shortcuts-title" className="text-base font-semibold text-slate-900">
          Keyboard shortcuts
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          {SHORTCUTS.map(([key, what]) => (
            <div key={key} className="flex justify-between gap-4">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
              </dt>
              <dd className="text-right text-slate-600">{what}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog" className="mt-4 text-right">
          <button className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">Close</button>
        </form>
      </div>
    </dialog>
  );
}
