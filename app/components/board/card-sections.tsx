import { Form } from "@remix-run/react";
import { LABEL_COLORS, type CardDetailView, type LabelView, type MemberView } from "~/lib/board";
import { formatDateTime } from "~/lib/dates";
import { postedValues, type BoardFailure } from "~/lib/forms/board";
import { labelStyle } from "./styles";
import { useClearAfterPost } from "./use-clear-after-post";

/**
 * The card panel's parts, each a handful of plain forms (they work without JavaScript):
 * assignees, labels, the checklist, comments. A box that posts text empties once its post
 * has landed, and keeps the text beside the message when the post was refused.
 */
type Props = { card: CardDetailView; canEdit: boolean; error: BoardFailure | null };

/** What the user had typed into this card's `intent` form, when the page shows that form's refusal. */
function typedFor(error: BoardFailure | null, cardId: string) {
  return (intent: string) => {
    const posted = error?.intent === intent ? postedValues(error) : {};
    return posted.cardId === cardId ? posted : {};
  };
}

export function CardAssignees({ card, members, canEdit }: Omit<Props, "error"> & { members: MemberView[] }) {
  return (
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
  );
}

export function CardLabels({ card, labels, canEdit, error }: Props & { labels: LabelView[] }) {
  const labelForm = useClearAfterPost("create-label", error);
  const typed = typedFor(error, card.id);
  return (
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
                  className={`rounded px-2 py-0.5 text-xs font-medium ${labelStyle(l.color)} ${on ? "ring-2 ring-slate-700" : "opacity-60"}`}
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
              defaultValue={typed("create-label").name ?? ""}
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
              {LABEL_COLORS.map((c) => (
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
  );
}

export function CardChecklist({ card, canEdit, error }: Props) {
  const checklistForm = useClearAfterPost("add-checklist-item", error);
  const typed = typedFor(error, card.id);
  return (
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
            defaultValue={typed("add-checklist-item").text ?? ""}
            placeholder="Add an item"
            className="flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
          />
          <button type="submit" className="rounded border border-slate-300 px-2 py-1 text-xs font-medium">
            Add item
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function CardComments({ card, canEdit, error }: Props) {
  const commentForm = useClearAfterPost("add-comment", error);
  const typed = typedFor(error, card.id);
  return (
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
            defaultValue={typed("add-comment").body ?? ""}
            placeholder="Write a comment"
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <button type="submit" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-900">
            Comment
          </button>
        </Form>
      ) : null}
    </section>
  );
}
