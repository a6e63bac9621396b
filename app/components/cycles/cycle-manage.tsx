import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ConfirmAction } from "~/components/team/confirm-action";
import { buttonClass } from "~/components/ui/button-styles";
import { fieldProps, FormErrors, useSchemaForm } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { deleteCycleSchema, renameCycleSchema } from "~/lib/forms/cycles";

/**
 * Renaming and deleting the chosen cycle (members only). Both are plain forms: renaming sits
 * in a disclosure (open again when the server refused the name), deleting is asked twice
 * (ConfirmAction: the first control only opens the warning with the real submit button), so
 * both work without JavaScript. A closed cycle can be renamed (its report keeps its numbers);
 * deleting it deletes its report too, and the warning says so.
 */
export function ManageCycle({
  cycle,
  cardCount,
  renameReply,
}: {
  cycle: { id: string; name: string; closed: boolean };
  cardCount: number;
  renameReply: SubmissionResult<string[]> | undefined;
}) {
  const cards = cardCount === 0 ? "" : cardCount === 1 ? " Its card stays on the board." : ` Its ${cardCount} cards stay on the board.`;
  const warning = `Delete “${cycle.name}”?${cards}${cycle.closed ? " Its frozen report is deleted too." : ""} This cannot be undone.`;
  return (
    <div className="flex flex-wrap items-start gap-2">
      <RenameCycle key={`${cycle.id}:${cycle.name}`} cycle={cycle} reply={renameReply} />
      <ConfirmAction
        id={`delete-cycle-${cycle.id}`}
        schema={deleteCycleSchema}
        label="Delete cycle…"
        confirmLabel="Delete cycle"
        warning={warning}
        fields={{ intent: "delete-cycle", cycleId: cycle.id }}
      />
    </div>
  );
}

function RenameCycle({ cycle, reply }: { cycle: { id: string; name: string }; reply: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(renameCycleSchema, {
    id: `rename-cycle-${cycle.id}`,
    lastResult: reply,
    defaultValue: { name: cycle.name },
    shouldValidate: "onSubmit",
  });
  const refused = Boolean(reply?.error && Object.keys(reply.error).length);
  return (
    <details className="group" open={refused || undefined}>
      <summary className="cursor-pointer list-none rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-50 group-open:bg-slate-50 [&::-webkit-details-marker]:hidden">
        Rename…
      </summary>
      <Form
        method="post"
        aria-label="Rename cycle"
        className="mt-2 w-72 max-w-full space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="rename-cycle" />
        <input type="hidden" name="cycleId" value={cycle.id} />
        <FormErrors form={form} />
        <Field label="Cycle name" {...fieldProps(fields.name, { type: "text" })} />
        <button type="submit" className={buttonClass("primary", "sm")}>
          Save name
        </button>
      </Form>
    </details>
  );
}
