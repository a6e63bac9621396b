import type { BoardColumnView } from "~/lib/board";

/** Where a card sits: its column and index. */
export function locate(columns: BoardColumnView[], cardId: string): { col: number; index: number } | null {
  for (let c = 0; c < columns.length; c++) {
    const i = columns[c]!.cards.findIndex((k) => k.id === cardId);
    if (i >= 0) return { col: c, index: i };
  }
  return null;
}

/** A new board with the card moved to `toColumnId` at `toIndex` (pure: the optimistic state). */
export function moveInBoard(columns: BoardColumnView[], cardId: string, toColumnId: string, toIndex: number): BoardColumnView[] {
  const from = locate(columns, cardId);
  if (!from) return columns;
  const card = columns[from.col]!.cards[from.index]!;
  const next = columns.map((c) => ({ ...c, cards: c.cards.filter((k) => k.id !== cardId) }));
  const target = next.find((c) => c.id === toColumnId);
  if (!target) return columns;
  const i = Math.max(0, Math.min(toIndex, target.cards.length));
  target.cards.splice(i, 0, { ...card, columnId: toColumnId });
  const fromColumnId = columns[from.col]!.id;
  if (fromColumnId !== toColumnId) {
    for (const c of next) {
      if (c.id === fromColumnId) {
        c.cardCount -= 1;
        c.matchingCount -= 1;
      }
      if (c.id === toColumnId) {
        c.cardCount += 1;
        c.matchingCount += 1;
      }
    }
  }
  return next;
}

/** The neighbours a move sends to the server: the cards just before and after the new place. */
export function neighboursOf(
  columns: BoardColumnView[],
  cardId: string,
): { toColumnId: string; afterId: string | null; beforeId: string | null } | null {
  const at = locate(columns, cardId);
  if (!at) return null;
  const col = columns[at.col]!;
  return {
    toColumnId: col.id,
    afterId: col.cards[at.index - 1]?.id ?? null,
    beforeId: col.cards[at.index + 1]?.id ?? null,
  };
}
