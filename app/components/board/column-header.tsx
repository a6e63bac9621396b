import { Form } from "@remix-run/react";
import type { BoardColumnView } from "./types";
import { STATE_GROUP_LABELS } from "./types";

/** Column name, count and WIP limit; a menu (works without JavaScript) to manage the column. */
export function ColumnHeader({
  column,
  columns,
  index,
  canManage,
}: {
  column: BoardColumnView;
  columns: BoardColumnView[];
  index: number;
  canManage: boolean;
}) {
  const over = column.wipLimit !== null && column.cardCount > column.wipLimit;
  const others = columns.filter((c) => c.id !== column.id);
  return (
    <div className="flex items-center justify-between gap-2 px-1 pb-2">
      <h2 className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-800">
        <span className="truncate">{column.name}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${over ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-700"}`}
          aria-label={
            column.wipLimit !== null
              ? `${column.cardCount} cards, limit ${column.wipLimit}${over ? ", over the limit" : ""}`
              : `${column.cardCount} cards`
          }
        >
          {column.cardCount}
          {column.wipLimit !== null ? ` / ${column.wipLimit}` : ""}
        </span>
        {over ? (
          <span className="text-xs font-medium text-amber-800" role="note">
            Over WIP limit
          </span>
        ) : null}
      </h2>
      {canManage ? (
        <details className="relative">
          <summary
            className="cursor-pointer list-none rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
            aria-label={`Column options for ${column.name}`}
          >
            <span aria-hidden>⋯</span>
          </summary>
          <div className="absolute right-0 z-20 mt-1 w-72 space-y-3 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg">
            <Form method="post" preventScrollReset className="space-y-2">
              <input type="hidden" name="intent" value="update-column" />
              <input type="hidden" name="columnId" value={column.id} />
              <label className="block text-xs font-medium text-slate-600">
                Name
                <input name="name" defaultValue={column.name} required maxLength={60} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm" />
              </label>
              <label className="block text-xs font-medium text-slate-600">
                WIP limit (empty for none)
                <input name="wipLimit" type="number" min={1} max={999} defaultValue={column.wipLimit ?? ""} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm" />
              </label>
              <label className="block text-xs font-medium text-slate-600">
                Counts as
                <select aria-label="Counts as" name="stateGroup" defaultValue={column.stateGroup} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm">
                  {Object.entries(STATE_GROUP_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="rounded bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700">
                Save column
              </button>
            </Form>
            <div className="flex gap-2">
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="shift-column" />
                <input type="hidden" name="columnId" value={column.id} />
                <input type="hidden" name="direction" value="left" />
                <button type="submit" disabled={index === 0} className="rounded border border-slate-300 px-2 py-1 text-xs disabled:opacity-40">
                  ← Move left
                </button>
              </Form>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="shift-column" />
                <input type="hidden" name="columnId" value={column.id} />
                <input type="hidden" name="direction" value="right" />
                <button type="submit" disabled={index === columns.length - 1} className="rounded border border-slate-300 px-2 py-1 text-xs disabled:opacity-40">
                  Move right →
                </button>
              </Form>
            </div>
            {others.length > 0 ? (
              <Form method="post" preventScrollReset className="space-y-2 border-t border-slate-100 pt-3">
                <input type="hidden" name="intent" value="delete-column" />
                <input type="hidden" name="columnId" value={column.id} />
                {column.cardCount > 0 ? (
                  <label className="block text-xs font-medium text-slate-600">
                    Move its {column.cardCount} cards to
                    <select aria-label="Move its cards to" name="moveTo" defaultValue={others[0]!.id} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm">
                      {others.map((o) => (
                        <option key={o.id} value={o.id}>
                          {o.name}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                <button type="submit" className="rounded border border-red-300 px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50">
                  Delete column
                </button>
              </Form>
            ) : null}
          </div>
        </details>
      ) : null}
    </div>
  );
}

export function AddCardForm({ columnId, columnName, autoFocusId }: { columnId: string; columnName: string; autoFocusId?: string }) {
  return (
    <Form method="post" preventScrollReset className="mt-2" onSubmit={(e) => {
      const form = e.currentTarget;
      // Clear after the browser has read the value (JavaScript on; without it the page reloads anyway).
      setTimeout(() => form.reset(), 0);
    }}>
      <input type="hidden" name="intent" value="create-card" />
      <input type="hidden" name="columnId" value={columnId} />
      <label htmlFor={autoFocusId ?? `new-card-${columnId}`} className="sr-only">
        New card in {columnName}
      </label>
      <div className="flex gap-1">
        <input
          id={autoFocusId ?? `new-card-${columnId}`}
          name="title"
          required
          maxLength={200}
          placeholder="+ Add a card"
          className="new-card-input min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-2 py-1.5 text-sm placeholder:text-slate-500 hover:bg-white focus:border-slate-300 focus:bg-white"
        />
        <button type="submit" className="rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
          Add
        </button>
      </div>
    </Form>
  );
}
