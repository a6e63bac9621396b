import { Form } from "@remix-run/react";
import { LABEL_COLORS, type CardComment, type CardDetailView, type LabelView, type MemberView } from "~/lib/board";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { postedValues, type BoardFailure } from "~/lib/forms/board";
import type { MentionTarget } from "~/lib/mentions";
import { MentionTextarea } from "./mention-textarea";
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

const MARKDOWN =
  "mt-1 break-words text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_code]:rounded [&_code]:bg-slate-200 [&_code]:px-1 [&_code]:text-[0.85em] [&_del]:text-slate-500 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-200 [&_pre]:p-2 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:list-disc [&_ul]:pl-5 [&_.mention]:font-semibold [&_.mention]:text-brand-700";

export function CardComments({ card, members, canEdit, error }: Props & { members: MemberView[] }) {
  const commentForm = useClearAfterPost("add-comment", error);
  const typed = typedFor(error, card.id);
  const targets = members.map((m) => ({ id: m.id, name: m.fullName?.trim() || m.email.split("@")[0]! }));
  return (
    <section aria-labelledby="comments-h">
      <div className="flex items-center justify-between gap-2">
        <h3 id="comments-h" className="text-sm font-semibold text-slate-800">
          Comments
        </h3>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="watch-card" />
          <input type="hidden" name="cardId" value={card.id} />
          <input type="hidden" name="watching" value={card.watching ? "false" : "true"} />
          <button
            type="submit"
            aria-pressed={card.watching}
            title={card.watching ? "You hear of every comment on this card" : "Hear of every comment on this card"}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          >
            {card.watching ? "Watching" : "Watch"}
          </button>
        </Form>
      </div>
      {card.comments.length === 0 ? <p className="mt-2 text-sm text-slate-500">No comments yet.</p> : null}
      <ol className="mt-2 space-y-3">
        {card.comments.map((c) => (
          <CommentItem key={c.id} cardId={card.id} comment={c} members={targets} typed={typed} />
        ))}
      </ol>
      {canEdit ? (
        <Form ref={commentForm} method="post" preventScrollReset className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="add-comment" />
          <input type="hidden" name="cardId" value={card.id} />
          <label htmlFor="new-comment" className="sr-only">
            Write a comment
          </label>
          <MentionTextarea
            id="new-comment"
            name="body"
            required
            rows={3}
            maxLength={10000}
            members={targets}
            defaultValue={typed("add-comment").body ?? ""}
            placeholder="Write a comment"
            aria-describedby="comment-hint"
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <p id="comment-hint" className="text-xs text-slate-500">
            Markdown works: **bold**, _italic_, `code`, lists, &gt; quotes and links. Type @ to mention someone.
          </p>
          <button type="submit" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-900">
            Comment
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function CommentItem({
  cardId,
  comment: c,
  members,
  typed,
}: {
  cardId: string;
  comment: CardComment;
  members: MentionTarget[];
  typed: ReturnType<typeof typedFor>;
}) {
  const zone = useTimeZone();
  const refused = typed("edit-comment");
  const editOpen = refused.commentId === c.id;
  return (
    <li className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="text-xs text-slate-500">
        <strong className="font-semibold text-slate-700">{c.authorName || c.authorEmail || "Former member"}</strong> ·{" "}
        <time dateTime={new Date(c.createdAt).toISOString()}>{formatDateTime(c.createdAt, zone)}</time>
        {c.edited ? <span> · edited</span> : null}
      </p>
      {/* Sanitised on the server (app/.server/markdown.ts): raw HTML escaped, unsafe links dropped. */}
      <div className={MARKDOWN} dangerouslySetInnerHTML={{ __html: c.html }} />
      {c.canEdit || c.canDelete ? (
        <div className="mt-2 flex flex-wrap gap-3 text-xs">
          {c.canEdit ? (
            <details open={editOpen} className="w-full [&[open]>summary]:mb-2">
              <summary className="cursor-pointer font-medium text-slate-600 hover:text-slate-900">Edit</summary>
              <Form method="post" preventScrollReset className="space-y-2">
                <input type="hidden" name="intent" value="edit-comment" />
                <input type="hidden" name="cardId" value={cardId} />
                <input type="hidden" name="commentId" value={c.id} />
                <label htmlFor={`edit-comment-${c.id}`} className="sr-only">
                  Edit your comment
                </label>
                <MentionTextarea
                  id={`edit-comment-${c.id}`}
                  name="body"
                  required
                  rows={3}
                  maxLength={10000}
                  members={members}
                  defaultValue={editOpen ? (refused.body ?? c.text) : c.text}
                  className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                />
                <button type="submit" className="rounded-md bg-slate-800 px-3 py-1 text-xs font-semibold text-white hover:bg-slate-900">
                  Save comment
                </button>
              </Form>
            </details>
          ) : null}
          {c.canDelete ? (
            <details>
              <summary className="cursor-pointer font-medium text-slate-600 hover:text-red-700">Delete</summary>
              <Form method="post" preventScrollReset className="mt-2 flex items-center gap-2">
                <input type="hidden" name="intent" value="delete-comment" />
                <input type="hidden" name="cardId" value={cardId} />
                <input type="hidden" name="commentId" value={c.id} />
                <span className="text-slate-700">Delete this comment?</span>
                <button type="submit" className="rounded-md bg-red-700 px-3 py-1 text-xs font-semibold text-white hover:bg-red-800">
                  Delete comment
                </button>
              </Form>
            </details>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
