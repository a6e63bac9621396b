/**
 * /wireframes/editor: start a wireframe. Project, name, device (a preset or a custom size)
 * and a blank screen or a starter template; the server creates it and sends the browser to
 * the editor. One plain form: it works the same without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Breadcrumb, EmptyState, ScreenHeader } from "~/components/shell/screen";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, messageOf, useSchemaForm, type FormReply } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { DEVICE_SIZES } from "~/lib/wireframes/document";
import { DEVICE_CHOICES, type DeviceChoice, SCREEN_SIZE_MAX, SCREEN_SIZE_MIN, newWireframeSchema } from "~/lib/forms/wireframes";
import { ConformSelect, ui, usePosting } from "./page-ui";
import { type ScreenPreview, ScreenThumbnail } from "./thumbnail";

export type TemplateChoice = { id: string; name: string; description: string; preview: ScreenPreview };

export type NewWireframeData = {
  projects: { id: string; name: string }[];
  templates: TemplateChoice[];
  /** From the address: `?project=<id>` (from a project's list) and `?template=<id>` (from /wireframes/templates). */
  defaults: { projectId: string | null; templateId: string | null };
  canEdit: boolean;
};

export function deviceLabel(device: DeviceChoice): string {
  if (device === "custom") return "Custom size";
  const d = DEVICE_SIZES[device];
  return `${d.label} (${d.width} × ${d.height})`;
}

export function NewWireframePage({ data, reply }: { data: NewWireframeData; reply: FormReply | undefined }) {
  return (
    <>
      <ScreenHeader
        title="New wireframe"
        eyebrow={<Breadcrumb to="/wireframes" label="Wireframes" />}
        description="Choose its project, a name and a device, then start from a blank screen or a template."
      />
      {!data.canEdit ? (
        <EmptyState icon="wireframes" title="You can look, not create" action={{ to: "/wireframes", label: "Back to Wireframes" }}>
          <p>Your role in this workspace lets you open wireframes but not create them. Ask an admin if you need to.</p>
        </EmptyState>
      ) : data.projects.length === 0 ? (
        <EmptyState icon="projects" title="Create a project first" action={{ to: "/projects", label: "Go to Projects" }}>
          <p>Every wireframe belongs to a project, next to the cards that build it.</p>
        </EmptyState>
      ) : (
        <NewWireframeForm data={data} reply={reply} />
      )}
    </>
  );
}

function NewWireframeForm({ data, reply }: { data: NewWireframeData; reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(newWireframeSchema, {
    id: "new-wireframe",
    lastResult: reply,
    defaultValue: {
      projectId: data.defaults.projectId ?? (data.projects.length === 1 ? data.projects[0]!.id : ""),
      device: "desktop",
      templateId: data.defaults.templateId ?? "blank",
    },
  });
  const busy = usePosting("create");
  const device = (fields.device.initialValue as string | undefined) ?? "desktop";
  const template = (fields.templateId.initialValue as string | undefined) || "blank";
  const deviceError = messageOf(fields.device);
  const templateError = messageOf(fields.templateId);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-8">
      <input type="hidden" name="intent" value="create" />
      <FormErrors form={form} />

      <div className={`grid gap-4 p-4 sm:grid-cols-2 sm:p-6 ${ui.panel}`}>
        <ConformSelect
          meta={fields.projectId}
          label="Project"
          placeholder="Choose a project"
          options={data.projects.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Field label="Name" placeholder="e.g. Checkout flow" {...fieldProps(fields.name, { type: "text" })} />
      </div>

      <fieldset className={`p-4 sm:p-6 ${ui.panel}`} aria-describedby={deviceError ? fields.device.errorId : undefined}>
        <legend className={`float-left mb-3 w-full text-sm font-semibold ${ui.heading}`}>Device</legend>
        <div className="clear-both grid gap-2 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          {DEVICE_CHOICES.map((d) => (
            <label
              key={d}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="radio" name={fields.device.name} value={d} defaultChecked={device === d} className="accent-brand-600" />
              {deviceLabel(d)}
            </label>
          ))}
        </div>
        {deviceError ? (
          <p id={fields.device.errorId} className="mt-2 text-sm text-red-600">
            {deviceError}
          </p>
        ) : null}
        <div className="mt-4 grid max-w-md grid-cols-2 gap-3">
          <Field
            label="Width (px)"
            hint="For a custom size"
            inputMode="numeric"
            min={SCREEN_SIZE_MIN}
            max={SCREEN_SIZE_MAX}
            {...fieldProps(fields.width, { type: "number" })}
          />
          <Field
            label="Height (px)"
            hint="For a custom size"
            inputMode="numeric"
            min={SCREEN_SIZE_MIN}
            max={SCREEN_SIZE_MAX}
            {...fieldProps(fields.height, { type: "number" })}
          />
        </div>
      </fieldset>

      <fieldset className={`p-4 sm:p-6 ${ui.panel}`} aria-describedby={templateError ? fields.templateId.errorId : undefined}>
        <legend className={`float-left mb-1 w-full text-sm font-semibold ${ui.heading}`}>Start from</legend>
        <p className={`clear-both mb-3 text-sm ${ui.muted}`}>
          A template brings its own screen size.{" "}
          <Link to="/wireframes/templates" className={ui.link}>
            Preview every template
          </Link>
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          <TemplateRadio
            name={fields.templateId.name}
            value="blank"
            checked={template === "blank"}
            title="Blank screen"
            description="An empty screen of the chosen device."
          />
          {data.templates.map((t) => (
            <TemplateRadio
              key={t.id}
              name={fields.templateId.name}
              value={t.id}
              checked={template === t.id}
              title={t.name}
              description={t.description}
              preview={t.preview}
            />
          ))}
        </div>
        {templateError ? (
          <p id={fields.templateId.errorId} className="mt-2 text-sm text-red-600">
            {templateError}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Creating..." : "Create wireframe"}
        </Button>
        <Link to="/wireframes" className={`text-sm ${ui.link}`}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function TemplateRadio({
  name,
  value,
  checked,
  title,
  description,
  preview,
}: {
  name: string;
  value: string;
  checked: boolean;
  title: string;
  description: string;
  preview?: ScreenPreview;
}) {
  return (
    <label className="flex cursor-pointer flex-col overflow-hidden rounded-lg border border-slate-200 text-sm has-checked:border-brand-600 has-checked:ring-2 has-checked:ring-brand-600">
      {preview ? (
        <ScreenThumbnail preview={preview} className="aspect-[4/3]" />
      ) : (
        <div className={`aspect-[4/3] ${ui.canvas} flex items-center justify-center`} aria-hidden="true">
          <div className="h-3/4 w-3/4 rounded border border-dashed border-slate-300 bg-white" />
        </div>
      )}
      <span className="flex items-start gap-2 p-3">
        <input type="radio" name={name} value={value} defaultChecked={checked} className="mt-0.5 accent-brand-600" />
        <span>
          <span className={`block font-medium ${ui.heading}`}>{title}</span>
          <span className={`block text-xs ${ui.muted}`}>{description}</span>
        </span>
      </span>
    </label>
  );
}
