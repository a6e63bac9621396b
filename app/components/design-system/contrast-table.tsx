/**
 * The contrast tab (issue 9): for each theme, every text-and-surface pair the semantic
 * colours define with its WCAG 2.2 ratio and AA / AAA verdicts for normal and large text
 * (a pair below AA for normal text is flagged, and listed above as an issue of the design
 * system), and a pair the user picks: a GET form (`?fg=&bg=`, token paths or CSS colours)
 * that works without JavaScript and keeps the page's other query parameters.
 */
import { Form, useSearchParams } from "@remix-run/react";
import { useId } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { Field } from "~/components/ui/form";
import { contrastRows, designIssues, pickedPair, themeEntries, type ContrastRow, type ResolvedByTheme } from "~/lib/design-tokens/issues";
import type { Verdicts } from "~/lib/design-tokens/contrast";

const VERDICTS: { key: keyof Verdicts; label: string; need: string }[] = [
  { key: "aaNormal", label: "AA normal", need: "4.5:1" },
  { key: "aaLarge", label: "AA large", need: "3:1" },
  { key: "aaaNormal", label: "AAA normal", need: "7:1" },
  { key: "aaaLarge", label: "AAA large", need: "4.5:1" },
];

function Verdict({ pass }: { pass: boolean }) {
  return pass ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-200 ring-inset">
      <span aria-hidden="true">✓</span> Pass
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200 ring-inset">
      <span aria-hidden="true">✕</span> Fail
    </span>
  );
}

/** "Aa" in the text colour on the surface colour (the colours are the system's data, not the page's). */
function Sample({ row }: { row: ContrastRow }) {
  return (
    <span
      className="inline-flex h-8 w-12 items-center justify-center rounded border border-slate-300 text-sm font-semibold"
      style={{ color: row.textHex, background: row.surfaceHex }}
      aria-hidden="true"
    >
      Aa
    </span>
  );
}

