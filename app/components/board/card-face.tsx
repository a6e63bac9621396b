import { Link } from "@remix-run/react";
import { forwardRef } from "react";
import { PRIORITY_LABELS, dueState, initials, type BoardCardView, type LabelView, type MemberView, type StateGroup } from "~/lib/board";
import { calendarDay, formatMonthDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { ShellIcon } from "~/components/shell/icons";
import { ScreenLinkCount } from "./card-wireframe-links";
import { CardPlanningMarks } from "~/components/cycles/card-planning";
import { labelStyle, PRIORITY_STYLES } from "./styles";

type Props = {
  card: BoardCardView;
  /** The state group of the column the card is in (a finished card is never overdue). */
  stateGroup: StateGroup;
  href: string;
  members: Map<string, MemberView>;
  labels: Map<string, LabelView>;
  handle?: React.ReactNode;
  dragging?: boolean;
  overlay?: boolean;
  style?: React.CSSProperties;
};

/** One card on the board: a link to its detail, and (with JavaScript) a drag handle. */
export const CardFace = forwardRef<HTMLLIElement, Props & React.HTMLAttributes<HTMLLIElement>>(function CardFace(
  { card, stateGroup, href, members, labels, handle, dragging, overlay, style, ...rest },
  ref,
) {
  const zone = useTimeZone();
  const due = dueState(card.dueDate, stateGroup, calendarDay(new Date(), zone));
  return (
    <li
      ref={ref}
      style={style}
      {...rest}
      data-card-id={card.id}
      className={`group relative rounded-lg border bg-white p-3 shadow-sm transition ${
        dragging ? "opacity-40" : ""
      } ${overlay ? "rotate-1 shadow-lg ring-2 ring-brand-500" : "border-slate-200 hover:border-slate-300"}`}
    >
      <div className="flex items-start gap-2">
        <Link
          to={href}
          preventScrollReset
          className="board-card-link min-w-0 flex-1 text-sm font-medium text-slate-900 after:absolute after:inset-0 focus:outline-none"
          data-card-link={card.id}
        >
          <span className="mr-1 text-xs font-normal text-slate-500">#{card.number}</span>
          <span className="break-words">{card.title}</span>
        </Link>
        {handle}
      </div>
      {card.labelIds.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Labels">
          {card.labelIds.map((id) => {
            const l = labels.get(id);
            return l ? (
              <li key={id} className={`rounded px-1.5 py-0.5 text-[11px] font-medium ${labelStyle(l.color)}`}>
                {l.name}
              </li>
            ) : null;
          })}
        </ul>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <CardPlanningMarks cardId={card.id} />
        {card.priority !== "none" ? (
          <span className={`rounded px-1.5 py-0.5 font-medium ring-1 ring-inset ${PRIORITY_STYLES[card.priority]}`}>
            {PRIORITY_LABELS[card.priority]}
          </span>
        ) : null}
        {card.dueDate ? (
          <span
            className={due === "overdue" ? "font-semibold text-red-700" : due === "soon" ? "text-amber-700" : ""}
            title={due === "overdue" ? "Overdue" : "Due date"}
          >
            {due === "overdue" ? "Overdue · " : "Due "}
            {formatMonthDay(card.dueDate)}
          </span>
        ) : null}
        {card.checklistTotal > 0 ? (
          <span className="inline-flex items-center gap-1" aria-label={`Checklist ${card.checklistDone} of ${card.checklistTotal} done`}>
            <ShellIcon name="checklist" className="size-3.5" /> {card.checklistDone}/{card.checklistTotal}
          </span>
        ) : null}
        {card.commentCount > 0 ? (
          <span className="inline-flex items-center gap-1" aria-label={`${card.commentCount} comments`}>
            <ShellIcon name="comment" className="size-3.5" /> {card.commentCount}
          </span>
        ) : null}
        {card.attachmentCount > 0 ? (
          <span
            className="inline-flex items-center gap-1"
            title={`${card.attachmentCount} ${card.attachmentCount === 1 ? "file" : "files"}`}
            data-testid="attachment-count"
          >
            <ShellIcon name="paperclip" className="size-3.5" /> {card.attachmentCount}
            <span className="sr-only"> {card.attachmentCount === 1 ? "file" : "files"}</span>
          </span>
        ) : null}
        <ScreenLinkCount cardId={card.id} />
        {card.assigneeIds.length > 0 ? (
          <span className="ml-auto flex -space-x-1">
            {card.assigneeIds.slice(0, 3).map((id) => {
              const m = members.get(id);
              const name = m ? m.fullName || m.email : "Former member";
              return (
                <span
                  key={id}
                  title={name}
                  aria-label={`Assigned to ${name}`}
                  className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-brand-100 text-[10px] font-semibold text-brand-800 ring-2 ring-white"
                >
                  {m ? initials(m.fullName, m.email) : "?"}
                </span>
              );
            })}
          </span>
        ) : null}
      </div>
    </li>
  );
});
