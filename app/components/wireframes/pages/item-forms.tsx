/**
 * The per-item forms of the Wireframes pages (a wireframe in a list, a component in the
 * library): rename in a small panel, and delete behind a question. Plain forms, with
 * JavaScript or without; the action's reply reaches only the item it was about.
 */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, useSchemaForm, type FormReply, replyFor } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { deleteComponentSchema, deleteWireframeSchema, renameComponentSchema, renameWireframeSchema } from "~/lib/forms/wireframes";
import { DisclosurePanel, ui, usePosting } from "./page-ui";

type Item = { kind: "wireframe" | "component"; id: string; name: string };

const forms = {
  wireframe: {
    field: "wireframeId",
    rename: "rename",
    delete: "delete",
    renameSchema: renameWireframeSchema,
    deleteSchema: deleteWireframeSchema,
  },
  component: {
    field: "componentId",
    rename: "rename-component",
    delete: "delete-component",
    renameSchema: renameComponentSchema,
    deleteSchema: deleteComponentSchema,
  },
} as const;

export function RenameItem({ item, reply }: { item: Item; reply: FormReply | undefined }) {
  const f = forms[item.kind];
  const match: [string, string] = [f.field, item.id];
  const lastResult = replyFor(reply, f.rename, match);
  const [form, fields] = useSchemaForm(f.renameSchema, { id: `${f.rename}-${item.id}`, lastResult, defaultValue: { name: item.name } });
  const busy = usePosting(f.rename, match);
  return (
    // Keyed by the name, so a saved rename closes it.
    <DisclosurePanel
      key={item.name}
      open={Boolean(lastResult?.error)}
      summary={
        <>
          Rename<span className="sr-only"> {item.name}</span>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value={f.rename} />
        <input type="hidden" name={f.field} value={item.id} />
        <FormErrors form={form} />
        <Field label="New name" {...fieldProps(fields.name, { type: "text" })} />
        <Button type="submit" size="sm" variant="primary" disabled={busy}>
          {busy ? "Saving..." : "Save name"}
        </Button>
      </Form>
    </DisclosurePanel>
  );
}

/** Delete, asked first: the summary opens the consequences and the real button. */
export function DeleteItem({ item, warning, reply }: { item: Item; warning: string; reply: FormReply | undefined }) {
  const f = forms[item.kind];
  const match: [string, string] = [f.field, item.id];
  const lastResult = replyFor(reply, f.delete, match);
  const [form] = useSchemaForm(f.deleteSchema, { id: `${f.delete}-${item.id}`, lastResult });
  const busy = usePosting(f.delete, match);
  return (
    <DisclosurePanel
      danger
      align="right"
      open={Boolean(lastResult?.error)}
      summary={
        <>
          Delete<span className="sr-only"> {item.name}</span>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value={f.delete} />
        <input type="hidden" name={f.field} value={item.id} />
        <FormErrors form={form} />
        <p className={`text-sm ${ui.body}`}>{warning}</p>
        <button type="submit" disabled={busy} className={ui.danger}>
          {busy ? "Deleting..." : `Yes, delete “${item.name}”`}
        </button>
      </Form>
    </DisclosurePanel>
  );
}
