import { type FieldMetadata, type SubmissionResult, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { FormMessage } from "./form";

/**
 * Forms, the one way (see docs/architecture.md, "Forms"): one zod schema per form in
 * app/lib/forms/, parsed on the server by `parseSubmission` and here by conform for
 * instant messages, so both say the same thing. The form posts as a plain HTML form;
 * without JavaScript the server's reply (lastResult) shows the same messages.
 *
 *   const [form, fields] = useSchemaForm(projectFormSchema, { lastResult: actionData });
 *   <Form method="post" {...getFormProps(form)}>
 *     <FormErrors form={form} />
 *     <Field label="Name" {...fieldProps(fields.name, { type: "text" })} />
 */
export function useSchemaForm<Schema extends z.ZodType>(
  schema: Schema,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null | undefined;
    defaultValue?: Record<string, unknown>;
    /** When the browser starts checking a field: after it is left (default) or on submit. */
    shouldValidate?: "onBlur" | "onSubmit" | "onInput";
    /** For schemas that say what an empty field means themselves (the board's): parse the fields as they are, as the server does. */
    disableAutoCoercion?: boolean;
  } = {},
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: options.disableAutoCoercion }) as never,
  });
}

type InputType = Parameters<typeof getInputProps>[1]["type"];

/**
 * The props of `Field` (app/components/ui/form.tsx) for a conform field: its name, id,
 * default value and constraints, and its messages. `Field` wires aria-invalid and
 * aria-describedby to the same ids conform uses (`{id}-error`).
 */
export function fieldProps(meta: FieldMetadata<unknown>, options: { type: Exclude<InputType, "checkbox" | "radio"> }) {
  // conform's key resets the input when the server resets the form; React wants it apart.
  const { key: _key, ...props } = getInputProps(meta as FieldMetadata<string>, { type: options.type, ariaAttributes: false });
  return { ...props, name: meta.name, id: meta.id, error: messageOf(meta) };
}

export function textareaProps(meta: FieldMetadata<unknown>) {
  const { key: _key, ...props } = getTextareaProps(meta as FieldMetadata<string>, { ariaAttributes: false });
  return { ...props, name: meta.name, id: meta.id, error: messageOf(meta) };
}

/** Every message of a field, in one sentence run (a field shows all of its problems at once). */
export function messageOf(meta: { errors?: string[] }): string | undefined {
  return meta.errors && meta.errors.length > 0 ? meta.errors.join(" ") : undefined;
}

/** The form-wide messages (a refused sign-in, a plan limit), announced at once. */
export function FormErrors({ form }: { form: { errors?: string[]; errorId: string } }) {
  if (!form.errors || form.errors.length === 0) return <div id={form.errorId} hidden />;
  return (
    <FormMessage tone="error" id={form.errorId}>
      {form.errors.join(" ")}
    </FormMessage>
  );
}

export type FormReply = SubmissionResult<string[]>;

/**
 * The action's reply if it answers this form: the same `intent` and, for per-item forms,
 * the same item id (one action serves several forms of a page).
 */
export function replyFor(
  reply: FormReply | null | undefined,
  intent: string,
  match?: [field: string, value: string],
): FormReply | undefined {
  if (!reply?.initialValue || reply.initialValue.intent !== intent) return undefined;
  if (match && reply.initialValue[match[0]] !== match[1]) return undefined;
  return reply;
}

/** Every message of a reply, form-wide first, for a page that shows a form's failure in one place. */
export function replyMessages(reply: FormReply | null | undefined): string[] {
  if (!reply?.error) return [];
  const { "": formWide, ...fields } = reply.error;
  return [...(formWide ?? []), ...Object.values(fields).flatMap((messages) => messages ?? [])];
}
