import { useNavigate, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { NAV_ITEMS } from "~/components/shell/nav";
import { focusableIn, keepFocusInside } from "~/components/ui/focus-trap";
import { plainText, type SearchHit, type SearchResults, type Segment } from "~/lib/search";
import { SearchHighlight } from "./highlight";

type Workspace = { id: string; name: string };

/** One row of the palette: a page to jump to, an action, or a search result. */
type Item = { id: string; group: string; label: Segment[]; meta?: string; run: () => void };

/** The sidebar's pages, then the account's own. */
const PAGES: readonly { to: string; label: string }[] = [
  ...NAV_ITEMS,
  { to: "/billing", label: "Billing" },
  { to: "/notifications", label: "Notifications" },
  { to: "/profile", label: "Profile" },
];

const text = (s: string): Segment[] => [{ text: s, mark: false }];
const matches = (label: string, q: string) => label.toLowerCase().includes(q.trim().toLowerCase());

/** Search results from /api/search for `q`, a moment after the typing stops; stale answers are dropped. */
function useSearch(q: string): { hits: SearchHit[]; loading: boolean } {
  const [state, setState] = useState<{ q: string; hits: SearchHit[] }>({ q: "", hits: [] });
  useEffect(() => {
    const query = q.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<SearchResults>) : null))
        .then((body) => {
          if (body) setState({ q: query, hits: body.groups.flatMap((g) => g.hits) });
        })
        .catch(() => {});
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  const query = q.trim();
  return { hits: query && state.q === query ? state.hits : [], loading: Boolean(query) && state.q !== query };
}

/**
 * Ctrl/Cmd+K: a dialog with a combobox over a listbox. Typing searches the workspace
 * (/api/search) and filters the pages and actions; arrow keys move, Enter opens, Escape
 * closes and gives focus back to where it was. Focus stays inside while it is open.
 */
export function CommandPalette({ workspaces, currentWorkspaceId }: { workspaces: Workspace[]; currentWorkspaceId: string }) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  const activeRef = useRef(0);
  activeRef.current = active;
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const navigate = useNavigate();
  const submit = useSubmit();
  const listId = useId();
  const { hits, loading } = useSearch(open ? q : "");

  const close = useCallback(() => {
    setOpen(false);
    setQ("");
    setActive(0);
    const back = returnTo.current;
    returnTo.current = null;
    if (back && document.contains(back)) back.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        if (open) close();
        else {
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          setOpen(true);
        }
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const items = useMemo<Item[]>(() => {
    const go = (to: string) => () => {
      close();
      navigate(to);
    };
    const result: Item[] = hits.map((h) => ({
      id: `hit-${h.kind}-${h.id}`,
      group: "Results",
      label: h.title,
      meta: h.meta,
      run: go(h.href),
    }));
    const actions: Item[] = [
      {
        id: "action-new-card",
        group: "Actions",
        label: text("New card"),
        // On a board: the first column's "+ Add a card" box; elsewhere the dashboard's Quick create.
        run: () => {
          const onBoard = document.querySelector<HTMLInputElement>("input.new-card-input");
          if (onBoard) {
            returnTo.current = null;
            close();
            onBoard.focus();
          } else go("/dashboard#quick-h")();
        },
      },
      { id: "action-new-project", group: "Actions", label: text("New project"), run: go("/projects#new-project-h") },
      ...workspaces
        .filter((w) => w.id !== currentWorkspaceId)
        .map((w) => ({
          id: `action-switch-${w.id}`,
          group: "Actions",
          label: text(`Switch to ${w.name}`),
          run: () => {
            close();
            submit({ workspaceId: w.id, redirectTo: "/dashboard" }, { method: "post", action: "/workspaces/switch" });
          },
        })),
    ].filter((a) => !q.trim() || matches(plainText(a.label), q));
    const pages: Item[] = PAGES.filter((p) => !q.trim() || matches(p.label, q)).map((p) => ({
      id: `page-${p.to.slice(1)}`,
      group: "Go to",
      label: text(p.label),
      run: go(p.to),
    }));
    return [...result, ...pages, ...actions];
  }, [hits, workspaces, currentWorkspaceId, q, close, navigate, submit]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = dialogRef.current;
      if (!dialog) return;
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (items.length === 0) return;
        setActive((i) => (i + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length);
      } else if (event.key === "Enter" && event.target === inputRef.current) {
        event.preventDefault();
        items[Math.min(activeRef.current, items.length - 1)]?.run();
      } else if (event.key === "Tab") {
        if (focusableIn(dialog).length <= 1) {
          event.preventDefault();
          inputRef.current?.focus();
        } else keepFocusInside(event, dialog);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, items, close]);

  useEffect(() => setActive(0), [q, hits]);
  if (!open) return null;

  const current = items[Math.min(active, items.length - 1)];
  const optionId = (item: Item) => `${listId}-${item.id}`;

  let lastGroup = "";
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-50 bg-slate-900/50" onClick={close} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        className="fixed inset-x-4 top-[10vh] z-50 mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-200"
      >
        <label htmlFor={`${listId}-input`} className="sr-only">
          Search or jump to
        </label>
        <input
          ref={inputRef}
          id={`${listId}-input`}
          type="text"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={`${listId}-list`}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(current) : undefined}
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search or jump to…"
          className="block w-full border-0 border-b border-slate-200 px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:ring-0 focus:outline-none"
        />
        <ul id={`${listId}-list`} role="listbox" aria-label="Results and commands" className="max-h-[60vh] overflow-y-auto p-2">
          {items.map((item, i) => {
            const heading = item.group !== lastGroup ? item.group : null;
            lastGroup = item.group;
            return (
              // Keyboard users choose with the combobox's arrow keys and Enter (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={item.id}
                id={optionId(item)}
                role="option"
                aria-selected={item === current}
                onMouseEnter={() => setActive(i)}
                onClick={() => item.run()}
                className={`cursor-pointer rounded-md px-3 py-2 text-sm ${item === current ? "bg-brand-50 text-brand-900" : "text-slate-800"}`}
              >
                {heading ? <span className="sr-only">{heading}: </span> : null}
                <span className="block truncate font-medium">
                  <SearchHighlight segments={item.label} />
                </span>
                {item.meta ? <span className="block truncate text-xs text-slate-600">{item.meta}</span> : null}
              </li>
            );
          })}
        </ul>
        <p role="status" className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
          {loading
            ? "Searching…"
            : q.trim() && hits.length === 0
              ? `No results for “${q.trim()}”.`
              : "↑↓ to move, Enter to open, Esc to close"}
        </p>
      </div>
    </>
  );
}
