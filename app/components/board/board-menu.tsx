import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * A board menu of forms (a column's "⋯", "Project settings") on <details>/<summary>, so
 * it opens and works without JavaScript. With JavaScript it closes like the header's
 * dropdowns — Escape (focus back on its summary), a click or focus elsewhere — and after
 * one of its forms was saved. A failed submission keeps it open, with the message inside
 * (`error`); without JavaScript the page that carries that message renders it open.
 */
export function BoardMenu({
  summary,
  summaryLabel,
  summaryClassName,
  panelClassName,
  error,
  children,
}: {
  summary: React.ReactNode;
  summaryLabel?: string;
  summaryClassName: string;
  panelClassName: string;
  /** True while the page shows an error from one of this menu's forms. */
  error: boolean;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(error);
  const submitted = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    if (error) setOpen(true);
  }, [error]);

  // The submission this menu started has finished: close on success, stay open on a failure.
  useEffect(() => {
    if (navigation.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (!error) setOpen(false);
  }, [navigation.state, error]);

  // Escape closes it and puts focus back on its summary: a listener on the menu itself, there from the
  // start and asking the element whether it is open (a key pressed right after opening finds it open).
  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.open) return;
      event.preventDefault();
      event.stopPropagation();
      // The element first: React's state may not have heard of the opening yet.
      menu.open = false;
      setOpen(false);
      menu.querySelector("summary")?.focus();
    };
    menu.addEventListener("keydown", onKeyDown);
    return () => menu.removeEventListener("keydown", onKeyDown);
  }, []);

  useEffect(() => {
    if (!open) return;
    const away = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
    };
  }, [open]);

  return (
    <details
      ref={ref}
      open={open}
      className="relative"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onSubmit={() => {
        submitted.current = true;
      }}
    >
      <summary aria-label={summaryLabel} className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}>
        {summary}
      </summary>
      <div className={`absolute right-0 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg ${panelClassName}`}>
        {children}
      </div>
    </details>
  );
}

/** A form's error inside a menu, next to its field (`id` for the field's aria-describedby). */
export function MenuError({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-red-700">
      {message}
    </p>
  );
}

/** The attributes that tie a field to its message: invalid, and described by it, while there is one. */
export function errorAttributes(message: string | null | undefined, id: string) {
  return message ? { "aria-invalid": true as const, "aria-describedby": id } : {};
}

/** One form in a board menu: its intent (and other hidden fields), its fields, its message, its button. */
export function MenuForm({
  intent,
  hidden = {},
  error,
  errorId,
  className = "space-y-2",
  preventScrollReset,
  submit,
  children,
}: {
  intent: string;
  hidden?: Record<string, string>;
  error: string | null | undefined;
  errorId?: string;
  className?: string;
  preventScrollReset?: boolean;
  submit: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset={preventScrollReset} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <MenuError id={errorId} message={error} />
      {submit}
    </Form>
  );
}
