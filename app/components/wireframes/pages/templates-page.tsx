/**
 * /wireframes/templates: the starter screens, previewed by the one renderer. "Use template"
 * opens two plain forms: a new wireframe from it (project and name), or the template added
 * as a screen of an existing wireframe.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Breadcrumb, ScreenHeader } from "~/components/shell/screen";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, useSchemaForm, type FormReply, replyFor } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { addTemplateScreenSchema, templateNewWireframeSchema } from "~/lib/forms/wireframes";
import type { TokenValues } from "~/lib/wireframes/render";
import { ConformSelect, DisclosurePanel, sizeLabel, ui, usePosting } from "./page-ui";
import { type ScreenPreview, ScreenThumbnail } from "./thumbnail";

export type TemplateCard = { id: string; name: string; description: string; preview: ScreenPreview };

export type TemplatesData = {
  templates: TemplateCard[];
  projects: { id: string; name: string }[];
  wireframes: { id: string; name: string; projectName: string }[];
  /** Design-token values of the workspace's base system, for the previews. */
  tokens?: TokenValues;
  canEdit: boolean;
};

export function TemplatesPage({ data, reply }: { data: TemplatesData; reply: FormReply | undefined }) {
  return (
    <>
      <ScreenHeader
        title="Templates"
        eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
        description="Starter screens to begin from: use one as a new wireframe, or add it as a screen to a wireframe you have."
      />
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {data.templates.map((t) => (
          <li key={t.id} className={`flex min-w-0 flex-col ${ui.panel}`}>
            <ScreenThumbnail preview={t.preview} tokens={data.tokens} className="aspect-[4/3] rounded-t-xl" />
            <div className="flex flex-1 flex-col gap-1 p-4">
              <h2 className={`text-base font-semibold ${ui.heading}`}>{t.name}</h2>
              <p className={`text-sm ${ui.muted}`}>{t.description}</p>
              <p className={`text-xs ${ui.subtle}`}>{sizeLabel(t.preview.doc.screens[t.preview.screenId])}</p>
              {data.canEdit ? (
                <div className="mt-3">
                  <UseTemplate template={t} data={data} reply={reply} />
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function UseTemplate({ template, data, reply }: { template: TemplateCard; data: TemplatesData; reply: FormReply | undefined }) {
  const match: [string, string] = ["templateId", template.id];
  const newReply = replyFor(reply, "new-from-template", match);
  const addReply = replyFor(reply, "add-screen", match);
  const [newForm, newFields] = useSchemaForm(templateNewWireframeSchema, {
    id: `template-new-${template.id}`,
    lastResult: newReply,
    defaultValue: { name: template.name, projectId: data.projects.length === 1 ? data.projects[0]!.id : "" },
  });
  const [addForm, addFields] = useSchemaForm(addTemplateScreenSchema, { id: `template-add-${template.id}`, lastResult: addReply });
  const creating = usePosting("new-from-template", match);
  const adding = usePosting("add-screen", match);
  return (
    <DisclosurePanel
      open={Boolean(newReply?.error || addReply?.error)}
      summary={
        <>
          Use template<span className="sr-only"> {template.name}</span>
        </>
      }
    >
      <div className="space-y-5">
        <section aria-labelledby={`${newForm.id}-h`}>
          <h3 id={`${newForm.id}-h`} className={`text-sm font-semibold ${ui.heading}`}>
            As a new wireframe
          </h3>
          {data.projects.length === 0 ? (
            <p className={`mt-1 text-sm ${ui.muted}`}>
              Wireframes belong to a project.{" "}
              <Link to="/projects" className={ui.link}>
                Create a project first
              </Link>
            </p>
          ) : (
            <Form method="post" {...getFormProps(newForm)} className="mt-2 space-y-3">
              <input type="hidden" name="intent" value="new-from-template" />
              <input type="hidden" name="templateId" value={template.id} />
              <FormErrors form={newForm} />
              <ConformSelect
                meta={newFields.projectId}
                label="Project"
                placeholder="Choose a project"
                options={data.projects.map((p) => ({ value: p.id, label: p.name }))}
              />
              <Field label="Name" {...fieldProps(newFields.name, { type: "text" })} />
              <Button type="submit" size="sm" variant="primary" disabled={creating}>
                {creating ? "Creating..." : "Create wireframe"}
              </Button>
            </Form>
          )}
        </section>
        <section aria-labelledby={`${addForm.id}-h`} className="border-t border-slate-200 pt-4">
          <h3 id={`${addForm.id}-h`} className={`text-sm font-semibold ${ui.heading}`}>
            As a screen of a wireframe
          </h3>
          {data.wireframes.length === 0 ? (
            <p className={`mt-1 text-sm ${ui.muted}`}>There are no wireframes to add it to yet.</p>
          ) : (
            <Form method="post" {...getFormProps(addForm)} className="mt-2 space-y-3">
              <input type="hidden" name="intent" value="add-screen" />
              <input type="hidden" name="templateId" value={template.id} />
              <FormErrors form={addForm} />
              <ConformSelect
                meta={addFields.wireframeId}
                label="Wireframe"
                placeholder="Choose a wireframe"
                options={data.wireframes.map((w) => ({ value: w.id, label: `${w.name} (${w.projectName})` }))}
              />
              <Button type="submit" size="sm" variant="secondary" disabled={adding}>
                {adding ? "Adding..." : "Add screen"}
              </Button>
            </Form>
          )}
        </section>
      </div>
    </DisclosurePanel>
  );
}
