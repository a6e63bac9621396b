import { useCallback, useEffect, useRef, useState } from "react";
import { useLeaveGuard } from "~/components/ui/leave-guard";
import { CARD_FIELDS, sameCardValue, type CardDetailView, type CardField } from "~/lib/board";
import { updateCardSchema } from "~/lib/forms/board";
import { isVersionConflict } from "~/lib/problem";
import { sendBoardWrite, useBoardWrite, type BoardWriteAnswer } from "./board-writes";

/**
 * The card panel's fields save themselves (docs/decisions/016-never-lose-an-edit.md): the
 * title when it is left or on Enter, the description when it is left and after a pause in
 * typing, the priority at once, the due date at once (after a moment, so typing a year does
 * not save "0002"). Each save sends one field, with the value it had when the user started
 * changing it (its base), to the board's JSON API, as a board write (board-writes.ts: a
 * Remix fetcher, after which the card is read again once); the server refuses it (409,
 * `version_conflict`) if someone else changed that field since, and never touches the
 * fields the user did not change.
 *
 * What the user typed and has not saved is a draft: shown instead of the card's value, kept
 * in sessionStorage (a reload brings it back, and it is saved then), and held by the page's
 * leave guard: closing the panel or leaving the page saves it first. A field a teammate
 * changed while the user was typing is not saved by itself: the user chooses (save theirs
 * over it, which the server refuses once to show the latest version, or take the latest).
 */
export type FieldValues = Record<CardField, string>;

type Draft = {
  value: string;
  /** The card's value when the user started changing it (after a refusal: the version they reviewed). */
  base: string;
  /** The server refused it: someone else changed the field first. */
  conflict?: boolean;
  /** Saved as this version of the card: the draft goes once the page shows that version. */
  savedVersion?: number;
};
type Drafts = Partial<Record<CardField, Draft>>;

export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "restored" }
  | { kind: "failed"; message: string; conflict?: boolean; field?: CardField };

/** Milliseconds after the last change before a field saves by itself (none: the title waits for Enter or leaving it). */
const PAUSE: Partial<Record<CardField, number>> = { description: 2000, dueDate: 600, priority: 0 };
const BASE_NAME: Record<CardField, string> = {
  title: "baseTitle",
  description: "baseDescription",
  priority: "basePriority",
  dueDate: "baseDueDate",
};
export const NOT_SAVED_OFFLINE = "Not saved: the server could not be reached. Your text is kept here; save again when you are back online.";
export const NOT_SAVED_HELD = "Not saved yet: someone else changed this card while you were editing. Choose which version to keep above.";

export function fieldsOf(card: Pick<CardDetailView, CardField>): FieldValues {
  return { title: card.title, description: card.description, priority: card.priority, dueDate: card.dueDate ?? "" };
}

const isDirty = (field: CardField, d: Draft | undefined) => !!d && !sameCardValue(field, d.value, d.base);
const storageKey = (cardId: string) => `atelier:card-draft:${cardId}`;

/** What one field's value would be refused for, by the same schema the server parses with. */
function problemWith(field: CardField, value: string): string | null {
  const parsed = updateCardSchema.shape[field].safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Check this field.");
}

type SaveAnswer = { ok: true; version?: number } | { ok: false; conflict: boolean; message: string; field?: string };

/** One field's save: the intent's fields, with the version and the value the user started from. */
function fieldForm(card: { id: string; version: number }, field: CardField, value: string, base: string) {
  const body = new FormData();
  body.set("intent", "update-card");
  body.set("cardId", card.id);
  body.set("version", String(card.version));
  body.set(field, value);
  body.set(BASE_NAME[field], base);
  return body;
}

/** The server's answer as the panel says it. */
function saveAnswer(answer: BoardWriteAnswer): SaveAnswer {
  if (answer.ok) return { ok: true, version: answer.version };
  if (answer.offline) return { ok: false, conflict: false, message: NOT_SAVED_OFFLINE };
  const { problem } = answer;
  return {
    ok: false,
    conflict: isVersionConflict(problem),
    message: problem?.detail ?? `Not saved: the server answered ${answer.status}.`,
    field: problem?.errors?.[0]?.field,
  };
}

