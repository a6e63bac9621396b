import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ActivityList, type ActivityView } from "~/components/activity/activity-list";
import { keepFocusInside } from "~/components/ui/focus-trap";
import { saveBeforeClosing } from "~/components/ui/leave-guard";
import { useHydrated } from "~/components/ui/form";
import type { BoardColumnView, CardDetailView, LabelView, MemberView } from "~/lib/board";
import { formatDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { postedValues, type BoardFailure } from "~/lib/forms/board";
import { SCREEN_LINK_INTENTS } from "~/lib/forms/card-links";
import { ATTACHMENT_INTENTS, CardAttachments } from "./card-attachments";
import { CardEditForm } from "./card-edit-form";
import { CardMoveForm } from "./card-move-form";
import { CardAssignees, CardChecklist, CardComments, CardLabels } from "./card-sections";
import { CardWireframeLinks } from "./card-wireframe-links";
import { CardPlanning } from "~/components/cycles/card-planning";
import { PLANNING_INTENTS } from "~/lib/forms/cycles";

/** Refusals the panel's own forms show beside their fields (the rest are said at the top of the panel). */
const SHOWN_IN_FORM = ["update-card", "move-card", ...ATTACHMENT_INTENTS, ...SCREEN_LINK_INTENTS, ...PLANNING_INTENTS];

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
  error: BoardFailure | null;
}) {
  const zone = useTimeZone();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [card.id]);
  useReturnFocusToCard(card.id);
  // Closing saves the card's fields first, and stays open (with the reason shown) if they could not be saved.
  const close = () => {
    void saveBeforeClosing().then((saved) => {
      if (saved) navigate(closeHref, { preventScrollReset: true });
    });
  };
  const column = columns.find((c) => c.id === card.columnId);
  const otherError = error && !SHOWN_IN_FORM.includes(error.intent) ? error : null;

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
            onClick={(e) => {
              e.preventDefault();
              close();
            }}
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
            error={error?.intent === "update-card" && postedValues(error).cardId === card.id ? error : null}
          />

          {canEdit ? (
            <CardMoveForm key={`move-${card.id}`} cardId={card.id} columnId={card.columnId} columns={columns} error={error} />
          ) : null}

          <CardPlanning cardId={card.id} canEdit={canEdit} error={error} />
          <CardAssignees card={card} members={members} canEdit={canEdit} />
          <CardLabels card={card} labels={labels} canEdit={canEdit} error={error} />
          <CardChecklist card={card} canEdit={canEdit} error={error} />
          <CardAttachments cardId={card.id} attachments={card.attachments} canEdit={canEdit} error={error} />
          <CardWireframeLinks cardId={card.id} canEdit={canEdit} error={error} />
          <CardComments card={card} members={members} canEdit={canEdit} error={error} />

          <section aria-labelledby="card-activity-h">
            <h3 id="card-activity-h" className="text-sm font-semibold text-slate-800">
              Activity
            </h3>
            <ActivityList items={activity} />
            <p className="mt-2 text-xs text-slate-500">
              Created {formatDay(card.createdAt, zone)}
              {card.startedAt ? ` · started ${formatDay(card.startedAt, zone)}` : ""}
              {card.completedAt ? ` · completed ${formatDay(card.completedAt, zone)}` : ""}
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
