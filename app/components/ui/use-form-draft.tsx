import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { buttonClass } from "./button-styles";
import { useLeaveGuard } from "./leave-guard";

/**
 * Never lose an edit, for the settings forms that keep their one Save button (project
 * settings, workspace settings, profile; docs/decisions/016-never-lose-an-edit.md): once
 * the user has typed in the form `formId`, its fields in `defaults` that differ from the
 * saved values are unsaved changes. They are kept in sessionStorage (a reload puts them
 * back, said by `DraftRestored`), and leaving the page with them asks first (the page's
 * leave guard). Saving (the page's data then matches) or discarding lets them go. The form
 * stays a plain form: without JavaScript none of this runs and nothing changes.
 */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The name of the button conform submits a form with to check its fields: such a submit saves nothing. */
export const CONFORM_INTENT_BUTTON = "__intent__";

export function isConformCheck(event: { nativeEvent?: Event } | Event): boolean {
  const native = "nativeEvent" in event && event.nativeEvent ? event.nativeEvent : (event as Event);
  return (native as SubmitEvent).submitter?.getAttribute("name") === CONFORM_INTENT_BUTTON;
}

export function useFormDraft(formId: string, defaults: Record<string, string>, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  const { pathname } = useLocation();
  const key = `atelier:form-draft:${pathname}:${formId}`;
  const [restored, setRestored] = useState(false);
  const touched = useRef(false);
  /** The form was submitted since the user last typed: new saved values mean it was saved (as the server keeps it). */
  const submitted = useRef(false);
  const saved = useRef(defaults);
  saved.current = defaults;

  const controls = useCallback(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return [];
    return Object.keys(saved.current)
      .map((name) => [name, form.elements.namedItem(name)] as const)
      .filter((pair): pair is readonly [string, Control] => pair[1] instanceof Element && "value" in pair[1]);
  }, [formId]);

  /** The fields the user changed from what is saved, or null. */
  const changes = useCallback(() => {
    if (!touched.current) return null;
    const changed = Object.fromEntries(
      controls()
        .filter(([name, el]) => el.value !== saved.current[name])
        .map(([name, el]) => [name, el.value]),
    );
    return Object.keys(changed).length ? changed : null;
  }, [controls]);

  const keep = useCallback(() => {
    try {
      const changed = changes();
      if (changed) sessionStorage.setItem(key, JSON.stringify(changed));
      else sessionStorage.removeItem(key);
    } catch {
      // storage refused: the leave guard still asks
    }
  }, [changes, key]);

  const put = (values: Record<string, string>) => {
    for (const [name, el] of controls()) {
      if (!(name in values) || el.value === values[name]) continue;
      el.value = values[name]!;
      // conform (and anything else listening) hears of it as of typing.
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
  };

  // Back after a reload: what the user had typed and not saved.
  useEffect(() => {
    if (!enabled) return;
    let draft: Record<string, string> | null = null;
    try {
      draft = JSON.parse(sessionStorage.getItem(key) ?? "null");
    } catch {
      draft = null;
    }
    if (!draft || typeof draft !== "object") return;
    const back = Object.fromEntries(
      Object.entries(draft).filter(([name, v]) => typeof v === "string" && name in saved.current && v !== saved.current[name]),
    );
    if (Object.keys(back).length === 0) return sessionStorage.removeItem(key);
    touched.current = true;
    put(back);
    setRestored(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form appears
  }, [enabled, key]);

  useEffect(() => {
    if (!enabled) return;
    const form = document.getElementById(formId);
    if (!form) return;
    const onInput = (event: Event) => {
      if (event.isTrusted) {
        touched.current = true;
        submitted.current = false;
      }
      keep();
    };
    const onSubmit = (event: Event) => {
      if (!isConformCheck(event)) submitted.current = true;
    };
    form.addEventListener("input", onInput);
    form.addEventListener("change", onInput);
    form.addEventListener("submit", onSubmit);
    return () => {
      form.removeEventListener("input", onInput);
      form.removeEventListener("change", onInput);
      form.removeEventListener("submit", onSubmit);
    };
  }, [enabled, formId, keep]);

  // New saved values: after the form was submitted, that is the save (the server may have tidied what was typed).
  const savedKey = JSON.stringify(defaults);
  useEffect(() => {
    if (!enabled) return;
    if (submitted.current) {
      submitted.current = false;
      touched.current = false;
    }
    keep();
    if (!changes()) setRestored(false);
  }, [enabled, savedKey, keep, changes]);

  useLeaveGuard({ unsaved: () => enabled && !!changes() });

  return {
    restored,
    discard: () => {
      put(saved.current);
      touched.current = false;
      setRestored(false);
      try {
        sessionStorage.removeItem(key);
      } catch {
        // nothing kept
      }
    },
  };
}

/** Said in a form whose unsaved changes came back after a reload, with a way to drop them. */
export function DraftRestored({ draft }: { draft: { restored: boolean; discard: () => void } }) {
  if (!draft.restored) return null;
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Your unsaved changes from before the page reloaded are back. Save to keep them.
      <button type="button" onClick={draft.discard} className={buttonClass("ghost", "sm")}>
        Discard them
      </button>
    </p>
  );
}
