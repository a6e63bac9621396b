import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, replyFor, useSchemaForm, type FormReply } from "~/components/ui/conform";
import { llmSettingsSchema } from "~/lib/forms/workspace";

/**
 * /settings, "Language model" (only when one is configured): whether card titles may be sent
 * to it for the written summaries (off by default). Admins and owners change it with a plain
 * form (JavaScript on or off); others see the choice.
 */
export function LanguageModelSettings({ share, canUpdate, reply }: { share: boolean; canUpdate: boolean; reply: FormReply | undefined }) {
  const [form] = useSchemaForm(llmSettingsSchema, { id: "llm-settings", lastResult: replyFor(reply, "update-llm") });
  const busy = useNavigation().formData?.get("intent") === "update-llm";
  return (
    <section id="language-model" aria-labelledby="llm-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="llm-h" className="text-base font-semibold text-slate-900">
        Language model
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A language model writes the short summaries on Analytics and in the weekly digest, from the numbers only. Card titles are sent to it
        only if you allow it here.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="update-llm" />
        <FormErrors form={form} />
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="shareCardTitles"
            defaultChecked={share}
            disabled={!canUpdate}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
          />
          <span>Allow card titles to be sent to the language model</span>
        </label>
        {canUpdate ? (
          <button type="submit" disabled={busy} className={buttonClass("primary", "md")}>
            {busy ? "Saving…" : "Save language model setting"}
          </button>
        ) : (
          <p className="text-sm text-slate-600">Only admins and owners can change this setting.</p>
        )}
      </Form>
    </section>
  );
}
