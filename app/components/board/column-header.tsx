import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { STATE_GROUP_LABELS, type BoardColumnView } from "~/lib/board";
import { failureReply, postedValues, updateColumnSchema, type BoardFailure } from "~/lib/forms/board";
import { BoardMenu, MenuError } from "./board-menu";
import { messageOf, useSchemaForm } from "~/components/ui/conform";
import { inputAttrs, otherMessages, selectAttrs } from "./form-attrs";

/** Intents of a column's menu: their refusals show inside that column's menu. */
export const COLUMN_MENU_INTENTS = ["update-column", "shift-column", "delete-column"];

/** Column name, count and WIP limit; a menu (works without JavaScript) to manage the column. */
export function ColumnHeader({
  column,
  columns,
  index,
  canManage,
  error,
}: {
  column: BoardColumnView;
  columns: BoardColumnView[];
  index: number;
  canManage: boolean;
  /** The page's refusal of a column menu's post, if any (this column's is shown). */
  error?: BoardFailure | null;
}) {
  const mine = error && COLUMN_MENU_INTENTS.includes(error.intent) && postedValues(error).columnId === column.id ? error : null;
  const formError = (intent: string) => (mine?.intent === intent ? mine.message : null);
  const [form, fields] = useSchemaForm(updateColumnSchema, {
    disableAutoCoercion: true,
    id: `update-column-${column.id}`,
    lastResult: failureReply(mine, "update-column"),
    defaultValue: { name: column.name, wipLimit: column.wipLimit === null ? "" : String(column.wipLimit), stateGroup: column.stateGroup },
  });
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
        <BoardMenu
          summary={<span aria-hidden>⋯</span>}
          summaryLabel={`Column options for ${column.name}`}
          summaryClassName="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
          panelClassName="z-20 mt-1 w-72 space-y-3 p-3 text-sm"
          error={!!mine}
        >
          <Form method="post" preventScrollReset className="space-y-2" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="update-column" />
            <input type="hidden" name="columnId" value={column.id} />
            <label className="block text-xs font-medium text-slate-600">
              Name
              <input
                {...inputAttrs(fields.name, "text")}
                required
                maxLength={60}
                className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
              />
            </label>
            <MenuError id={fields.name.errorId} message={messageOf(fields.name)} />
            <label className="block text-xs font-medium text-slate-600">
              WIP limit (empty for none)
              <input
                {...inputAttrs(fields.wipLimit, "number")}
                min={1}
                max={999}
                className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
              />
            </label>
            <MenuError id={fields.wipLimit.errorId} message={messageOf(fields.wipLimit)} />
            <MenuError message={otherMessages(form, ["name", "wipLimit"])} />
            <label className="block text-xs font-medium text-slate-600">
              Counts as
              <select
                {...selectAttrs(fields.stateGroup)}
                aria-label="Counts as"
                className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
              >
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
              <button
                type="submit"
                disabled={index === 0}
                className="rounded border border-slate-300 px-2 py-1 text-xs disabled:opacity-40"
              >
                ← Move left
              </button>
            </Form>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="shift-column" />
              <input type="hidden" name="columnId" value={column.id} />
              <input type="hidden" name="direction" value="right" />
              <button
                type="submit"
                disabled={index === columns.length - 1}
                className="rounded border border-slate-300 px-2 py-1 text-xs disabled:opacity-40"
              >
                Move right →
              </button>
            </Form>
          </div>
          <MenuError message={formError("shift-column")} />
          {others.length > 0 ? (
            <Form method="post" preventScrollReset className="space-y-2 border-t border-slate-100 pt-3">
              <input type="hidden" name="intent" value="delete-column" />
              <input type="hidden" name="columnId" value={column.id} />
              {column.cardCount > 0 ? (
                <label className="block text-xs font-medium text-slate-600">
                  Move its {column.cardCount} cards to
                  <select
                    aria-label="Move its cards to"
                    name="moveTo"
                    defaultValue={others[0]!.id}
                    className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
                  >
                    {others.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <MenuError message={formError("delete-column")} />
              <button type="submit" className="rounded border border-red-300 px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50">
                Delete column
              </button>
            </Form>
          ) : null}
        </BoardMenu>
      ) : null}
    </div>
  );
}

export function AddCardForm({ columnId, columnName, autoFocusId }: { columnId: string; columnName: string; autoFocusId?: string }) {
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-2"
      onSubmit={(e) => {
        const form = e.currentTarget;
        // Clear after the browser has read the value (JavaScript on; without it the page reloads anyway).
        setTimeout(() => form.reset(), 0);
      }}
    >
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
