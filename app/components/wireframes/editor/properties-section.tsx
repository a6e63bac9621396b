/** The properties panel's building blocks: a titled section, and its small buttons' look. */

export const button =
  "rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `wf-props-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="border-b border-slate-200 p-3">
      <h3 id={id} className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}
