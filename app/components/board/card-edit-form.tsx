import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation, useParams, useRouteLoaderData } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import type { ActivityView } from "~/components/activity/activity-list";
import { messageOf, useSchemaForm } from "~/components/ui/conform";
import { useHydrated } from "~/components/ui/form";
import { isConformCheck } from "~/components/ui/use-form-draft";
import { CARD_FIELDS, PRIORITY_LABELS, sameCardValue, type CardDetailView, type CardField } from "~/lib/board";
import { formatDay } from "~/lib/dates";
import { failureReply, isConflictFailure, postedValues, updateCardSchema, type BoardFailure } from "~/lib/forms/board";
import type { RootLoaderData } from "~/root";
import { inputAttrs, otherMessages, selectAttrs, textareaAttrs } from "./form-attrs";
import { PriorityOptions } from "./priority-options";
import { fieldsOf, useCardAutosave } from "./use-card-autosave";

const BASE_FIELD: Record<CardField, "baseTitle" | "baseDescription" | "basePriority" | "baseDueDate"> = {
  title: "baseTitle",
  description: "baseDescription",
  priority: "basePriority",
  dueDate: "baseDueDate",
};

/**
 * The fields a refused plain-form post changed (each differs from the base it carried), as
 * drafts: the user's text stays in the form; after a 409 it is to be saved over the
 * version now shown. The fields the user did not change show the card as it is now.
 */
function draftsFromRefusal(error: BoardFailure | null, card: CardDetailView) {
  if (!error) return {};
  const posted = postedValues(error);
  const now = fieldsOf(card);
  const drafts: Partial<Record<CardField, { value: string; base: string; conflict?: boolean }>> = {};
  for (const f of CARD_FIELDS) {
    const value = posted[f];
    if (value === undefined) continue;
    const base = posted[BASE_FIELD[f]] ?? now[f];
    if (!sameCardValue(f, value, base)) drafts[f] = { value, base, conflict: isConflictFailure(error) };
  }
  return drafts;
}

/** conform's attributes for a field whose value the form holds itself (no default value). */
function controlled<T extends { defaultValue?: unknown }>(attrs: T): Omit<T, "defaultValue"> {
  const { defaultValue: _defaultValue, ...rest } = attrs;
  return rest;
}

/**
 * The card's fields (docs/decisions/016-never-lose-an-edit.md). With JavaScript each field
 * saves itself (`useCardAutosave`): the title on Enter or when left, the description when
 * left or after a pause in typing, priority and due date at once; "Saving…" and "Card
 * saved." say where it is, a refusal keeps the text beside its message, and closing the
 * panel or leaving the page saves first. A field a teammate changed while the user was
 * typing is not saved by itself: a notice offers their version, "Save changes" is refused
 * once with the latest version shown, then replaces it. Without JavaScript it is one plain
 * form with "Save changes"; every field goes with the value it was shown with, so the
 * server writes only those the user changed.
 */
