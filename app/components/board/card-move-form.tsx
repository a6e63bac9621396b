import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { BoardColumnView } from "~/lib/board";
import { failureReply, moveCardSchema, type BoardFailure } from "~/lib/forms/board";
import { MenuError } from "./board-menu";
import { messageOf, useSchemaForm } from "~/components/ui/conform";
import { inputAttrs, otherMessages, selectAttrs } from "./form-attrs";

/**
 * Moving the open card to a column and a position: the way to move a card without
 * JavaScript (with it, cards are dragged too). Its messages show beside its fields.
 */
export function CardMoveForm({
  cardId,
  columnId,
  columns,
  error,
}: {
  cardId: string;
  columnId: string;
  columns: BoardColumnView[];
  error: BoardFailure | null;
}) {
  const [form, fields] = useSchemaForm(moveCardSchema, {
    disableAutoCoercion: true,
    id: `move-card-${cardId}`,
    lastResult: failureReply(error, "move-card", { cardId }),
    defaultValue: { toColumnId: columnId, index: "1" },
  });
  return (
    <Form
      method="post"
      preventScrollReset
      className="rounded-lg border border-slate-200 p-3"
      aria-label="Move card"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="move-card" />
      <input type="hidden" name="cardId" value={cardId} />
      <p className="text-sm font-medium text-slate-700">Move</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="text-xs font-medium text-slate-600">
          Column
          <select
            {...selectAttrs(fields.toColumnId)}
            aria-label="Column"
            className="mt-1 block rounded border border-slate-300 px-2 py-1 text-sm"
          >
            {columns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Position
          <input
            {...inputAttrs(fields.index, "number")}
            aria-label="Position"
            min={1}
            className="mt-1 block w-20 rounded border border-slate-300 px-2 py-1 text-sm"
          />
        </label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          Move card
        </button>
      </div>
      <MenuError id={fields.toColumnId.errorId} message={messageOf(fields.toColumnId)} />
      <MenuError id={fields.index.errorId} message={messageOf(fields.index)} />
      <MenuError message={otherMessages(form, ["toColumnId", "index"])} />
    </Form>
  );
}