export function useCardAutosave({
  projectId,
  card,
  enabled,
  initial,
}: {
  projectId: string;
  card: CardDetailView;
  /** With JavaScript and the right to edit: fields save themselves. */
  enabled: boolean;
  /** Drafts the page starts with (what a refused plain-form post carried). */
  initial: () => Drafts;
}) {
  const write = useBoardWrite(projectId);
  const [drafts, setDraftState] = useState<Drafts>(initial);
  const draftsRef = useRef(drafts);
  const setDrafts = useCallback((next: (d: Drafts) => Drafts) => {
    draftsRef.current = next(draftsRef.current);
    setDraftState(draftsRef.current);
  }, []);
  const [status, setStatus] = useState<SaveStatus>({ kind: "idle" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});
  const [conflictMessage, setConflictMessage] = useState<string | null>(null);
  const cardRef = useRef(card);
  cardRef.current = card;
  const now = fieldsOf(card);

  const timers = useRef<Partial<Record<CardField, ReturnType<typeof setTimeout>>>>({});
  const queue = useRef<{
    fields: Set<CardField>;
    explicit: Set<CardField>;
    /** The field whose request is on its way. */
    sending: CardField | null;
    /** Fields whose last save failed, with why: "Card saved." waits until none is left. */
    failures: Map<CardField, SaveStatus & { kind: "failed" }>;
    running: Promise<void> | null;
  }>({ fields: new Set(), explicit: new Set(), sending: null, failures: new Map(), running: null });

  /** A field a teammate changed after the user started on it (before or after the server said so). */
  const heldBy = (field: CardField, d: Draft | undefined, values: FieldValues) =>
    isDirty(field, d) && (!!d!.conflict || !sameCardValue(field, d!.base, values[field]));

  /** The form's status once a field's save is over: the latest failure still standing, else saved. */
  const settle = useCallback((field: CardField, failure: (SaveStatus & { kind: "failed" }) | null) => {
    const { failures } = queue.current;
    if (failure) failures.set(field, failure);
    else failures.delete(field);
    const standing = [...failures.values()].pop();
    setStatus(standing ?? { kind: "saved" });
  }, []);

  const run = useCallback(async () => {
    const q = queue.current;
    while (q.fields.size > 0) {
      const field = q.fields.values().next().value as CardField;
      q.fields.delete(field);
      const explicit = q.explicit.delete(field);
      const d = draftsRef.current[field];
      const latest = cardRef.current;
      const values = fieldsOf(latest);
      if (!d || !isDirty(field, d)) continue;
      if (heldBy(field, d, values) && !explicit) continue;
      const problem = problemWith(field, d.value);
      if (problem) {
        setFieldErrors((e) => ({ ...e, [field]: problem }));
        continue;
      }
      // Saving after the refusal replaces the version the user was shown (the card as it is now).
      const base = d.conflict ? values[field] : d.base;
      const sent = d.value;
      setStatus({ kind: "saving" });
      q.sending = field;
      const answer = saveAnswer(await write(fieldForm(latest, field, sent, base), "card-field"));
      q.sending = null;
      if (answer.ok) {
        setFieldErrors((e) => ({ ...e, [field]: undefined }));
        setDrafts((all) => {
          const cur = all[field];
          return { ...all, [field]: { value: cur?.value ?? sent, base: sent, savedVersion: answer.version } };
        });
        settle(field, null);
      } else if (answer.conflict) {
        // The write's refusal reads the card again (board-writes.ts): the version the user is asked to review.
        setDrafts((all) => (all[field] ? { ...all, [field]: { ...all[field]!, conflict: true } } : all));
        setConflictMessage(answer.message);
        settle(field, { kind: "failed", message: answer.message, conflict: true });
      } else {
        const own = answer.field === field;
        if (own) setFieldErrors((e) => ({ ...e, [field]: answer.message }));
        settle(field, { kind: "failed", message: answer.message, ...(own ? { field } : {}) });
      }
    }
    // What was saved comes back with the card's next read: the board's live event, or the write's own revalidation.
  }, [write, setDrafts, settle]);

  /** Saves `fields` (one after another, one request each); resolves when the queue is empty. */
  const save = useCallback(
    (fields: CardField[], explicit = false) => {
      const q = queue.current;
      for (const f of fields) {
        clearTimeout(timers.current[f]);
        q.fields.add(f);
        // Asked again while that field's save is on its way: the user has not seen its answer, so it is no choice over a refusal.
        if (explicit && q.sending !== f) q.explicit.add(f);
      }
      if (!q.running) {
        q.running = (async () => {
          try {
            // A save requested while one is on its way waits for it, then goes with the rest.
            while (q.fields.size > 0) await run();
          } finally {
            q.running = null;
          }
        })();
      }
      return q.running;
    },
    [run],
  );

  const unsavedFields = () => CARD_FIELDS.filter((f) => isDirty(f, draftsRef.current[f]));

  /** Saves every unsaved field that may save by itself; true once nothing is left unsaved. */
  const flush = useCallback(async () => {
    await save(unsavedFields());
    await queue.current.running;
    const left = unsavedFields();
    if (left.length > 0 && !left.some((f) => fieldErrors[f])) {
      const values = fieldsOf(cardRef.current);
      if (left.some((f) => heldBy(f, draftsRef.current[f], values))) setStatus({ kind: "failed", message: NOT_SAVED_HELD });
    }
    return left.length === 0;
  }, [save, fieldErrors]);

  // The page's data moved on: drafts that are saved and shown, or that the card now holds anyway, go.
  useEffect(() => {
    const values = fieldsOf(card);
    setDrafts((all) => {
      let next = all;
      for (const f of CARD_FIELDS) {
        const d = all[f];
        if (!d) continue;
        const echoed = !isDirty(f, d) && (d.savedVersion === undefined || card.version >= d.savedVersion);
        const alreadyThere = isDirty(f, d) && sameCardValue(f, d.value, values[f]);
        if (echoed || alreadyThere) {
          next = { ...next };
          delete next[f];
        }
      }
      return next;
    });
  }, [card, setDrafts]);

  // Unsaved text survives a reload in this tab; a draft from before the reload comes back and is saved.
  useEffect(() => {
    if (!enabled) return;
    let stored: Record<string, { value: string; base: string }> | null = null;
    try {
      stored = JSON.parse(sessionStorage.getItem(storageKey(card.id)) ?? "null");
    } catch {
      stored = null;
    }
    if (!stored) return;
    const values = fieldsOf(cardRef.current);
    const back = CARD_FIELDS.filter((f) => {
      const s = stored![f];
      return s && typeof s.value === "string" && typeof s.base === "string" && !sameCardValue(f, s.value, values[f]);
    });
    if (back.length === 0) return;
    setDrafts((all) => {
      const next = { ...all };
      for (const f of back) next[f] = { value: stored![f]!.value, base: stored![f]!.base };
      return next;
    });
    setStatus({ kind: "restored" });
    void save(back);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the panel opens
  }, [enabled, card.id]);

  useEffect(() => {
    if (!enabled) return;
    const unsaved = CARD_FIELDS.filter((f) => isDirty(f, drafts[f]));
    try {
      if (unsaved.length === 0) sessionStorage.removeItem(storageKey(card.id));
      else
        sessionStorage.setItem(
          storageKey(card.id),
          JSON.stringify(Object.fromEntries(unsaved.map((f) => [f, { value: drafts[f]!.value, base: drafts[f]!.base }]))),
        );
    } catch {
      // storage full or refused: the leave guard still asks before a reload
    }
  }, [drafts, enabled, card.id]);

  useEffect(
    () => () => {
      for (const t of Object.values(timers.current)) clearTimeout(t);
    },
    [],
  );

  useLeaveGuard({
    scope: "address",
    unsaved: () => enabled && unsavedFields().length > 0,
    busy: () => !!queue.current.running,
    flush,
    pageHide: () => {
      // The user chose to leave: send what may save by itself (the draft in sessionStorage stays for a reload).
      // A plain request that outlives the page (keepalive): the page's router, and its fetchers, are going away.
      const latest = cardRef.current;
      const values = fieldsOf(latest);
      for (const f of unsavedFields()) {
        const d = draftsRef.current[f]!;
        if (!heldBy(f, d, values) && !problemWith(f, d.value)) {
          void sendBoardWrite(projectId, fieldForm(latest, f, d.value, d.base), { keepalive: true });
        }
      }
    },
  });

  /** The user changed a field: a draft from the value the card had, saved by itself after the field's pause. */
  const edit = (field: CardField, value: string) => {
    setDrafts((all) => {
      const d = all[field];
      return { ...all, [field]: { ...d, value, base: d ? d.base : fieldsOf(cardRef.current)[field] } };
    });
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: undefined }));
    if (status.kind === "saved" || status.kind === "restored") setStatus({ kind: "idle" });
    clearTimeout(timers.current[field]);
    const pause = PAUSE[field];
    if (!enabled || pause === undefined) return;
    if (pause === 0) void save([field]);
    else timers.current[field] = setTimeout(() => void save([field]), pause);
  };

  /** Lets go of the user's text for `fields` (all by default): they show the card as it is now. */
  const discard = (fields: readonly CardField[] = CARD_FIELDS) => {
    for (const f of fields) {
      clearTimeout(timers.current[f]);
      queue.current.failures.delete(f);
    }
    setDrafts((all) => {
      const next = { ...all };
      for (const f of fields) delete next[f];
      return next;
    });
    setFieldErrors((e) => {
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });
    setStatus({ kind: "idle" });
  };

  const shown = Object.fromEntries(CARD_FIELDS.map((f) => [f, drafts[f]?.value ?? now[f]])) as FieldValues;
  const unsaved = CARD_FIELDS.filter((f) => isDirty(f, drafts[f]));
  return {
    shown,
    drafts,
    status,
    fieldErrors,
    unsaved,
    /** Fields a teammate changed while the user was typing, the server not asked yet. */
    changedUnderneath: unsaved.filter((f) => !drafts[f]!.conflict && !sameCardValue(f, drafts[f]!.base, now[f])),
    /** Fields the server refused: someone else changed them first. */
    conflicts: unsaved.filter((f) => drafts[f]!.conflict),
    edit,
    /** Why the server refused the fields in `conflicts`. */
    conflictMessage,
    /** Leaving a field: save it now (a field a teammate changed waits for the user's choice; Enter in the title is that choice). */
    commit: (field: CardField, explicit = false) => void save([field], explicit),
    /** "Save changes": every unsaved field, a teammate's change or not (the server refuses a first time to show theirs). */
    saveAll: () => void save(unsavedFields(), true),
    discard,
  };
}