export function CardEditForm({
  card,
  activity,
  canEdit,
  error,
}: {
  card: CardDetailView;
  activity: ActivityView[];
  canEdit: boolean;
  /** The board's refusal of this card's "update-card" post, if that is the page's refusal. */
  error: BoardFailure | null;
}) {
  const me = useRouteLoaderData<RootLoaderData>("root")?.user?.id ?? null;
  const location = useLocation();
  const projectId = useParams().id ?? "";
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState<BoardFailure | null>(null);
  const editError = error && error !== dismissed ? error : null;
  const [form, fields] = useSchemaForm(updateCardSchema, {
    disableAutoCoercion: true,
    id: `edit-card-${card.id}`,
    lastResult: failureReply(error, "update-card", { cardId: card.id }),
  });
  const autosave = useCardAutosave({
    projectId,
    card,
    enabled: hydrated && canEdit,
    initial: () => draftsFromRefusal(editError, card),
  });
  const { shown, drafts, status } = autosave;
  const formProps = getFormProps(form);
  const now = fieldsOf(card);

  const edit = (name: CardField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    autosave.edit(name, e.currentTarget.value);
  // Leaving a field saves it; the window losing focus (another app, another tab) leaves it focused and saves nothing yet.
  const leave = (name: CardField) => (e: React.FocusEvent<HTMLElement>) => {
    if (document.activeElement !== e.currentTarget) autosave.commit(name);
  };
  const takeLatest = (which: readonly CardField[] = CARD_FIELDS) => {
    autosave.discard(which);
    setDismissed(error);
    document.getElementById(fields.title.id)?.focus();
  };
  const latestChange = activity.find((a) => a.action === "card.updated" || a.action === "card.moved");
  const who = !latestChange || (me && latestChange.actorId === me) ? null : latestChange.actorName || latestChange.actorEmail;
  // What no field shows (a conflict, a card that is gone): said above the fields, until the user takes the latest version.
  const formMessage =
    (editError ? otherMessages(form, [...CARD_FIELDS]) : null) ?? (autosave.conflicts.length ? autosave.conflictMessage : null);
  const conflict = isConflictFailure(editError) || autosave.conflicts.length > 0;
  const messageOfField = (f: CardField) => autosave.fieldErrors[f] ?? messageOf(fields[f]);
  const inputCls = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm disabled:bg-slate-50";
  // Without JavaScript the link reloads the card as it is now; with it, the form lets go of the user's text.
  const latestLink = (label: string, which: readonly CardField[]) => (
    <Link
      to={`${location.pathname}${location.search}`}
      preventScrollReset
      onClick={(e) => {
        e.preventDefault();
        takeLatest(which);
      }}
      className="font-medium text-brand-700 underline hover:text-brand-800"
    >
      {label}
    </Link>
  );
  // With JavaScript the fields save themselves; the button is there when they cannot (a teammate's change to review, a failure).
  const needsSave = autosave.unsaved.length > 0 && (autosave.changedUnderneath.length > 0 || conflict || status.kind === "failed");
  const showSave = canEdit && (!hydrated || needsSave);
  // A refusal said beside its field is not said again here.
  const failure = status.kind === "failed" && !status.conflict && !status.field ? status.message : null;

  return (
    <Form
      method="post"
      preventScrollReset
      className="space-y-3"
      aria-label="Edit card"
      {...formProps}
      // With JavaScript, "Save changes" saves every unsaved field through the same path as the fields themselves.
      {...(hydrated
        ? {
            onSubmit: (e: React.FormEvent<HTMLFormElement>) => {
              // conform checks a field by submitting the form with its own button: that is not a save.
              if (isConformCheck(e)) return formProps.onSubmit(e);
              e.preventDefault();
              autosave.saveAll();
            },
          }
        : {})}
    >
      <input type="hidden" name="intent" value="update-card" />
      <input type="hidden" name="cardId" value={card.id} />
      <input type="hidden" name="version" value={card.version} />
      {CARD_FIELDS.map((f) => {
        const d = drafts[f];
        // The value the user started from: saving it unchanged changes nothing; after a refusal, the version now shown.
        return <input key={f} type="hidden" name={BASE_FIELD[f]} value={d && !d.conflict ? d.base : now[f]} />;
      })}
      {autosave.changedUnderneath.length > 0 ? (
        <div role="alert" className="space-y-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>
            {who ? `${who} changed this card while you were editing.` : "This card changed while you were editing."} Your text is kept;
            saving will ask you to review.
          </p>
          <details>
            <summary className="cursor-pointer font-medium">See their version</summary>
            <LatestVersion card={card} />
          </details>
          <p>{latestLink("Use their version instead", autosave.changedUnderneath)}</p>
        </div>
      ) : null}
      {formMessage ? (
        <div role="alert" id="edit-card-error" className="space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{formMessage}</p>
          {conflict ? (
            <>
              <p className="font-medium">The latest version:</p>
              <LatestVersion card={card} />
              <p>Save to replace it with your text, or {latestLink("use the latest version", CARD_FIELDS)}.</p>
            </>
          ) : null}
        </div>
      ) : null}
      <label className="block text-sm font-medium text-slate-700">
        Title
        <input
          {...controlled(inputAttrs(fields.title, "text"))}
          required
          maxLength={200}
          value={shown.title}
          onChange={edit("title")}
          onBlur={leave("title")}
          onKeyDown={(e) => {
            if (e.key !== "Enter" || !hydrated) return;
            e.preventDefault();
            autosave.commit("title", true);
          }}
          disabled={!canEdit}
          className={inputCls}
        />
      </label>
      <FieldMessage id={fields.title.errorId} message={messageOfField("title")} />
      <label className="block text-sm font-medium text-slate-700">
        Description
        <textarea
          {...controlled(textareaAttrs(fields.description))}
          rows={5}
          value={shown.description}
          onChange={edit("description")}
          onBlur={leave("description")}
          disabled={!canEdit}
          className={inputCls}
        />
      </label>
      <FieldMessage id={fields.description.errorId} message={messageOfField("description")} />
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="block text-sm font-medium text-slate-700">
            Priority
            <select
              {...controlled(selectAttrs(fields.priority))}
              aria-label="Priority"
              value={shown.priority}
              onChange={edit("priority")}
              disabled={!canEdit}
              className={inputCls}
            >
              <PriorityOptions />
            </select>
          </label>
          <FieldMessage id={fields.priority.errorId} message={messageOfField("priority")} />
        </div>
        <div>
          <label className="block text-sm font-medium text-slate-700">
            Due date
            <input
              {...controlled(inputAttrs(fields.dueDate, "date"))}
              value={shown.dueDate}
              onChange={edit("dueDate")}
              onBlur={leave("dueDate")}
              disabled={!canEdit}
              className={inputCls}
            />
          </label>
          <FieldMessage id={fields.dueDate.errorId} message={messageOfField("dueDate")} />
        </div>
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {canEdit ? (
        <div className="flex min-h-5 items-center gap-3">
          {showSave ? (
            <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Save changes
            </button>
          ) : null}
          {hydrated && failure && autosave.unsaved.length > 0 ? (
            <button type="button" onClick={() => takeLatest()} className="text-sm font-medium text-slate-600 hover:text-slate-900">
              Discard changes
            </button>
          ) : null}
          <p role="status" className="text-xs text-slate-500" data-save-state={status.kind}>
            {status.kind === "saving"
              ? "Saving…"
              : status.kind === "saved"
                ? "Card saved."
                : status.kind === "restored"
                  ? "Restored what you had typed before the page reloaded."
                  : ""}
          </p>
        </div>
      ) : null}
    </Form>
  );
}

/** One field's message, under it; the field points at it (aria-describedby). */
function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** The card's fields as saved now, beside the user's unsaved text. */
function LatestVersion({ card }: { card: CardDetailView }) {
  const row = "grid grid-cols-[7rem_1fr] gap-2";
  return (
    <dl className="space-y-1 rounded border border-current/20 bg-white/60 px-2 py-1 text-slate-800">
      <div className={row}>
        <dt className="font-medium">Title</dt>
        <dd className="break-words">{card.title}</dd>
      </div>
      <div className={row}>
        <dt className="font-medium">Description</dt>
        <dd className="whitespace-pre-wrap break-words">{card.description || "None"}</dd>
      </div>
      <div className={row}>
        <dt className="font-medium">Priority</dt>
        <dd>{PRIORITY_LABELS[card.priority]}</dd>
      </div>
      <div className={row}>
        <dt className="font-medium">Due date</dt>
        <dd>{card.dueDate ? formatDay(card.dueDate) : "None"}</dd>
      </div>
    </dl>
  );
}
