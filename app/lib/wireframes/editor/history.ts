/**
 * The undo stack (decision 013): each entry holds what undoes one edit, computed against
 * the document the edit applied to. Undoing performs the entry (as a new patch, so a
 * teammate's later work is never rewound) and keeps what redoes it; a new edit clears
 * the redo side. Kept to `limit` steps (at least 100; the oldest fall off).
 */

export type HistoryOptions<T> = {
  limit?: number;
  /** Folds `next` into `prev` when both carry the same merge key within `mergeWindowMs` (nudges, typing). */
  merge?: (prev: T, next: T) => T;
  mergeWindowMs?: number;
  now?: () => number;
};

type Slot<T> = { entry: T; key: string | null; at: number };

export class UndoStack<T> {
  private undoSide: Slot<T>[] = [];
  private redoSide: Slot<T>[] = [];
  private readonly limit: number;
  private readonly merge?: (prev: T, next: T) => T;
  private readonly mergeWindowMs: number;
  private readonly now: () => number;

  constructor(options: HistoryOptions<T> = {}) {
    this.limit = Math.max(100, options.limit ?? 200);
    this.merge = options.merge;
    this.mergeWindowMs = options.mergeWindowMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  get canUndo(): boolean {
    return this.undoSide.length > 0;
  }

  get canRedo(): boolean {
    return this.redoSide.length > 0;
  }

  get size(): { undo: number; redo: number } {
    return { undo: this.undoSide.length, redo: this.redoSide.length };
  }

  /** Records a new edit's undo entry; the redo side is dropped. */
  push(entry: T, mergeKey: string | null = null): void {
    this.redoSide = [];
    const at = this.now();
    const last = this.undoSide[this.undoSide.length - 1];
    if (mergeKey && this.merge && last && last.key === mergeKey && at - last.at <= this.mergeWindowMs) {
      this.undoSide[this.undoSide.length - 1] = { entry: this.merge(last.entry, entry), key: mergeKey, at };
      return;
    }
    this.undoSide.push({ entry, key: mergeKey, at });
    if (this.undoSide.length > this.limit) this.undoSide.splice(0, this.undoSide.length - this.limit);
  }

  /**
   * Undoes the latest step: `perform` carries out the entry and returns the entry that
   * redoes it, or null when nothing of it applies any more (everything it touched is
   * gone); then the next older step is tried, so one undo always does something if it can.
   */
  undo(perform: (entry: T) => T | null): boolean {
    return this.step(this.undoSide, this.redoSide, perform);
  }

  /** Redoes the latest undone step (see `undo`). */
  redo(perform: (entry: T) => T | null): boolean {
    return this.step(this.redoSide, this.undoSide, perform);
  }

  clear(): void {
    this.undoSide = [];
    this.redoSide = [];
  }

  private step(from: Slot<T>[], to: Slot<T>[], perform: (entry: T) => T | null): boolean {
    for (let slot = from.pop(); slot; slot = from.pop()) {
      const opposite = perform(slot.entry);
      if (opposite === null) continue;
      to.push({ entry: opposite, key: null, at: 0 });
      if (to.length > this.limit) to.splice(0, to.length - this.limit);
      return true;
    }
    return false;
  }
}
