import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import type { ActivityView } from "~/components/activity/activity-list";
import { PRIORITY_LABELS, type CardDetailView, type Priority } from "~/lib/board";
import { formatDay } from "~/lib/dates";
import { failureReply, postedValues, updateCardSchema, type BoardFailure } from "~/lib/forms/board";
import type { RootLoaderData } from "~/root";
import { PriorityOptions } from "./priority-options";
import { useAfterPost } from "./use-clear-after-post";
import { messageOf, useSchemaForm } from "~/components/ui/conform";
import { inputAttrs, otherMessages, selectAttrs, textareaAttrs } from "./form-attrs";

type EditFields = { title: string; description: string; priority: Priority; dueDate: string };
const SHOWN: (keyof EditFields)[] = ["title", "description", "priority", "dueDate"];

function fieldsOf(card: CardDetailView): EditFields {
  return { title: card.title, description: card.description, priority: card.priority, dueDate: card.dueDate ?? "" };
}

function typedFields(values: Record<string, string>, card: CardDetailView): EditFields {
  const now = fieldsOf(card);
  return {
    title: values.title ?? now.title,
    description: values.description ?? now.description,
    priority: (values.priority as Priority | undefined) ?? now.priority,
    dueDate: values.dueDate ?? now.dueDate,
  };
}

/** conform's attributes for a field whose value the form holds itself (no default value). */
function controlled<T extends { defaultValue?: unknown }>(attrs: T): Omit<T, "defaultValue"> {
  const { defaultValue: _defaultValue, ...rest } = attrs;
  return rest;
}

/**
 * The card's fields. While nobody types, the form shows the card as it is now (a live
 * board revalidates it). From the first keystroke it holds the user's text and the
 * version they started from, so a teammate's save in between is a 409 to review, never
 * a silent overwrite; it lets go after a save, a discard, or taking the latest version.
 * conform checks the fields as the server does and shows each one's message beside it.
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
  const [form, fields] = useSchemaForm(updateCardSchema, {
    disableAutoCoercion: true,
    id: `edit-card-${card.id}`,
    lastResult: failureReply(error, "update-card", { cardId: card.id }),
  });
  const [dismissed, setDismissed] = useState<BoardFailure | null>(null);
  const editError = error && error !== dismissed ? error : null;
  const conflict = editError?.status === 409;
  // baseVersion null: the user has the latest version in view (after a conflict), and saving replaces what is shown.
  const [draft, setDraft] = useState<{ values: EditFields; baseVersion: number | null } | null>(() => {
    if (!editError) return null;
    const typed = postedValues(editError);
    return { values: typedFields(typed, card), baseVersion: conflict ? null : Number(typed.version) || card.version };
  });
  const revalidator = useRevalidator();

  const saving = useAfterPost("update-card", error, (failed) => {
    if (!failed) setDraft(null);
    else if (error?.status === 409) {
      setDraft((d) => ({ values: d?.values ?? typedFields(postedValues(error), card), baseVersion: null }));
      // A refused action does not reload the page's data: fetch the version the user is asked to review.
      revalidator.revalidate();
    }
  });

  const shown = draft?.values ?? fieldsOf(card);
  const edit = (name: keyof EditFields) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = e.currentTarget.value;
    setDraft((d) => ({ values: { ...(d?.values ?? fieldsOf(card)), [name]: value }, baseVersion: d?.baseVersion ?? card.version }));
  };
  const takeLatest = () => {
    setDraft(null);
    setDismissed(error);
    document.getElementById(fields.title.id)?.focus();
  };
  const changedUnderneath = !!draft && !conflict && !saving && draft.baseVersion !== null && draft.baseVersion !== card.version;
  const latestChange = activity.find((a) => a.action === "card.updated" || a.action === "card.moved");
  const who = !latestChange || (me && latestChange.actorId === me) ? null : latestChange.actorName || latestChange.actorEmail;
  // What no field shows (a conflict, a card that is gone): said above the fields, until the user takes the latest version.
  const formMessage = editError ? otherMessages(form, SHOWN) : null;
  const inputCls = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm disabled:bg-slate-50";
  // Without JavaScript the link reloads the card as it is now; with it, the form lets go of the draft.
  const latestLink = (label: string) => (
    <Link
      to={`${location.pathname}${location.search}`}
      preventScrollReset
      onClick={(e) => {
        e.preventDefault();
        takeLatest();
      }}
      className="font-medium text-brand-700 underline hover:text-brand-800"
    >
      {label}
    </Link>
  );

  return (
    <Form method="post" preventScrollReset className="space-y-3" aria-label="Edit card" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="update-card" />
      <input type="hidden" name="cardId" value={card.id} />
      <input type="hidden" name="version" value={draft?.baseVersion ?? card.version} />
      {changedUnderneath ? (
        <div role="alert" className="space-y-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>
            {who ? `${who} changed this card while you were editing.` : "This card changed while you were editing."} Your text is kept;
            saving will ask you to review.
          </p>
          <details>
            <summary className="cursor-pointer font-medium">See their version</summary>
            <LatestVersion card={card} />
          </details>
          <p>{latestLink("Use their version instead")}</p>
        </div>
      ) : null}
      {formMessage ? (
        <div role="alert" id="edit-card-error" className="space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{formMessage}</p>
          {conflict ? (
            <>
              <p className="font-medium">The latest version:</p>
              <LatestVersion card={card} />
              <p>Save to replace it with your text, or {latestLink("use the latest version")}.</p>
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
          disabled={!canEdit}
          className={inputCls}
        />
      </label>
      <FieldMessage id={fields.title.errorId} message={messageOf(fields.title)} />
      <label className="block text-sm font-medium text-slate-700">
        Description
        <textarea
          {...controlled(textareaAttrs(fields.description))}
          rows={5}
          value={shown.description}
          onChange={edit("description")}
          disabled={!canEdit}
          className={inputCls}
        />
      </label>
      <FieldMessage id={fields.description.errorId} message={messageOf(fields.description)} />
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
          <FieldMessage id={fields.priority.errorId} message={messageOf(fields.priority)} />
        </div>
        <div>
          <label className="block text-sm font-medium text-slate-700">
            Due date
            <input
              {...controlled(inputAttrs(fields.dueDate, "date"))}
              value={shown.dueDate}
              onChange={edit("dueDate")}
              disabled={!canEdit}
              className={inputCls}
            />
          </label>
          <FieldMessage id={fields.dueDate.errorId} message={messageOf(fields.dueDate)} />
        </div>
      </div>
      {canEdit ? (
        <div className="flex items-center gap-3">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Save changes
          </button>
          {draft && !conflict && !changedUnderneath ? (
            <button type="button" onClick={takeLatest} className="text-sm font-medium text-slate-600 hover:text-slate-900">
              Discard changes
            </button>
          ) : null}
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
