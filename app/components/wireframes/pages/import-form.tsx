/**
 * /wireframes: "Import" opens a small form — a file (a wireframe's JSON export or an
 * Excalidraw scene), the project it goes into and an optional name. It posts multipart as a
 * plain form, so it works without JavaScript; a refused file comes back with the server's
 * message (what is wrong and where) and the panel open.
 */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, messageOf, replyFor, useSchemaForm, type FormReply } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { IMPORT_ACCEPT, importWireframeSchema } from "~/lib/forms/wireframe-import";
import { ConformSelect, DisclosurePanel, ui, usePosting } from "./page-ui";

export function ImportForm({ projects, reply }: { projects: { id: string; name: string }[]; reply: FormReply | undefined }) {
  const lastResult = replyFor(reply, "import");
  const [form, fields] = useSchemaForm(importWireframeSchema, { id: "import-wireframe", lastResult });
  const busy = usePosting("import");
  const fileError = messageOf(fields.file);
  return (
    <DisclosurePanel summary="Import" open={Boolean(lastResult?.error)} align="right">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="import" />
        <p className={`text-sm ${ui.muted}`}>A wireframe exported as JSON, or an Excalidraw scene (.excalidraw).</p>
        <FormErrors form={form} />
        <div>
          <label htmlFor={fields.file.id} className="block text-sm font-medium text-slate-700">
            File
          </label>
          <input
            id={fields.file.id}
            name={fields.file.name}
            type="file"
            accept={IMPORT_ACCEPT}
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fields.file.id}-error` : undefined}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
          />
          {fileError ? (
            <p id={`${fields.file.id}-error`} className="mt-1 text-sm text-red-600">
              {fileError}
            </p>
          ) : null}
        </div>
        <ConformSelect
          meta={fields.projectId}
          label="Into project"
          placeholder="Choose a project"
          options={projects.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Field label="Name (optional)" hint="The file's name when left empty." {...fieldProps(fields.name, { type: "text" })} />
        <Button type="submit" size="sm" variant="primary" disabled={busy}>
          {busy ? "Importing..." : "Import wireframe"}
        </Button>
      </Form>
    </DisclosurePanel>
  );
}
