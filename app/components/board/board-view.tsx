import {
  closestCenter,
  DndContext,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardSensorProps,
  type SensorContext,
  type SensorInstance,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Link, useFetchers } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import { boardAfterDrop, boardAnnouncements, type HeldCard } from "./announcements";
import { locate, neighboursOf } from "./board-ordering";
import { useBoardWrite, WRITE_KEY_PREFIX } from "./board-writes";
import { CardFace } from "./card-face";
import { AddCardForm, ColumnHeader } from "./column-header";
import type { BoardCardView, BoardColumnView, LabelView, MemberView, StateGroup } from "~/lib/board";
import type { BoardFailure } from "~/lib/forms/board";

type Props = {
  projectId: string;
  columns: BoardColumnView[];
  members: MemberView[];
  labels: LabelView[];
  canEdit: boolean;
  canManageColumns: boolean;
  cardHref: (cardId: string) => string;
  /** The URL that shows every card of a column. */
  expandHref: (columnId: string) => string;
  /** A failed column-menu form, shown inside that column's menu. */
  columnError?: BoardFailure | null;
};

/**
 * The board. Without JavaScript: columns of links and plain forms. With it: drag
 * and drop (pointer and keyboard, announced to screen readers), an optimistic
 * move that rolls back with a toast if the server refuses it, and arrow keys
 * that walk between cards. A move is a board write (board-writes.ts): a Remix
 * fetcher, after which the board's loader runs once (for the live event it sends).
 */
