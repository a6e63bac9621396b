/**
 * Create or edit a token with the fields its type needs: colour (picker, hex and oklch), number
 * and unit, font family, weight, duration, cubic Bézier with its curve, shadow layers, the parts
 * of typography and border, JSON for the rest, or an alias to another token. A plain HTML form:
 * without JavaScript it posts as it is; with it, the picker, hex and oklch follow each other and
 * the curve redraws as the numbers change.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { type FormReply, FormErrors, messageOf, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field, useHydrated } from "~/components/ui/form";
import { aliasTarget, isTokenType } from "~/lib/design-tokens/tree";
import { TOKEN_TYPES, type TokenType } from "~/lib/design-tokens/types";
import { TYPE_LABELS, tokenFormFields } from "~/lib/forms/design";
import { Select, usePending, ui } from "./manager-ui";
import { defaultsOf, str } from "./token-defaults";
import { TypeFields } from "./token-value-fields";

type Editing = { set: string; path: string; type: string; storedType: string; value: unknown; description: string };

export function TokenForm({
  action,
  editing,
  newToken,
  setNames,
  reply,
  cancelHref,
}: {
  /** Where the form posts: the list's address (its filter kept). */
  action: string;
  editing: Editing | null;
  newToken: { type: string; set: string } | null;
  setNames: string[];
  reply: FormReply | undefined;
  cancelHref: string;
}) {
  const lastResult = replyFor(reply, "save-token");
  const [form, fields] = useSchemaForm(tokenFormFields, {
    id: "token-form",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const posted = (lastResult?.initialValue ?? null) as Record<string, unknown> | null;
  // The type the fields are for: as posted, as `?type=` asks (editing.type), or as stored; the type select changes it.
  const [type, setType] = useState<TokenType>(
    isTokenType(posted?.type) ? posted.type : ((editing?.type ?? newToken?.type ?? "color") as TokenType),
  );
  // Another type's fields start empty (an alias stays an alias).
  const keepsValue = !editing || type === editing.storedType || aliasTarget(editing.value) !== null;
  const defaults = defaultsOf(type, keepsValue ? editing?.value : undefined);
  const initial = (name: string) => (posted ? str(posted[name]) : (defaults[name] ?? ""));
  const [mode, setMode] = useState<string>(initial("mode") || "value");
  const pending = usePending("save-token");
  const valueError = form.allErrors.value?.[0];
  const errorOf = (name: keyof typeof fields) => messageOf(fields[name] as { errors?: string[] });
  const title = editing ? `Edit ${editing.path}` : `New ${TYPE_LABELS[type] ?? type} token`;
  return (
    <section aria-labelledby="token-form-h" className={`${ui.panel} p-4 sm:p-5`}>
      <h2 id="token-form-h" className={`text-lg font-semibold ${ui.heading}`}>
        {title}
      </h2>
      {editing ? <TypeChooser type={type} storedType={editing.storedType} onChange={setType} error={errorOf("type")} /> : null}
      <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4" noValidate>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="save-token" />
        <input type="hidden" name="type" value={type} />
        {editing ? <input type="hidden" name="originalPath" value={editing.path} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {editing ? (
            <input type="hidden" name="set" value={editing.set} />
          ) : (
            <Select
              label="Set"
              name="set"
              id="token-set"
              defaultValue={initial("set") || newToken?.set || setNames[0]}
              options={setNames.map((s) => ({ value: s, label: s }))}
              error={errorOf("set")}
            />
          )}
          <Field
            label="Name"
            name="path"
            id="token-path"
            defaultValue={initial("path") || editing?.path || ""}
            placeholder="color.brand.500"
            hint={
              editing ? "Changing the name renames the token; aliases and wireframes follow." : "Dot-separated, such as color.brand.500."
            }
            error={errorOf("path")}
            required
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Value</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-700">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="value" defaultChecked={mode !== "alias"} onChange={() => setMode("value")} />
              Its own value
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="alias" defaultChecked={mode === "alias"} onChange={() => setMode("alias")} />
              An alias of another token
            </label>
          </div>
          {/* The server's check of the value as a whole (an alias cycle, a type that does not fit). */}
          {valueError ? (
            <p id="token-value-error" className="mt-1 text-sm text-red-600">
              {valueError}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Alias of"
          name="alias"
          id="token-alias"
          defaultValue={initial("alias")}
          placeholder="color.blue.500"
          hint="Used when 'An alias of another token' is chosen. The token it names must exist and have the same type."
          error={errorOf("alias")}
        />
        <TypeFields type={type} initial={initial} errorOf={(n) => errorOf(n as keyof typeof fields)} />
        <Field
          label="Description (optional)"
          name="description"
          id="token-description"
          defaultValue={initial("description") || editing?.description || ""}
          error={errorOf("description")}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : editing ? "Save token" : "Create token"}
          </Button>
          <Link to={cancelHref} className={ui.link}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/**
 * The token's type: with JavaScript the select swaps the fields at once; without it, a GET form
 * reloads the page with `?type=` (the page's other parameters kept) to show the new type's fields.
 */
function TypeChooser({
  type,
  storedType,
  onChange,
  error,
}: {
  type: TokenType;
  storedType: string;
  onChange: (type: TokenType) => void;
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)].filter(([k]) => k !== "type");
  const changing = type !== storedType;
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Change the token's type">
      {params.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Select
        label="Type"
        name="type"
        id="token-type"
        value={type}
        onChange={(e) => (isTokenType(e.target.value) ? onChange(e.target.value) : undefined)}
        options={TOKEN_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        hint={
          changing
            ? `Changing the type from ${TYPE_LABELS[storedType as TokenType] ?? storedType}: the value must be a ${TYPE_LABELS[type].toLowerCase()}, and tokens that alias this one must still fit.`
            : undefined
        }
        error={error}
        className="w-56"
      />
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          Show its fields
        </Button>
      )}
    </Form>
  );
}
