import { Form, Link, useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { useHydrated } from "~/components/ui/form";
import { describeActivity } from "~/lib/activity-text";
import { formatDateTime, formatDay } from "~/lib/dates";
import type { RootLoaderData } from "~/root";
import { ATTACHMENT_INTENTS, CardAttachments } from "./card-attachments";
import type { AttachmentView, BoardColumnView, LabelView, MemberView, Priority } from "./types";
import { PriorityOptions } from "./priority-options";
import { LABEL_COLOR_NAMES, LABEL_STYLES, PRIORITY_LABELS } from "./types";
import { useAfterPost, useClearAfterPost } from "./use-clear-after-post";

export type CardDetailView = {
  id: string;
  number: number;
  title: string;
  description: string;
  priority: Priority;
  dueDate: string | null;
  columnId: string;
  version: number;
  startedAt: string | Date | null;
  completedAt: string | Date | null;
  createdAt: string | Date;
  assigneeIds: string[];
  labelIds: string[];
  checklist: { id: string; text: string; done: boolean }[];
  comments: { id: string; body: string; createdAt: string | Date; authorName: string | null; authorEmail: string | null }[];
  attachments: AttachmentView[];
};

export type ActivityView = {
  id: number;
  action: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  createdAt: string | Date;
  actorName: string | null;
  actorEmail: string | null;
  actorId?: string | null;
  cardTitle?: string | null;
  cardNumber?: number | null;
};

type ActionError = { intent: string; message: string; status?: number; field?: string; values?: Record<string, string> } | null;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * The card's own view, at `?task=<id>`: every control is a plain form, so it all works
 * without JavaScript (a panel reached by a link, with a "Close card" link). With
 * JavaScript it is a modal side panel: a backdrop that closes it, focus kept inside,
 * Escape to close, and focus back on the card's link on the board once it is gone.
 */
export function CardDetail({
  card,
  columns,
  members,
  labels,
  activity,
  closeHref,
  canEdit,
  error,
}: {
  card: CardDetailView;
  columns: BoardColumnView[];
  members: MemberView[];
  labels: LabelView[];
  activity: ActivityView[];
  closeHref: string;
  canEdit: boolean;
  error: ActionError;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [card.id]);
  useReturnFocusToCard(card.id);
  const close = () => navigate(closeHref, { preventScrollReset: true });
  const column = columns.find((c) => c.id === card.columnId);
  const errorFor = (intent: string) => (error?.intent === intent && error.values?.cardId === card.id ? error : null);
  const labelForm = useClearAfterPost("create-label", error);
  const checklistForm = useClearAfterPost("add-checklist-item", error);
  const commentForm = useClearAfterPost("add-comment", error);
  const otherError = error && error.intent !== "update-card" && !ATTACHMENT_INTENTS.includes(error.intent) ? error : null;

  return (
    <div
      role={hydrated ? "dialog" : undefined}
      aria-modal={hydrated || undefined}
      aria-labelledby={hydrated ? "card-detail-title" : undefined}
      className={hydrated ? "fixed inset-0 z-40" : undefined}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) {
          e.preventDefault();
          close();
        } else if (e.key === "Tab" && panel.current) keepFocusInside(e, panel.current);
        // The board's "c" and "/" shortcuts would send focus behind the open panel.
        else if (e.key === "c" || e.key === "/") e.stopPropagation();
      }}
    >
      {hydrated ? (
        // Pointer users close by clicking beside the panel; keyboard users have Escape and the close link.
        <div
          aria-hidden="true"
          data-card-backdrop
          className="fixed inset-0 z-40 bg-slate-900/30"
          onMouseDown={(e) => e.preventDefault()}
          onClick={close}
        />
      ) : null}
      <aside
        ref={panel}
        aria-labelledby="card-detail-title"
        className="fixed inset-y-0 right-0 z-40 flex w-full max-w-xl flex-col overflow-y-auto border-l border-slate-200 bg-white shadow-2xl"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-5 py-3">
          <p className="text-sm text-slate-600">
            #{card.number} · {column?.name ?? "Unknown column"}
          </p>
          <Link
            id="card-detail-close"
            to={closeHref}
            preventScrollReset
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Close card"
          >
            ✕
          </Link>
        </div>
        <div className="space-y-6 px-5 py-4">
          <h2 id="card-detail-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {card.title}
          </h2>
          {otherError ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {otherError.message}
            </p>
          ) : null}

          <CardEditForm
            key={card.id}
            card={card}
            activity={activity}
            canEdit={canEdit}
            error={error?.intent === "update-card" && error.values?.cardId === card.id ? error : null}
          />

          {canEdit ? (
            <Form method="post" preventScrollReset className="rounded-lg border border-slate-200 p-3" aria-label="Move card">
              <input type="hidden" name="intent" value="move-card" />
              <input type="hidden" name="cardId" value={card.id} />
              <p className="text-sm font-medium text-slate-700">Move</p>
              <div className="mt-2 flex flex-wrap items-end gap-2">
                <label className="text-xs font-medium text-slate-600">
                  Column
                  <select
                    aria-label="Column"
                    name="toColumnId"
                    defaultValue={card.columnId}
                    className="mt-1 block rounded border border-slate-300 px-2 py-1 text-sm"
                  >
                    {columns.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-xs font-medium text-slate-600">
                  Position
                  <input
                    aria-label="Position"
                    name="index"
                    type="number"
                    min={1}
                    defaultValue={1}
                    className="mt-1 block w-20 rounded border border-slate-300 px-2 py-1 text-sm"
                  />
                </label>
                <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
                  Move card
                </button>
              </div>
            </Form>
          ) : null}

          <section aria-labelledby="assignees-h">
            <h3 id="assignees-h" className="text-sm font-semibold text-slate-800">
              Assignees
            </h3>
            <ul className="mt-2 space-y-1">
              {members.map((m) => {
                const on = card.assigneeIds.includes(m.id);
                return (
                  <li key={m.id} className="flex items-center justify-between text-sm">
                    <span>
                      {m.fullName || m.email} {on ? <span className="text-xs text-green-700">(assigned)</span> : null}
                    </span>
                    {canEdit ? (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="set-assignee" />
                        <input type="hidden" name="cardId" value={card.id} />
                        <input type="hidden" name="userId" value={m.id} />
                        <input type="hidden" name="assigned" value={on ? "false" : "true"} />
                        <button type="submit" className="rounded px-2 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50">
                          {on ? `Unassign ${m.fullName || m.email}` : `Assign ${m.fullName || m.email}`}
                        </button>
                      </Form>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="labels-h">
            <h3 id="labels-h" className="text-sm font-semibold text-slate-800">
              Labels
            </h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {labels.map((l) => {
                const on = card.labelIds.includes(l.id);
                return (
                  <li key={l.id}>
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="set-label" />
                      <input type="hidden" name="cardId" value={card.id} />
                      <input type="hidden" name="labelId" value={l.id} />
                      <input type="hidden" name="on" value={on ? "false" : "true"} />
                      <button
                        type="submit"
                        disabled={!canEdit}
                        aria-pressed={on}
                        className={`rounded px-2 py-0.5 text-xs font-medium ${LABEL_STYLES[l.color] ?? LABEL_STYLES.slate} ${on ? "ring-2 ring-slate-700" : "opacity-60"}`}
                      >
                        {l.name}
                      </button>
                    </Form>
                  </li>
                );
              })}
            </ul>
            {canEdit ? (
              <Form ref={labelForm} method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="create-label" />
                <input type="hidden" name="cardId" value={card.id} />
                <label className="text-xs font-medium text-slate-600">
                  New label
                  <input
                    name="name"
                    required
                    maxLength={40}
                    defaultValue={errorFor("create-label")?.values?.name ?? ""}
                    className="mt-1 block w-36 rounded border border-slate-300 px-2 py-1 text-sm"
                  />
                </label>
                <label className="text-xs font-medium text-slate-600">
                  Colour
                  <select
                    aria-label="Colour"
                    name="color"
                    defaultValue="indigo"
                    className="mt-1 block rounded border border-slate-300 px-2 py-1 text-sm"
                  >
                    {LABEL_COLOR_NAMES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="rounded border border-slate-300 px-2 py-1 text-xs font-medium">
                  Add label
                </button>
              </Form>
            ) : null}
          </section>

          <section aria-labelledby="checklist-h">
            <h3 id="checklist-h" className="text-sm font-semibold text-slate-800">
              Checklist {card.checklist.length ? `(${card.checklist.filter((i) => i.done).length}/${card.checklist.length})` : ""}
            </h3>
            <ul className="mt-2 space-y-1">
              {card.checklist.map((item) => (
                <li key={item.id} className="flex items-center gap-2 text-sm">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="toggle-checklist-item" />
                    <input type="hidden" name="cardId" value={card.id} />
                    <input type="hidden" name="itemId" value={item.id} />
                    <input type="hidden" name="done" value={item.done ? "false" : "true"} />
                    <button
                      type="submit"
                      disabled={!canEdit}
                      aria-pressed={item.done}
                      aria-label={`${item.done ? "Uncheck" : "Check"} ${item.text}`}
                      className="flex h-5 w-5 items-center justify-center rounded border border-slate-400 text-xs"
                    >
                      {item.done ? "✓" : ""}
                    </button>
                  </Form>
                  <span className={item.done ? "text-slate-500 line-through" : ""}>{item.text}</span>
                  {canEdit ? (
                    <Form method="post" preventScrollReset className="ml-auto">
                      <input type="hidden" name="intent" value="remove-checklist-item" />
                      <input type="hidden" name="cardId" value={card.id} />
                      <input type="hidden" name="itemId" value={item.id} />
                      <button type="submit" className="text-xs text-slate-500 hover:text-red-700" aria-label={`Remove ${item.text}`}>
                        Remove
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
            {canEdit ? (
              <Form ref={checklistForm} method="post" preventScrollReset className="mt-2 flex gap-2">
                <input type="hidden" name="intent" value="add-checklist-item" />
                <input type="hidden" name="cardId" value={card.id} />
                <label className="sr-only" htmlFor="new-checklist-item">
                  New checklist item
                </label>
                <input
                  id="new-checklist-item"
                  name="text"
                  required
                  maxLength={300}
                  defaultValue={errorFor("add-checklist-item")?.values?.text ?? ""}
                  placeholder="Add an item"
                  className="flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
                />
                <button type="submit" className="rounded border border-slate-300 px-2 py-1 text-xs font-medium">
                  Add item
                </button>
              </Form>
            ) : null}
          </section>

          <CardAttachments cardId={card.id} attachments={card.attachments} canEdit={canEdit} error={error} />

          <section aria-labelledby="comments-h">
            <h3 id="comments-h" className="text-sm font-semibold text-slate-800">
              Comments
            </h3>
            <ol className="mt-2 space-y-3">
              {card.comments.map((c) => (
                <li key={c.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="text-xs text-slate-500">
                    <strong className="font-semibold text-slate-700">{c.authorName || c.authorEmail || "Former member"}</strong> ·{" "}
                    <time dateTime={new Date(c.createdAt).toISOString()}>{formatDateTime(c.createdAt)}</time>
                  </p>
                  <p className="mt-1 whitespace-pre-wrap text-slate-800">{c.body}</p>
                </li>
              ))}
            </ol>
            {canEdit ? (
              <Form ref={commentForm} method="post" preventScrollReset className="mt-2 space-y-2">
                <input type="hidden" name="intent" value="add-comment" />
                <input type="hidden" name="cardId" value={card.id} />
                <label htmlFor="new-comment" className="sr-only">
                  Write a comment
                </label>
                <textarea
                  id="new-comment"
                  name="body"
                  required
                  rows={3}
                  maxLength={10000}
                  defaultValue={errorFor("add-comment")?.values?.body ?? ""}
                  placeholder="Write a comment"
                  className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                />
                <button type="submit" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-900">
                  Comment
                </button>
              </Form>
            ) : null}
          </section>

          <section aria-labelledby="card-activity-h">
            <h3 id="card-activity-h" className="text-sm font-semibold text-slate-800">
              Activity
            </h3>
            <ActivityList items={activity} />
            <p className="mt-2 text-xs text-slate-500">
              Created {formatDay(card.createdAt)}
              {card.startedAt ? ` · started ${formatDay(card.startedAt)}` : ""}
              {card.completedAt ? ` · completed ${formatDay(card.completedAt)}` : ""}
            </p>
          </section>

          {canEdit ? (
            <details className="rounded-lg border border-red-200 p-3">
              <summary className="cursor-pointer text-sm font-medium text-red-700">Delete this card</summary>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="delete-card" />
                <input type="hidden" name="cardId" value={card.id} />
                <p className="text-sm text-slate-600">The card, its checklist, comments and files are deleted. This cannot be undone.</p>
                <button type="submit" className="mt-2 rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700">
                  Delete card #{card.number}
                </button>
              </Form>
            </details>
          ) : null}
        </div>
      </aside>
    </div>
  );
}

type EditFields = { title: string; description: string; priority: Priority; dueDate: string };

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

/**
 * The card's fields. While nobody types, the form shows the card as it is now (a live
 * board revalidates it). From the first keystroke it holds the user's text and the
 * version they started from, so a teammate's save in between is a 409 to review, never
 * a silent overwrite; it lets go after a save, a discard, or taking the latest version.
 */
function CardEditForm({
  card,
  activity,
  canEdit,
  error,
}: {
  card: CardDetailView;
  activity: ActivityView[];
  canEdit: boolean;
  error: ActionError;
}) {
  const me = useRouteLoaderData<RootLoaderData>("root")?.user?.id ?? null;
  const location = useLocation();
  const [dismissed, setDismissed] = useState<ActionError>(null);
  const editError = error && error !== dismissed ? error : null;
  const conflict = editError?.status === 409;
  // baseVersion null: the user has the latest version in view (after a conflict), and saving replaces what is shown.
  const [draft, setDraft] = useState<{ values: EditFields; baseVersion: number | null } | null>(() =>
    editError?.values
      ? { values: typedFields(editError.values, card), baseVersion: conflict ? null : Number(editError.values.version) || card.version }
      : null,
  );
  const revalidator = useRevalidator();
  const title = useRef<HTMLInputElement>(null);

  const saving = useAfterPost("update-card", error, (failed) => {
    if (!failed) setDraft(null);
    else if (error?.status === 409) {
      setDraft((d) => ({ values: d?.values ?? typedFields(error.values ?? {}, card), baseVersion: null }));
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
    title.current?.focus();
  };
  const changedUnderneath = !!draft && !conflict && !saving && draft.baseVersion !== null && draft.baseVersion !== card.version;
  const latestChange = activity.find((a) => a.action === "card.updated" || a.action === "card.moved");
  const who = !latestChange || (me && latestChange.actorId === me) ? null : latestChange.actorName || latestChange.actorEmail;
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
    <Form method="post" preventScrollReset className="space-y-3" aria-label="Edit card">
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
      {editError ? (
        <div role="alert" id="edit-card-error" className="space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{editError.message}</p>
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
          ref={title}
          name="title"
          required
          maxLength={200}
          value={shown.title}
          onChange={edit("title")}
          disabled={!canEdit}
          className={inputCls}
          aria-invalid={editError?.field === "title" || undefined}
          aria-describedby={editError ? "edit-card-error" : undefined}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Description
        <textarea
          name="description"
          rows={5}
          value={shown.description}
          onChange={edit("description")}
          disabled={!canEdit}
          className={inputCls}
        />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="block text-sm font-medium text-slate-700">
          Priority
          <select
            aria-label="Priority"
            name="priority"
            value={shown.priority}
            onChange={edit("priority")}
            disabled={!canEdit}
            className={inputCls}
          >
            <PriorityOptions />
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Due date
          <input
            type="date"
            name="dueDate"
            value={shown.dueDate}
            onChange={edit("dueDate")}
            disabled={!canEdit}
            className={inputCls}
            aria-invalid={editError?.field === "dueDate" || undefined}
          />
        </label>
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

/** Tab and Shift+Tab wrap around inside the panel instead of reaching the board behind it. */
function keepFocusInside(e: ReactKeyboardEvent, container: HTMLElement) {
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(reachable);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === container)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && active === last) {
    e.preventDefault();
    first.focus();
  } else if (!(active instanceof Node) || !container.contains(active)) {
    e.preventDefault();
    first.focus();
  }
}

/** Shown and not folded away in a closed <details> (whose content still has boxes in Chrome). */
function reachable(el: HTMLElement): boolean {
  if (el.getClientRects().length === 0) return false;
  for (let d = el.parentElement?.closest("details"); d; d = d.parentElement?.closest("details")) {
    if (!d.open && !(el.tagName === "SUMMARY" && el.parentElement === d)) return false;
  }
  return true;
}

/** When the panel goes away and took the focus with it, focus goes back to the card's link on the board. */
function useReturnFocusToCard(cardId: string) {
  useEffect(
    () => () => {
      requestAnimationFrame(() => {
        const link =
          document.querySelector<HTMLElement>(`[data-card-link="${CSS.escape(cardId)}"]`) ??
          document.querySelector<HTMLElement>(`a[href*="task=${CSS.escape(cardId)}"]`);
        const active = document.activeElement;
        // Focus that moved on to something else (another card's panel, a page) stays there.
        if (!link || (active && active !== document.body && active.isConnected && !active.contains(link))) return;
        link.focus();
      });
    },
    [cardId],
  );
}

export function ActivityList({ items, withCard = false }: { items: ActivityView[]; withCard?: boolean }) {
  if (items.length === 0) return <p className="mt-2 text-sm text-slate-500">No activity yet.</p>;
  return (
    <ol className="mt-2 space-y-2">
      {items.map((a) => (
        <li key={a.id} className="text-sm text-slate-700">
          <strong className="font-medium text-slate-900">{a.actorName || a.actorEmail || "Someone"}</strong>{" "}
          {describeActivity(a, { withCard })}
          <span className="block text-xs text-slate-500">
            <time dateTime={new Date(a.createdAt).toISOString()}>{formatDateTime(a.createdAt)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