const MOVE_LABEL = "move";
export function BoardView({
  projectId,
  columns: serverColumns,
  members,
  labels,
  canEdit,
  canManageColumns,
  cardHref,
  expandHref,
  columnError,
}: Props) {
  const hydrated = useHydrated();
  const { toast } = useToast();
  const write = useBoardWrite(projectId);
  const [columns, setColumns] = useState(serverColumns);
  const [activeId, setActiveId] = useState<string | null>(null);
  const snapshot = useRef<BoardColumnView[] | null>(null);
  // The dragged card's boards, for the handlers and the announcements (kept after the drop: it is announced after onDragEnd).
  const held = useRef<HeldCard | null>(null);
  const moving = useFetchers().some((f) => f.key.startsWith(`${WRITE_KEY_PREFIX}${MOVE_LABEL}:`) && f.state !== "idle");
  // The server's board this one last took (or set aside for a move of its own, which the next one brings).
  const taken = useRef(serverColumns);
  const memberMap = useMemo(() => new Map(members.map((m) => [m.id, m])), [members]);
  const labelMap = useMemo(() => new Map(labels.map((l) => [l.id, l])), [labels]);

  // Fresh loader data replaces local state, except mid-drag or while a move is on its way;
  // after a move, the board it started from is not fresh data (the card would jump back).
  useEffect(() => {
    if (activeId || moving || taken.current === serverColumns) return;
    taken.current = serverColumns;
    setColumns(serverColumns);
  }, [serverColumns, activeId, moving]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(HeldKeysKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // dnd-kit announces each drag event right after the handler below has moved the card, before
  // React renders the move: the announcements read `held`, which the handlers keep up to date.
  const announcements = useMemo(() => boardAnnouncements(() => held.current), []);

  // Pointer first (the column or card under the pointer), then overlap, then nearest:
  // closestCorners alone prefers the dragged card's own slot over a tall column.
  const collisionDetection: CollisionDetection = (args) => {
    const byPointer = pointerWithin(args);
    const hits = byPointer.length > 0 ? byPointer : rectIntersection(args);
    if (hits.length === 0) return closestCenter(args);
    const columnIds = new Set(columns.map((c) => c.id));
    const cardHits = hits.filter((h) => !columnIds.has(String(h.id)));
    if (cardHits.length === 0) return hits;
    const cardIds = new Set(cardHits.map((h) => h.id));
    return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => cardIds.has(c.id)) });
  };

  function containerOf(board: BoardColumnView[], id: string): string | null {
    if (board.some((c) => c.id === id)) return id;
    const at = locate(board, id);
    return at ? board[at.col]!.id : null;
  }

  function onDragStart(e: DragStartEvent) {
    // A drag starts from what is drawn; data that came since (held back by a move on its way) waits for the drop.
    snapshot.current = columns;
    held.current = { start: columns, board: columns };
    setActiveId(String(e.active.id));
  }

  // Over another column (or a card in it), the card moves there at once; within its column
  // the sortable list only shows the new order, and the drop makes it.
  function onDragOver(e: DragOverEvent) {
    const overId = e.over ? String(e.over.id) : null;
    const drag = held.current;
    if (!overId || !drag) return;
    const activeCard = String(e.active.id);
    const from = containerOf(drag.board, activeCard);
    const to = containerOf(drag.board, overId);
    if (!from || !to || from === to) return;
    drag.board = boardAfterDrop(drag.board, activeCard, overId);
    setColumns(drag.board);
  }

  async function onDragEnd(e: DragEndEvent) {
    const activeCard = String(e.active.id);
    const overId = e.over ? String(e.over.id) : null;
    const next = boardAfterDrop(held.current?.board ?? columns, activeCard, overId);
    setColumns(next);
    setActiveId(null);
    const before = snapshot.current;
    snapshot.current = null;
    if (!before) return;
    const was = neighboursOf(before, activeCard);
    const now = neighboursOf(next, activeCard);
    if (!now || (was && was.toColumnId === now.toColumnId && was.afterId === now.afterId && was.beforeId === now.beforeId)) return;
    // The board this page has now is older than the move: the move's own answer (or its live event) brings the next.
    taken.current = serverColumns;
    await submitMove(activeCard, now, before);
  }

  // A refused move puts the board back, also under a card picked up since (the drag goes on from there).
  function rollBack(board: BoardColumnView[]) {
    if (snapshot.current && held.current) held.current.board = board;
    setColumns(board);
  }

  async function submitMove(
    cardId: string,
    place: { toColumnId: string; afterId: string | null; beforeId: string | null },
    rollback: BoardColumnView[],
  ) {
    const body = new FormData();
    body.set("intent", "move-card");
    body.set("cardId", cardId);
    body.set("toColumnId", place.toColumnId);
    if (place.afterId) body.set("afterId", place.afterId);
    if (place.beforeId) body.set("beforeId", place.beforeId);
    const answer = await write(body, MOVE_LABEL);
    if (answer.ok) {
      if (answer.warning) toast({ variant: "warning", title: "WIP limit", description: answer.warning });
      return;
    }
    rollBack(rollback);
    toast({
      variant: "error",
      title: "Move failed",
      description: answer.offline
        ? "The card could not be moved: check your connection and try again."
        : (answer.problem?.detail ?? `Request failed with status ${answer.status}`),
    });
  }

  const activeCard = activeId ? columns.flatMap((c) => c.cards).find((k) => k.id === activeId) : undefined;
  const dndEnabled = hydrated && canEdit;

  // Arrow keys walk between cards (when nothing is being dragged): one listener on the board for all its card links.
  const scroller = useRef<HTMLDivElement>(null);
  const latest = useRef({ columns, dragging: !!activeId });
  useEffect(() => {
    latest.current = { columns, dragging: !!activeId };
  });
  useEffect(() => {
    const board = scroller.current;
    if (!board) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!latest.current.dragging) walkCards(e, latest.current.columns);
    };
    board.addEventListener("keydown", onKeyDown);
    return () => board.removeEventListener("keydown", onKeyDown);
  }, [dndEnabled]);

  const content = (
    // `relative`: the columns' visually hidden labels (absolutely positioned) stay inside this
    // scroll area instead of widening the page.
    <div ref={scroller} className="relative flex min-h-[60vh] gap-4 overflow-x-auto pb-4">
      {columns.map((column, index) => (
        <ColumnShell key={column.id} column={column} droppable={dndEnabled}>
          <ColumnHeader column={column} columns={columns} index={index} canManage={canManageColumns} error={columnError} />
          <SortableContext items={column.cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <ul className="flex min-h-8 flex-col gap-2" aria-label={`${column.name} cards`}>
              {column.cards.map((card) => {
                const face = { card, stateGroup: column.stateGroup, href: cardHref(card.id), members: memberMap, labels: labelMap };
                return dndEnabled ? <SortableCard key={card.id} {...face} /> : <CardFace key={card.id} {...face} />;
              })}
            </ul>
          </SortableContext>
          {column.matchingCount > column.cards.length ? (
            <Link
              to={expandHref(column.id)}
              preventScrollReset
              className="mt-2 block rounded-md px-2 py-1.5 text-center text-sm font-medium text-brand-700 hover:bg-white"
            >
              Show all {column.matchingCount} cards
            </Link>
          ) : null}
          {column.cards.length === 0 ? (
            <p className="px-1 py-2 text-xs text-slate-600">{column.cardCount > 0 ? "No cards match the filters." : "No cards yet."}</p>
          ) : null}
          {canEdit ? <AddCardForm columnId={column.id} columnName={column.name} /> : null}
        </ColumnShell>
      ))}
    </div>
  );

  if (!dndEnabled) return content;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        if (snapshot.current) setColumns(snapshot.current);
        snapshot.current = null;
        setActiveId(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "To move a card, press Space or Enter on its handle, use the arrow keys to choose the new place, then press Space or Enter again. Escape cancels.",
        },
      }}
    >
      {content}
      <DragOverlay>
        {activeCard ? (
          <ul>
            <CardFace
              card={activeCard}
              stateGroup={columns.find((c) => c.cards.some((k) => k.id === activeCard.id))?.stateGroup ?? "unstarted"}
              href={cardHref(activeCard.id)}
              members={memberMap}
              labels={labelMap}
              overlay
            />
          </ul>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** The keys the keyboard sensor acts on while a card is picked up (its default codes: Tab drops too). */
const DRAG_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Space", "Enter", "Tab", "Escape"]);

const measured = (ctx: SensorContext) => ctx.active != null && ctx.collisionRect != null && ctx.droppableRects.size > 0;

/**
 * dnd-kit's KeyboardSensor, except that no key is lost right after a card is picked up.
 * The library starts listening for keys one task after the pick-up (a setTimeout, so the
 * Space that picked the card up does not drop it at once), and an arrow key moves nothing
 * until the card and the columns are measured. The card shows as picked up (aria-pressed,
 * the announcement) before either, and Chromium runs a waiting key press before a waiting
 * timer: a key pressed in that window was lost (an arrow key: the card stayed put; Escape:
 * it stayed picked up).
 * This sensor holds the drag keys pressed in that window and hands them to the library's
 * sensor in order, one a frame, once it listens and the drag is measured; Escape is handed
 * over as soon as it listens, measured or not, so a drag can always be cancelled.
 */
class HeldKeysKeyboardSensor implements SensorInstance {
  static activators = KeyboardSensor.activators;
  autoScrollEnabled = false;
  private readonly doc: Document;
  private readonly context: KeyboardSensorProps["context"];
  private readonly held: KeyboardEvent[] = [];
  private holding = true;
  private listening = false;
  private replaying = false;
  private stopped = false;
  private frame: number | null = null;
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(props: KeyboardSensorProps) {
    const target = props.event.target;
    this.doc = target instanceof Node ? (target.ownerDocument ?? document) : document;
    this.context = props.context;
    // In the capture phase: added while the pick-up key is still bubbling, so it does not see
    // that key, and it sees the next ones before the library's listener on the document.
    this.doc.addEventListener("keydown", this.hold, true);
    // The library's sensor does the work, through its own listeners; only its end is wrapped.
    new KeyboardSensor({
      ...props,
      onEnd: () => {
        this.stop();
        props.onEnd();
      },
      onCancel: () => {
        this.stop();
        props.onCancel();
      },
    });
    // Runs after the library's own setTimeout (same delay, scheduled later): it listens by then.
    this.timer = setTimeout(() => {
      this.listening = true;
      this.pump();
    });
  }

  private hold = (e: KeyboardEvent) => {
    if (this.replaying || !this.holding || !DRAG_KEYS.has(e.code)) return;
    e.preventDefault();
    e.stopPropagation();
    this.held.push(e);
  };

  private pump = () => {
    this.frame = null;
    if (this.stopped) return;
    if (this.listening && !measured(this.context.current)) {
      // Escape cancels without waiting for the measuring; the keys held before it could not move the card anyway.
      const escape = this.held.findIndex((e) => e.code === "Escape");
      if (escape > 0) this.held.splice(0, escape);
    }
    const next = this.held[0];
    const ready = this.listening && (measured(this.context.current) || next?.code === "Escape");
    if (ready && !next) {
      this.holding = false;
      return;
    }
    if (ready && next) {
      this.held.shift();
      const { key, code, location, repeat, altKey, ctrlKey, metaKey, shiftKey } = next;
      const copy = new KeyboardEvent("keydown", {
        key,
        code,
        location,
        repeat,
        altKey,
        ctrlKey,
        metaKey,
        shiftKey,
        bubbles: true,
        cancelable: true,
      });
      this.replaying = true;
      try {
        // To the focused element, as the key itself went: the page's other key listeners expect an element.
        (this.doc.activeElement ?? this.doc.body ?? this.doc).dispatchEvent(copy);
      } finally {
        this.replaying = false;
      }
      if (this.stopped) return;
    }
    // The next held key waits for the frame after this one's move has been drawn and measured.
    this.frame = requestAnimationFrame(this.pump);
  };

  private stop() {
    this.stopped = true;
    this.holding = false;
    this.doc.removeEventListener("keydown", this.hold, true);
    clearTimeout(this.timer);
    if (this.frame !== null) cancelAnimationFrame(this.frame);
  }
}

/** An arrow key on a card's link moves focus to the card above, below, or in the next non-empty column. */
function walkCards(e: KeyboardEvent, columns: BoardColumnView[]) {
  const link = (e.target as HTMLElement).closest<HTMLElement>("[data-card-link]");
  if (!link || !["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].includes(e.key)) return;
  const at = locate(columns, link.dataset.cardLink!);
  if (!at) return;
  let col = at.col;
  let idx = at.index;
  if (e.key === "ArrowUp") idx--;
  if (e.key === "ArrowDown") idx++;
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    const step = e.key === "ArrowLeft" ? -1 : 1;
    let c = col + step;
    while (c >= 0 && c < columns.length && columns[c]!.cards.length === 0) c += step;
    if (c < 0 || c >= columns.length) return;
    col = c;
    idx = Math.min(idx, columns[c]!.cards.length - 1);
  }
  const card = columns[col]?.cards[idx];
  if (!card) return;
  e.preventDefault();
  document.querySelector<HTMLElement>(`[data-card-link="${card.id}"]`)?.focus();
}

function ColumnShell({ column, droppable, children }: { column: BoardColumnView; droppable: boolean; children: React.ReactNode }) {
  return droppable ? (
    <DroppableColumn id={column.id}>{children}</DroppableColumn>
  ) : (
    <section
      aria-label={column.name}
      data-column-id={column.id}
      className="relative flex w-72 shrink-0 flex-col rounded-xl bg-slate-100 p-2"
    >
      {children}
    </section>
  );
}

function DroppableColumn({ id, children }: { id: string; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <section
      ref={setNodeRef}
      data-column-id={id}
      className={`relative flex w-72 shrink-0 flex-col rounded-xl p-2 transition-colors ${isOver ? "bg-brand-50" : "bg-slate-100"}`}
    >
      {children}
    </section>
  );
}

function SortableCard({
  card,
  stateGroup,
  href,
  members,
  labels,
}: {
  card: BoardCardView;
  stateGroup: StateGroup;
  href: string;
  members: Map<string, MemberView>;
  labels: Map<string, LabelView>;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: card.id });
  return (
    <CardFace
      ref={setNodeRef}
      card={card}
      stateGroup={stateGroup}
      href={href}
      members={members}
      labels={labels}
      dragging={isDragging}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      handle={
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move card #${card.number}: ${card.title}`}
          aria-roledescription="draggable card"
          className="relative z-10 -mr-1 -mt-0.5 cursor-grab touch-none rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
          data-drag-handle={card.id}
        >
          <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </button>
      }
    />
  );
}
