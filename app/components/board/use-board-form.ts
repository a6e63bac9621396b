import {
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A board form driven by conform: its own member of the board's intents (app/lib/forms/
 * board.ts), checked in the browser exactly as the server checks it (no automatic
 * coercion: an empty field means something on the board), every field's message shown
 * at once, and the server's refusal (`failureReply`, app/lib/forms/board.ts) shown when it is this form's.
 */
export function useBoardForm<Schema extends z.ZodType>(
  schema: Schema,
  options: { id: string; lastResult: SubmissionResult<string[]>; defaultValue?: Record<string, unknown> },
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }) as never,
  });
}

type Meta = FieldMetadata<unknown>;
type InputType = Parameters<typeof getInputProps>[1]["type"];

// conform's attributes (name, id, constraints, default value, aria-invalid and
// aria-describedby pointing at `meta.errorId`), without the key React wants apart.

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

/** A field's messages as one sentence run, or null. */
export function messageOf(meta: { errors?: string[] }): string | null {
  return meta.errors?.length ? meta.errors.join(" ") : null;
}

/** The form's messages that none of its `shown` fields displays: form-wide ones and those of its hidden fields. */
export function otherMessages(form: Pick<FormMetadata<Record<string, unknown>, string[]>, "allErrors">, shown: string[]): string | null {
  const rest = Object.entries(form.allErrors)
    .filter(([name]) => !shown.includes(name))
    .flatMap(([, messages]) => messages ?? []);
  return rest.length ? rest.join(" ") : null;
}