function PairTable({ caption, rows, pairLabel = true }: { caption: string; rows: ContrastRow[]; pairLabel?: boolean }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              {pairLabel ? "Text on surface" : "Colours"}
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Sample</span>
            </th>
            <th scope="col" className="px-3 py-2">
              Ratio
            </th>
            {VERDICTS.map((v) => (
              <th key={v.key} scope="col" className="px-3 py-2 whitespace-nowrap">
                {v.label} <span className="font-normal normal-case">({v.need})</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => {
            const failing = !r.verdicts.aaNormal;
            return (
              <tr key={`${r.text}\u0000${r.surface}`} className={failing ? "bg-red-50" : undefined} data-failing={failing || undefined}>
                <th scope="row" className="px-3 py-2 text-left font-normal text-slate-900">
                  <code className="text-xs break-all">{r.text}</code>
                  <span className="text-slate-500"> on </span>
                  <code className="text-xs break-all">{r.surface}</code>
                  {failing ? <span className="ml-2 text-xs font-semibold text-red-800">Fails AA</span> : null}
                </th>
                <td className="px-3 py-2">
                  <Sample row={r} />
                </td>
                <td className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900 tabular-nums">{r.ratioText}:1</td>
                {VERDICTS.map((v) => (
                  <td key={v.key} className="px-3 py-2">
                    <Verdict pass={r.verdicts[v.key]} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ContrastTable({
  resolvedByTheme,
  fg: fgProp,
  bg: bgProp,
}: {
  /** Every theme's resolved tokens (`resolveAll`, or records of arrays from a loader). */
  resolvedByTheme: ResolvedByTheme;
  /** The picked pair; by default `?fg=` and `?bg=` of the page's address. */
  fg?: string | null;
  bg?: string | null;
}) {
  const [params] = useSearchParams();
  const fg = (fgProp ?? params.get("fg") ?? "").slice(0, 200);
  const bg = (bgProp ?? params.get("bg") ?? "").slice(0, 200);
  const themes = themeEntries(resolvedByTheme);
  const issues = designIssues(resolvedByTheme);
  const headingId = useId();
  const colorPaths = [...new Set(themes.flatMap(([, tokens]) => tokens.filter((t) => t.type === "color").map((t) => t.path)))].sort();
  return (
    <div className="space-y-8">
      {issues.length ? (
        <section aria-labelledby={`${headingId}-issues`} className="rounded-lg border border-red-200 bg-red-50 p-4">
          <h2 id={`${headingId}-issues`} className="text-sm font-semibold text-red-900">
            {issues.length === 1 ? "1 semantic pair fails AA" : `${issues.length} semantic pairs fail AA`}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-900">
            {issues.map((i, n) => (
              <li key={n}>{i.message}</li>
            ))}
          </ul>
        </section>
      ) : (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          Every semantic text-and-surface pair passes AA in every theme.
        </p>
      )}

      {themes.map(([theme, tokens]) => {
        const rows = contrastRows(tokens);
        return (
          <section key={theme} aria-labelledby={`${headingId}-${theme}`}>
            <h2 id={`${headingId}-${theme}`} className="mb-2 text-base font-semibold text-slate-900">
              {theme} theme
            </h2>
            {rows.length ? (
              <PairTable caption={`Semantic text and surface pairs in the ${theme} theme`} rows={rows} />
            ) : (
              <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
                This theme defines no text-and-surface pairs: name colours under <code>color.text</code> and <code>color.surface</code> (or
                give a colour <code>$extensions["app.atelier"].pairsWith</code>) to check them here.
              </p>
            )}
          </section>
        );
      })}

      <PickedPair fg={fg} bg={bg} themes={themes} colorPaths={colorPaths} />
    </div>
  );
}

function PickedPair({
  fg,
  bg,
  themes,
  colorPaths,
}: {
  fg: string;
  bg: string;
  themes: ReturnType<typeof themeEntries>;
  colorPaths: string[];
}) {
  const [params] = useSearchParams();
  const id = useId();
  const asked = fg !== "" || bg !== "";
  const results = asked && fg && bg ? themes.map(([theme, tokens]) => ({ theme, result: pickedPair(fg, bg, tokens) })) : [];
  const rows = results.flatMap((r) => (r.result.ok ? [{ theme: r.theme, row: r.result.row }] : []));
  const failed = results.find((r) => !r.result.ok)?.result;
  const error = failed && !failed.ok ? failed : null;
  const fgError = asked && !fg ? "Give a text colour." : error?.field === "fg" ? error.message : undefined;
  const bgError = asked && !bg ? "Give a background colour." : error?.field === "bg" ? error.message : undefined;
  // Identical in every theme (two CSS colours): one row is enough.
  const distinct = rows.filter((r, i) => i === 0 || r.row.textHex !== rows[0]!.row.textHex || r.row.surfaceHex !== rows[0]!.row.surfaceHex);
  const oneRow = rows.length > 0 && distinct.length === 1;
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Check a pair
      </h2>
      <p className="mt-1 text-sm text-slate-600">A token path (such as color.text.primary) or a CSS colour (#767676, oklch(…)) for each.</p>
      <Form method="get" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        {[...params.entries()]
          .filter(([k]) => k !== "fg" && k !== "bg")
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        <Field label="Text colour" name="fg" defaultValue={fg} list={`${id}-colors`} maxLength={200} error={fgError} autoComplete="off" />
        <Field
          label="Background colour"
          name="bg"
          defaultValue={bg}
          list={`${id}-colors`}
          maxLength={200}
          error={bgError}
          autoComplete="off"
        />
        <button type="submit" className={buttonClass("secondary", "md", "sm:mt-6")}>
          Check contrast
        </button>
        <datalist id={`${id}-colors`}>
          {colorPaths.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </Form>
      {rows.length && !error ? (
        <div className="mt-4 space-y-3" role="status">
          {oneRow ? (
            <PairTable caption="The pair you picked" rows={[rows[0]!.row]} pairLabel={false} />
          ) : (
            rows.map((r) => (
              <div key={r.theme}>
                <h3 className="mb-1 text-sm font-semibold text-slate-800">{r.theme} theme</h3>
                <PairTable caption={`The pair you picked, in the ${r.theme} theme`} rows={[r.row]} pairLabel={false} />
              </div>
            ))
          )}
        </div>
      ) : null}
    </section>
  );
}
