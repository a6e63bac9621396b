import type { ReferenceOperation, ReferenceProblem } from "~/lib/api-reference";

/**
 * The reference half of /docs/api, rendered on the server from the OpenAPI document
 * (app/.server/api-v1/reference.ts): every operation, its parameters, body and answers,
 * then the problem types, each at the anchor its `type` URI leads to.
 */
const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PATCH: "bg-amber-100 text-amber-800",
  DELETE: "bg-rose-100 text-rose-800",
};
const cell = "border-t border-slate-200 px-2 py-1.5 align-top";

/** A table that scrolls sideways on a phone, so it takes focus (axe: scrollable-region-focusable). */
function ScrollRegion({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

function Fields({
  caption,
  fields,
}: {
  caption: string;
  fields: { name: string; type: string; required: boolean; in?: string; description?: string }[];
}) {
  if (fields.length === 0) return null;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left text-xs text-slate-700">
        <caption className="text-left font-medium text-slate-900">{caption}</caption>
        <thead>
          <tr className="text-slate-500">
            <th className="px-2 py-1 font-medium">Name</th>
            <th className="px-2 py-1 font-medium">Type</th>
            <th className="px-2 py-1 font-medium">About</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={`${f.in ?? "body"}-${f.name}`}>
              <td className={`${cell} font-mono`}>
                {f.name}
                {f.required ? <span className="text-rose-700"> *</span> : null}
                {f.in ? <span className="block text-slate-500">{f.in}</span> : null}
              </td>
              <td className={`${cell} font-mono break-all`}>{f.type}</td>
              <td className={cell}>{f.description ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export function ApiReference({ operations, problems }: { operations: ReferenceOperation[]; problems: ReferenceProblem[] }) {
  return (
    <>
      <section aria-labelledby="reference" className="mt-12">
        <h2 id="reference" className="text-2xl font-semibold text-slate-900">
          Reference
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          Generated from the <a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>. Paths take ids as the objects give them. An asterisk
          marks what is required.
        </p>
        {operations.map((op) => (
          <article key={op.id} id={op.id} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="flex flex-wrap items-baseline gap-2 text-base font-semibold text-slate-900">
              <span className={`rounded px-1.5 py-0.5 font-mono text-xs ${METHOD_COLOURS[op.method] ?? ""}`}>{op.method}</span>
              <code className="font-mono text-sm break-all">{op.path}</code>
            </h3>
            <p className="mt-1 text-sm text-slate-800">
              {op.summary}
              {op.description ? `. ${op.description}` : ""}
            </p>
            <p className="mt-1 text-xs text-slate-500">
              Scope: <code className="font-mono">{op.scope}</code>
            </p>
            <Fields caption="Parameters" fields={op.parameters} />
            <Fields caption="Body (JSON)" fields={op.body} />
            <ul className="mt-3 space-y-0.5 text-xs text-slate-700">
              {op.answers.map((a) => (
                <li key={a.status}>
                  <span className="font-mono font-medium">{a.status}</span> {a.description}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </section>
      <section aria-labelledby="problems" className="mt-12">
        <h2 id="problems" className="text-2xl font-semibold text-slate-900">
          Problem types
        </h2>
        <ScrollRegion label="Problem types">
          <table className="w-full text-left text-sm text-slate-700">
            <thead>
              <tr className="text-slate-500">
                <th className="px-2 py-1 font-medium">code</th>
                <th className="px-2 py-1 font-medium">Status</th>
                <th className="px-2 py-1 font-medium">Title</th>
                <th className="px-2 py-1 font-medium">type</th>
              </tr>
            </thead>
            <tbody>
              {problems.map((p) => (
                <tr key={p.code} id={`problem-${p.code}`}>
                  <td className={`${cell} font-mono`}>{p.code}</td>
                  <td className={cell}>{p.status}</td>
                  <td className={cell}>{p.title}</td>
                  <td className={`${cell} font-mono text-xs break-all`}>{p.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </section>
    </>
  );
}
