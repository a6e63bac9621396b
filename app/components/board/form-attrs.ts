import { type FieldMetadata, type FormMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";

/**
 * The board's conform-driven forms (the card's fields and move form, a column's and the
 * project's settings) keep their compact inputs rather than `Field`: these give such an
 * input conform's attributes (name, id, constraints, default value, and aria-invalid and
 * aria-describedby pointing at `meta.errorId`), without the key React wants apart.
 * The forms themselves are `useSchemaForm(schema, { disableAutoCoercion: true, … })`
 * (app/components/ui/conform.tsx): the board's schemas say what an empty field means.
 */
type Meta = FieldMetadata<unknown>;
type InputType = Parameters<typeof getInputProps>[1]["type"];

export function inputAttrs(meta: Meta, type: Exclude<InputType, "checkbox" | "radio">) {
  const { key: _key, ...props } = getInputProps(meta as FieldMetadata<string>, { type });
  return props;
}

export function selectAttrs(meta: Meta) {
  const { key: _key, ...props } = getSelectProps(meta as FieldMetadata<string>);
  return props;
}

export function textareaAttrs(meta: Meta) {
  const { key: _key, ...props } = getTextareaProps(meta as FieldMetadata<string>);
  return props;
}

/** The form's messages that none of its `shown` fields displays: form-wide ones and those of its hidden fields. */
export function otherMessages(form: Pick<FormMetadata<Record<string, unknown>, string[]>, "allErrors">, shown: string[]): string | null {
  const rest = Object.entries(form.allErrors)
    .filter(([name]) => !shown.includes(name))
    .flatMap(([, messages]) => messages ?? []);
  return rest.length ? rest.join(" ") : null;
}
