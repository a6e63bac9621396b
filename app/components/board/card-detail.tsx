import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ATTACHMENT_INTENTS, CardAttachments } from "./card-attachments";
import type { AttachmentView, BoardColumnView, LabelView, MemberView, Priority } from "./types";
import { LABEL_COLOR_NAMES, LABEL_STYLES, PRIORITY_LABELS } from "./types";

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
  cardTitle?: string | null;
  cardNumber?: number | null;
};

type ActionError = { intent: string; message: string; field?: string; values?: Record<string, string> } | null;

/**
 * The card's own view, at `?task=<id>`: every control is a plain form, so it all works
 * without JavaScript, including the move control (column and position).
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [card.id]);
  const column = columns.find((c) => c.id === card.columnId);
  const editError = error?.intent === "update-card" ? error : null;
  const v = (name: string, fallback: string) => (editError?.values?.[name] ?? fallback);
  const inputCls = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm disabled:bg-slate-50";

  return (
    <aside
      aria-labelledby="card-detail-title"
      className="fixed inset-y-0 right-0 z-40 flex w-full max-w-xl flex-col overflow-y-auto border-l border-slate-200 bg-white shadow-2xl"
      onKeyDown={(e) => {
        if (e.key === "Escape") (document.querySelector("#card-detail-close") as HTMLAnchorElement | null)?.click();
      }}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-5 py-3">
        <p className="text-sm text-slate-600">
          #{card.number} · {column?.name ?? "Unknown column"}
        </p>
        <Link id="card-detail-close" to={closeHref} preventScrollReset className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close card">
          ✕
        </Link>
      </div>
      <div className="space-y-6 px-5 py-4">
        <h2 id="card-detail-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {card.title}
        </h2>
        {error && error.intent !== "update-card" && !ATTACHMENT_INTENTS.includes(error.intent) ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error.message}
          </p>
        ) : null}

        <Form method="post" preventScrollReset className="space-y-3" aria-label="Edit card">
          <input type="hidden" name="intent" value="update-card" />
          <input type="hidden" name="cardId" value={card.id} />
          <input type="hidden" name="version" value={card.version} />
          {editError ? (
            <p role="alert" id="edit-card-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {editError.message}
            </p>
          ) : null}
          <label className="block text-sm font-medium text-slate-700">
            Title
            <input name="title" required maxLength={200} defaultValue={v("title", card.title)} disabled={!canEdit} className={inputCls}
              aria-invalid={editError?.field === "title" || undefined} aria-describedby={editError ? "edit-card-error" : undefined} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Description
            <textarea name="description" rows={5} defaultValue={v("description", card.description)} disabled={!canEdit} className={inputCls} />
          </label>
          <div className="grid grid-cols-2 gap-3">
            <label className="block text-sm font-medium text-slate-700">
              Priority
              <select aria-label="Priority" name="priority" defaultValue={v("priority", card.priority)} disabled={!canEdit} className={inputCls}>
                {(Object.keys(PRIORITY_LABELS) as Priority[]).map((p) => (
                  <option key={p} value={p}>
                    {PRIORITY_LABELS[p]}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Due date
              <input type="date" name="dueDate" defaultValue={v("dueDate", card.dueDate ?? "")} disabled={!canEdit} className={inputCls}
                aria-invalid={editError?.field === "dueDate" || undefined} />
            </label>
          </div>
          {canEdit ? (
            <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Save changes
            </button>
          ) : null}
        </Form>

        {canEdit ? (
          <Form method="post" preventScrollReset className="rounded-lg border border-slate-200 p-3" aria-label="Move card">
            <input type="hidden" name="intent" value="move-card" />
            <input type="hidden" name="cardId" value={card.id} />
            <p className="text-sm font-medium text-slate-700">Move</p>
            <div className="mt-2 flex flex-wrap items-end gap-2">
              <label className="text-xs font-medium text-slate-600">
                Column
                <select aria-label="Column" name="toColumnId" defaultValue={card.columnId} className="mt-1 block rounded border border-slate-300 px-2 py-1 text-sm">
                  {columns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-xs font-medium text-slate-600">
                Position
                <input aria-label="Position" name="index" type="number" min={1} defaultValue={1} className="mt-1 block w-20 rounded border border-slate-300 px-2 py-1 text-sm" />
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
            <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="create-label" />
              <input type="hidden" name="cardId" value={card.id} />
              <label className="text-xs font-medium text-slate-600">
                New label
                <input name="name" required maxLength={40} className="mt-1 block w-36 rounded border border-slate-300 px-2 py-1 text-sm" />
              </label>
              <label className="text-xs font-medium text-slate-600">
                Colour
                <select aria-label="Colour" name="color" defaultValue="indigo" className="mt-1 block rounded border border-slate-300 px-2 py-1 text-sm">
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
                  <button type="submit" disabled={!canEdit} aria-pressed={item.done} aria-label={`${item.done ? "Uncheck" : "Check"} ${item.text}`}
                    className="flex h-5 w-5 items-center justify-center rounded border border-slate-400 text-xs">
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
            <Form method="post" preventScrollReset className="mt-2 flex gap-2">
              <input type="hidden" name="intent" value="add-checklist-item" />
              <input type="hidden" name="cardId" value={card.id} />
              <label className="sr-only" htmlFor="new-checklist-item">
                New checklist item
              </label>
              <input id="new-checklist-item" name="text" required maxLength={300} placeholder="Add an item" className="flex-1 rounded border border-slate-300 px-2 py-1 text-sm" />
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
                  <time dateTime={new Date(c.createdAt).toISOString()}>{new Date(c.createdAt).toLocaleString("en-US", { timeZone: "UTC" })}</time>
                </p>
                <p className="mt-1 whitespace-pre-wrap text-slate-800">{c.body}</p>
              </li>
            ))}
          </ol>
          {canEdit ? (
            <Form method="post" preventScrollReset className="mt-2 space-y-2">
              <input type="hidden" name="intent" value="add-comment" />
              <input type="hidden" name="cardId" value={card.id} />
              <label htmlFor="new-comment" className="sr-only">
                Write a comment
              </label>
              <textarea id="new-comment" name="body" required rows={3} maxLength={10000} placeholder="Write a comment" className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
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
            Created {new Date(card.createdAt).toLocaleDateString("en-US", { timeZone: "UTC" })}
            {card.startedAt ? ` · started ${new Date(card.startedAt).toLocaleDateString("en-US", { timeZone: "UTC" })}` : ""}
            {card.completedAt ? ` · completed ${new Date(card.completedAt).toLocaleDateString("en-US", { timeZone: "UTC" })}` : ""}
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
  );
}

export function describeActivity(a: ActivityView): string {
  const field = a.field ? a.field.replace("dueDate", "due date") : "";
  const val = (x: unknown) => (x === null || x === undefined || x === "" ? "nothing" : typeof x === "object" ? JSON.stringify(x) : String(x));
  switch (a.action) {
    case "card.created":
      return "created the card";
    case "card.moved":
      return `moved it from ${val(a.oldValue)} to ${val(a.newValue)}`;
    case "card.updated":
      return `changed ${field} from ${truncate(val(a.oldValue))} to ${truncate(val(a.newValue))}`;
    case "card.assigned":
      return `assigned ${val(a.newValue)}`;
    case "card.unassigned":
      return `unassigned ${val(a.oldValue)}`;
    case "card.labelled":
      return `added label ${val(a.newValue)}`;
    case "card.unlabelled":
      return `removed label ${val(a.oldValue)}`;
    case "checklist.added":
      return `added checklist item "${truncate(val(a.newValue))}"`;
    case "checklist.checked":
      return `checked "${truncate(val(a.oldValue))}"`;
    case "checklist.unchecked":
      return `unchecked "${truncate(val(a.oldValue))}"`;
    case "checklist.removed":
      return `removed checklist item "${truncate(val(a.oldValue))}"`;
    case "comment.added":
      return "commented";
    case "attachment.added":
      return `attached ${truncate(val(a.newValue))}`;
    case "attachment.removed":
      return `deleted the file ${truncate(val(a.oldValue))}`;
    case "card.deleted":
      return `deleted card ${(a.oldValue as { title?: string } | null)?.title ?? ""}`;
    case "project.created":
      return "created the project";
    case "project.updated":
      return `changed the project's ${field}`;
    case "project.archived":
      return "archived the project";
    case "project.restored":
      return "restored the project";
    case "column.added":
      return `added column ${val(a.newValue)}`;
    case "column.renamed":
      return `renamed column ${val(a.oldValue)} to ${val(a.newValue)}`;
    case "column.deleted":
      return `deleted column ${val(a.oldValue)}`;
    default:
      return a.action.replace(".", " ");
  }
}

function truncate(s: string, n = 60) {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

export function ActivityList({ items, withCard = false }: { items: ActivityView[]; withCard?: boolean }) {
  if (items.length === 0) return <p className="mt-2 text-sm text-slate-500">No activity yet.</p>;
  return (
    <ol className="mt-2 space-y-2">
      {items.map((a) => (
        <li key={a.id} className="text-sm text-slate-700">
          <strong className="font-medium text-slate-900">{a.actorName || a.actorEmail || "Someone"}</strong> {describeActivity(a)}
          {withCard && a.cardNumber ? <span className="text-slate-500"> · #{a.cardNumber} {a.cardTitle}</span> : null}
          <span className="block text-xs text-slate-500">
            <time dateTime={new Date(a.createdAt).toISOString()}>{new Date(a.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
