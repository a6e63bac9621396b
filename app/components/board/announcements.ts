import type { Announcements } from "@dnd-kit/core";
import type { BoardColumnView } from "~/lib/board";
import { locate, moveInBoard } from "./board-ordering";

/** A card being dragged, as the board's drag handlers keep it for the screen-reader announcements. */
export type HeldCard = {
  /** The board when the card was picked up (where Escape puts it back). */
  start: BoardColumnView[];
  /**
   * The board while the card is held: `start` with the moves across columns the board has
   * made since (its optimistic state), including the one made for the event being announced.
   */
  board: BoardColumnView[];
};

/**
 * The board once the card is dropped over `overId`: over a card, the card takes that card's
 * place (in the same column the others shift, as the sortable list shows while it is held
 * there); over a column, it goes last in it; over nothing, it stays where it is.
 */
export function boardAfterDrop(columns: BoardColumnView[], cardId: string, overId: string | null): BoardColumnView[] {
  if (!overId) return columns;
  const to = columns.find((c) => c.id === overId) ?? columns.find((c) => c.cards.some((k) => k.id === overId));
  if (!to) return columns;
  const overIndex = to.cards.findIndex((k) => k.id === overId);
  return moveInBoard(columns, cardId, to.id, overIndex >= 0 ? overIndex : to.cards.length);
}

/** Where a card is, as the board shows it: "position 2 of 3 in To do". */
export function placeOf(columns: BoardColumnView[], cardId: string): string | null {
  const at = locate(columns, cardId);
  if (!at) return null;
  const column = columns[at.col]!;
  return `position ${at.index + 1} of ${column.cards.length} in ${column.name}`;
}

function titleOf(columns: BoardColumnView[], cardId: string): string {
  const at = locate(columns, cardId);
  return at ? columns[at.col]!.cards[at.index]!.title : "card";
}

/**
 * What a screen reader hears while a card is dragged. dnd-kit calls these after the board's
 * own drag handlers, so each one reads the board they left (`held()`), never the board of
 * the last render: that one is a move behind (the card's old column or place). Every
 * announcement names the place the card is shown at now, which is where a drop puts it;
 * a move that leaves it at the place last announced says nothing.
 */
export function boardAnnouncements(held: () => HeldCard | null): Announcements {
  let heard: string | null = null;
  const now = (activeId: string | number, overId: string | number | null | undefined) => {
    const drag = held();
    if (!drag) return null;
    const id = String(activeId);
    const place = placeOf(boardAfterDrop(drag.board, id, overId == null ? null : String(overId)), id);
    return place ? { title: titleOf(drag.board, id), place } : null;
  };
  return {
    onDragStart({ active }) {
      const drag = held();
      const id = String(active.id);
      heard = drag ? placeOf(drag.start, id) : null;
      return drag && heard ? `Picked up ${titleOf(drag.start, id)}, ${heard}.` : "Picked up card.";
    },
    onDragOver({ active, over }) {
      const at = now(active.id, over?.id);
      if (!at || at.place === heard) return undefined;
      heard = at.place;
      return `${at.title} is now at ${at.place}.`;
    },
    onDragEnd({ active, over }) {
      const at = now(active.id, over?.id);
      heard = null;
      return at ? `Dropped ${at.title} at ${at.place}.` : "Dropped card.";
    },
    onDragCancel({ active }) {
      const drag = held();
      const id = String(active.id);
      const place = drag ? placeOf(drag.start, id) : null;
      heard = null;
      return drag && place ? `Cancelled. ${titleOf(drag.start, id)} is back at ${place}.` : "Cancelled.";
    },
  };
}
