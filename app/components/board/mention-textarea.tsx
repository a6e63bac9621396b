import { useId, useRef, useState, type TextareaHTMLAttributes } from "react";
import { mentionQueryAt, type MentionTarget } from "~/lib/mentions";

/**
 * A textarea that offers the workspace's members after `@`: a listbox under the box, moved
 * with the arrow keys, picked with Enter or Tab, dismissed with Escape. The pick inserts
 * `@Full Name`, which the server stores by the person's id. Without JavaScript the same
 * text typed by hand works.
 */
type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & { members: readonly MentionTarget[] };

export function MentionTextarea({ members, onKeyDown, onChange, ...props }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = query
    ? members
        .filter(
          (m) =>
            m.name
              .toLowerCase()
              .split(/\s+/)
              .some((w) => w.startsWith(query.query.toLowerCase())) || m.name.toLowerCase().startsWith(query.query.toLowerCase()),
        )
        .slice(0, 6)
    : [];
  const open = matches.length > 0;

  function refresh() {
    const el = ref.current;
    if (!el) return;
    setQuery(mentionQueryAt(el.value, el.selectionStart ?? el.value.length));
    setActive(0);
  }

  function pick(m: MentionTarget) {
    const el = ref.current;
    if (!el || !query) return;
    const caret = el.selectionStart ?? el.value.length;
    const insert = `@${m.name} `;
    el.setRangeText(insert, query.start, caret, "end");
    el.dispatchEvent(new Event("input", { bubbles: true }));
    setQuery(null);
    el.focus();
  }

  return (
    <div className="relative">
      <textarea
        {...props}
        ref={ref}
        role={open ? "combobox" : undefined}
        aria-expanded={open ? true : undefined}
        aria-controls={open ? listId : undefined}
        aria-autocomplete={open ? "list" : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onChange?.(e);
          refresh();
        }}
        onClick={refresh}
        onBlur={() => setQuery(null)}
        onKeyDown={(e) => {
          if (open) {
            if (e.key === "ArrowDown" || e.key === "ArrowUp") {
              e.preventDefault();
              setActive((a) => (a + (e.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
              return;
            }
            if (e.key === "Enter" || e.key === "Tab") {
              e.preventDefault();
              pick(matches[active]!);
              return;
            }
            if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              setQuery(null);
              return;
            }
          }
          onKeyDown?.(e);
        }}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention a member"
          className="absolute z-20 mt-1 w-64 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {matches.map((m, i) => (
            <li
              key={m.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-1.5 ${i === active ? "bg-brand-50 text-brand-800" : "text-slate-700"}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(m);
              }}
            >
              {m.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
