import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, useSchemaForm, type FormReply } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { askSchema } from "~/lib/forms/ask";
import type { AskAnswer } from "~/lib/llm";

/**
 * "Ask about this project" (only when a language model is configured): a plain POST form to
 * /analytics (JavaScript on or off). The answer is the board's own filter, shown in words,
 * with a link to the filtered board and the matching cards.
 */
export function AskAboutProject({
  projectId,
  action,
  reply,
  answer,
}: {
  projectId: string;
  /** /analytics with the page's query, so the page comes back the same. */
  action: string;
  reply: FormReply | undefined;
  answer: AskAnswer | null;
}) {
  const [form, fields] = useSchemaForm(askSchema, { id: "ask-about-project", lastResult: reply, shouldValidate: "onSubmit" });
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "ask";
  return (
    <section aria-labelledby="ask-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm xl:col-span-2">
      <h3 id="ask-title" className="text-base font-semibold text-slate-900">
        Ask about this project
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        A language model turns your question into the board&apos;s filter (title words, assignee, label, priority, due date); you see the
        filter and the cards it finds.
      </p>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="project" value={projectId} />
        <FormErrors form={form} />
        <div className="min-w-0 flex-1">
          <Field label="Question" placeholder="Which urgent cards are overdue?" {...fieldProps(fields.question, { type: "text" })} />
        </div>
        <Button type="submit" variant="primary" className="sm:mt-6" disabled={busy}>
          {busy ? "Asking…" : "Ask"}
        </Button>
      </Form>
      {answer ? <AskResult answer={answer} /> : null}
    </section>
  );
}

function AskResult({ answer }: { answer: AskAnswer }) {
  if (!answer.ok) {
    return (
      <div role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        <p>{answer.message}</p>
        <p className="mt-1">
          <Link to={answer.href} className="font-medium text-brand-700 underline">
            Open the board
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div role="status" className="mt-3 space-y-2 text-sm">
      <p className="text-slate-800">
        <span className="font-medium">Filter:</span> {answer.parts.join(" · ")}
      </p>
      <p>
        <Link to={answer.href} className="font-medium text-brand-700 underline">
          Open the filtered board ({answer.total} {answer.total === 1 ? "card" : "cards"})
        </Link>
      </p>
      {answer.cards.length === 0 ? (
        <p className="text-slate-600">No card matches this filter.</p>
      ) : (
        <ul aria-label="Matching cards" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {answer.cards.map((c) => (
            <li key={c.id} className="flex items-baseline justify-between gap-3 px-3 py-2">
              <Link to={c.href} className="min-w-0 truncate text-brand-700 hover:underline">
                #{c.number} {c.title}
              </Link>
              <span className="shrink-0 text-xs text-slate-600">{c.column}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
