/**
 * Sets and themes (ordered sets; a theme enables a list of them, later sets winning) and the raw
 * JSON editor of one set, validated against the format before it saves (problems at their path).
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { type FormReply, FormErrors, fieldProps, messageOf, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { createSetSchema, saveThemeSchema, setJsonSchema } from "~/lib/forms/design";
import { ConfirmForm, ui, usePending } from "./manager-ui";
import type { DesignData } from "./types";

export function JsonEditor({ data, reply }: { data: DesignData; reply: FormReply | undefined }) {
  const lastResult = replyFor(reply, "save-set-json");
  const [form, fields] = useSchemaForm(setJsonSchema, { id: `json-${data.jsonSet}`, lastResult, shouldValidate: "onSubmit" });
  const pending = usePending("save-set-json");
  const sets = data.ownSetNames.length > 0 ? data.ownSetNames : [];
  const posted = lastResult?.initialValue?.json;
  const error = messageOf(fields.json);
  if (!data.jsonSet || (data.project && sets.length === 0)) {
    return (
      <p className={`${ui.dashed} p-6 text-sm ${ui.muted}`}>
        {data.project
          ? "This project has no sets of its own yet: add or override a token first, or add a set under Sets & themes."
          : "There are no sets yet. Add one under Sets & themes."}
      </p>
    );
  }
  return (
    <section aria-labelledby="json-h" className={`${ui.panel} p-4 sm:p-5`}>
      <h2 id="json-h" className={`text-lg font-semibold ${ui.heading}`}>
        Raw JSON of set {data.jsonSet}
      </h2>
      <nav aria-label="Sets" className="mt-3 flex flex-wrap gap-2">
        {sets.map((s) => (
          <Link
            key={s}
            to={`${data.base}?tab=json&set=${encodeURIComponent(s)}`}
            aria-current={s === data.jsonSet ? "page" : undefined}
            className={`rounded-md px-2.5 py-1 text-sm ${s === data.jsonSet ? "bg-brand-50 text-brand-700 ring-1 ring-brand-200" : "text-slate-600 hover:bg-slate-100"}`}
          >
            {s}
          </Link>
        ))}
      </nav>
      <p className={`mt-3 text-sm ${ui.muted}`}>
        The set's tokens in the DTCG format ($value, $type, $description, $extensions…). It is checked before it saves; nothing is saved
        while it has a problem.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3" noValidate>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="save-set-json" />
        <input type="hidden" name="set" value={data.jsonSet} />
        <label htmlFor="set-json" className="sr-only">
          JSON of set {data.jsonSet}
        </label>
        <textarea
          id="set-json"
          name="json"
          rows={22}
          spellCheck={false}
          readOnly={!data.canEdit}
          defaultValue={typeof posted === "string" ? posted : data.jsonText}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "set-json-error" : undefined}
          className={ui.textarea}
        />
        {error ? (
          <p id="set-json-error" role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        {data.canEdit ? (
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save set"}
          </Button>
        ) : null}
      </Form>
    </section>
  );
}

export function SetsAndThemes({ data, reply }: { data: DesignData; reply: FormReply | undefined }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="sets-h" className={`${ui.panel} p-4 sm:p-5`}>
        <h2 id="sets-h" className={`text-lg font-semibold ${ui.heading}`}>
          Sets
        </h2>
        <p className={`mt-1 text-sm ${ui.muted}`}>In order: when two enabled sets define a token, the later one wins.</p>
        {data.setNames.length === 0 ? (
          <p className={`mt-4 text-sm ${ui.muted}`}>No sets yet.</p>
        ) : (
          <ol className="mt-4 divide-y divide-slate-100 rounded-md border border-slate-200">
            {data.setNames.map((name, i) => {
              const own = data.ownSetNames.includes(name);
              return (
                <li key={name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className={`text-sm font-medium ${ui.heading}`}>
                    {name}
                    {data.project && !own ? <span className={`ml-2 text-xs font-normal ${ui.muted}`}>inherited</span> : null}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {data.canEdit && own ? (
                      <>
                        <MoveSet name={name} direction="up" disabled={i === 0 || data.ownSetNames.indexOf(name) === 0} />
                        <MoveSet name={name} direction="down" disabled={data.ownSetNames.indexOf(name) === data.ownSetNames.length - 1} />
                      </>
                    ) : null}
                    {data.canPublish && own ? (
                      <ConfirmForm
                        summary="Delete"
                        question={`Delete set ${name} and all its tokens? Themes stop using it.`}
                        confirm={`Delete set ${name}`}
                        fields={{ intent: "delete-set", name }}
                        pendingMatch={["name", name]}
                      />
                    ) : null}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {data.canEdit ? <NewSetForm reply={reply} /> : null}
      </section>
      <section aria-labelledby="themes-h" className={`${ui.panel} p-4 sm:p-5`}>
        <h2 id="themes-h" className={`text-lg font-semibold ${ui.heading}`}>
          Themes
        </h2>
        <p className={`mt-1 text-sm ${ui.muted}`}>A theme enables a list of sets, for example light and dark modes or brands.</p>
        <ul className="mt-4 space-y-4">
          {data.themeSets.map((t) => (
            <li key={t.name} className="rounded-md border border-slate-200 p-3">
              {data.canEdit ? (
                <ThemeEditor data={data} reply={reply} theme={t} />
              ) : (
                <p className="text-sm">
                  <span className={`font-medium ${ui.heading}`}>{t.name}</span>: {t.sets.join(", ")}
                </p>
              )}
            </li>
          ))}
        </ul>
        {data.canEdit ? (
          <div className="mt-4 rounded-md border border-dashed border-slate-300 p-3">
            <h3 className={`text-sm font-semibold ${ui.heading}`}>New theme</h3>
            <ThemeEditor data={data} reply={reply} theme={null} />
          </div>
        ) : null}
      </section>
    </div>
  );
}

function MoveSet({ name, direction, disabled }: { name: string; direction: "up" | "down"; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move-set" />
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" disabled={disabled} className={`${ui.summary} disabled:opacity-40`} aria-label={`Move ${name} ${direction}`}>
        {direction === "up" ? "↑" : "↓"}
      </button>
    </Form>
  );
}

function NewSetForm({ reply }: { reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(createSetSchema, {
    id: "new-set",
    lastResult: replyFor(reply, "create-set"),
    shouldValidate: "onSubmit",
  });
  const pending = usePending("create-set");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-3" noValidate>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="create-set" />
      <Field label="New set" {...fieldProps(fields.name, { type: "text" })} placeholder="brand-b" className="w-48" />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Adding…" : "Add set"}
      </Button>
    </Form>
  );
}

function ThemeEditor({
  data,
  reply,
  theme,
}: {
  data: DesignData;
  reply: FormReply | undefined;
  theme: { name: string; sets: string[] } | null;
}) {
  const id = theme ? `theme-${theme.name}` : "theme-new";
  const lastResult = replyFor(reply, "save-theme", ["originalName", theme?.name ?? ""]);
  const [form, fields] = useSchemaForm(saveThemeSchema, { id, lastResult, shouldValidate: "onSubmit" });
  const pending = usePending("save-theme", ["originalName", theme?.name ?? ""]);
  const inherited = data.project && theme && !data.ownThemeNames.includes(theme.name);
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="mt-2 space-y-3" noValidate>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="save-theme" />
        <input type="hidden" name="originalName" value={theme?.name ?? ""} />
        <Field label="Theme name" {...fieldProps(fields.name, { type: "text" })} defaultValue={theme?.name ?? ""} className="w-56" />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Sets it enables</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {data.setNames.map((s) => (
              <label key={s} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" name="sets" value={s} defaultChecked={theme?.sets.includes(s) ?? false} />
                {s}
              </label>
            ))}
          </div>
          {messageOf(fields.sets) ? <p className="mt-1 text-sm text-red-600">{messageOf(fields.sets)}</p> : null}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={pending}>
            {pending ? "Saving…" : theme ? (inherited ? "Override theme" : "Save theme") : "Add theme"}
          </Button>
        </div>
      </Form>
      {theme && !inherited ? (
        <div className="mt-2">
          <ConfirmForm
            summary="Delete theme"
            question={`Delete theme ${theme.name}? Its sets stay.`}
            confirm={`Delete theme ${theme.name}`}
            fields={{ intent: "delete-theme", name: theme.name }}
            pendingMatch={["name", theme.name]}
          />
        </div>
      ) : null}
    </>
  );
}
