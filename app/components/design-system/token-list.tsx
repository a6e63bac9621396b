/**
 * The tokens, set by set: each token's name, type, value as written (an alias shows its target),
 * whether the project inherits it, overrides it or owns it, and its resolved value in every theme
 * side by side. Edit and rename open forms; delete asks first. A GET form starts a new token of a type.
 * A large system shows a page at a time (TOKEN_PAGE_SIZE tokens), narrowed by a text filter and a
 * group through a GET form, with previous/next links: only the visible tokens' values are sent.
 */
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/form";
import { TOKEN_TYPES } from "~/lib/design-tokens/types";
import { TYPE_LABELS } from "~/lib/forms/design";
import { ConfirmForm, Select, ui } from "./manager-ui";
import type { DesignData, ShownValue, TokenRow } from "./types";

const STATUS_STYLE: Record<string, string> = {
  inherited: "bg-slate-100 text-slate-700",
  overridden: "bg-amber-100 text-amber-800",
  own: "bg-brand-50 text-brand-700",
};

export function NewTokenPicker({ data }: { data: DesignData }) {
  const sets = data.project ? data.setNames : data.ownSetNames;
  if (sets.length === 0) return null;
  return (
    <Form method="get" action={data.base} className="flex flex-wrap items-end gap-3" aria-label="Start a new token">
      <input type="hidden" name="tab" value="tokens" />
      {data.theme ? <input type="hidden" name="theme" value={data.theme} /> : null}
      <Select
        label="New token of type"
        name="new"
        id="new-token-type"
        defaultValue="color"
        options={TOKEN_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        className="w-44"
      />
      <Select
        label="In set"
        name="set"
        id="new-token-set"
        defaultValue={sets[0]}
        options={sets.map((s) => ({ value: s, label: s }))}
        className="w-36"
      />
      <Button type="submit" variant="secondary">
        New token
      </Button>
    </Form>
  );
}

function Value({ shown }: { shown: ShownValue }) {
  if (!shown || !shown.css) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex min-w-0 items-center gap-2">
      {shown.swatch ? (
        <span aria-hidden className="inline-block size-4 shrink-0 rounded border border-slate-300" style={{ background: shown.swatch }} />
      ) : null}
      <span className={ui.code}>{shown.css}</span>
    </span>
  );
}

/** The list's own query (tab, theme, filter, page) plus `extra`, as a link to this page. */
export function listHref(data: DesignData, extra: Record<string, string> = {}) {
  const l = data.listing;
  const p = new URLSearchParams({
    tab: "tokens",
    ...(data.themes.length > 1 ? { theme: data.theme } : {}),
    ...(l?.q ? { q: l.q } : {}),
    ...(l?.group ? { group: l.group } : {}),
    ...(l && l.page > 1 ? { page: String(l.page) } : {}),
    ...extra,
  });
  return `${data.base}?${p}`;
}

/** Find tokens: a GET form (text and group) and the page links; all of it works without JavaScript. */
function ListControls({ data }: { data: DesignData }) {
  const l = data.listing!;
  const filtered = Boolean(l.q || l.group);
  const first = l.matching === 0 ? 0 : (l.page - 1) * l.pageSize + 1;
  const last = Math.min(l.matching, l.page * l.pageSize);
  return (
    <div className="space-y-3">
      <Form method="get" action={data.base} className="flex flex-wrap items-end gap-3" aria-label="Find tokens">
        <input type="hidden" name="tab" value="tokens" />
        {data.themes.length > 1 ? <input type="hidden" name="theme" value={data.theme} /> : null}
        <Field
          label="Filter"
          name="q"
          id="token-filter"
          type="search"
          defaultValue={l.q}
          placeholder="color.brand, shadow…"
          className="w-56"
        />
        <Select
          label="Group"
          name="group"
          id="token-group"
          defaultValue={l.group}
          options={[
            { value: "", label: `All groups (${l.total})` },
            ...l.groups.map((g) => ({ value: g.id, label: `${g.set} / ${g.name} (${g.count})` })),
          ]}
          className="w-56"
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered ? (
          <Link
            to={`${data.base}?${new URLSearchParams({ tab: "tokens", ...(data.themes.length > 1 ? { theme: data.theme } : {}) })}`}
            className={ui.link}
          >
            Clear filter
          </Link>
        ) : null}
      </Form>
      <nav aria-label="Token pages" className="flex flex-wrap items-center gap-3 text-sm">
        <p className={ui.muted} role="status">
          {l.matching === 0
            ? "No token matches this filter."
            : `Tokens ${first}–${last} of ${l.matching}${filtered ? ` matching (${l.total} in all)` : ""}`}
        </p>
        {l.pages > 1 ? (
          <>
            {l.page > 1 ? (
              <Link to={listHref(data, { page: String(l.page - 1) })} className={ui.link} rel="prev">
                Previous page
              </Link>
            ) : null}
            <span className={ui.muted}>
              Page {l.page} of {l.pages}
            </span>
            {l.page < l.pages ? (
              <Link to={listHref(data, { page: String(l.page + 1) })} className={ui.link} rel="next">
                Next page
              </Link>
            ) : null}
          </>
        ) : null}
      </nav>
    </div>
  );
}

export function TokenList({ data }: { data: DesignData }) {
  const themes = data.themes;
  const filtered = Boolean(data.listing?.q || data.listing?.group);
  // The sets with tokens on this page; with no filter, empty sets too (to say so).
  const shown = data.sets.filter((s) => s.tokens.length > 0 || (!filtered && s.count === 0));
  return (
    <div className="space-y-6">
      {data.listing ? <ListControls data={data} /> : null}
      {shown.map((set) => (
        <section key={set.name} aria-labelledby={`set-${set.name}-h`} className={ui.panel}>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id={`set-${set.name}-h`} className={`text-base font-semibold ${ui.heading}`}>
              Set {set.name} <span className={`text-sm font-normal ${ui.muted}`}>· {set.count} tokens</span>
            </h2>
          </div>
          {set.tokens.length === 0 ? (
            <p className={`px-4 py-6 text-sm ${ui.muted}`}>This set has no tokens yet.</p>
          ) : (
            // relative: the table's sr-only texts (absolutely placed) stay inside the scroll box
            // instead of widening the whole page on a phone.
            <div className="relative overflow-x-auto" data-scroll>
              <table className="w-full min-w-[40rem] text-sm">
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={ui.th}>
                      Token
                    </th>
                    <th scope="col" className={ui.th}>
                      Value
                    </th>
                    {themes.map((t) => (
                      <th key={t} scope="col" className={ui.th}>
                        {t}
                      </th>
                    ))}
                    <th scope="col" className={ui.th}>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {set.tokens.map((t) => (
                    <Row
                      key={t.path}
                      token={t}
                      set={set.name}
                      data={data}
                      editHref={listHref(data, { edit: `${set.name}:${t.path}` })}
                      focused={data.listing?.focus === `${set.name}:${t.path}`}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

function Row({
  token: t,
  set,
  data,
  editHref,
  focused,
}: {
  token: TokenRow;
  set: string;
  data: DesignData;
  editHref: string;
  focused: boolean;
}) {
  const mine = !data.project || t.status !== "inherited";
  return (
    <tr data-token={t.path} data-focus={focused || undefined} className={focused ? "bg-brand-50" : undefined}>
      <td className={ui.td}>
        <div className={`font-mono text-xs font-semibold ${ui.heading}`}>{t.path}</div>
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
            {TYPE_LABELS[t.type as keyof typeof TYPE_LABELS] ?? t.type}
          </span>
          {data.project ? <span className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[t.status]}`}>{t.status}</span> : null}
          {t.deprecated ? <span className="rounded bg-red-50 px-1.5 py-0.5 text-red-700">deprecated</span> : null}
        </div>
        {t.description ? <p className={`mt-1 text-xs ${ui.muted}`}>{t.description}</p> : null}
      </td>
      <td className={`${ui.td} max-w-[16rem]`}>
        <span className={ui.code}>{t.value}</span>
      </td>
      {data.themes.map((theme) => (
        <td key={theme} className={`${ui.td} max-w-[14rem]`}>
          <Value shown={t.resolved[theme] ?? null} />
        </td>
      ))}
      <td className={`${ui.td} whitespace-nowrap text-right`}>
        {data.canEdit ? (
          <div className="flex justify-end gap-2">
            <Link to={editHref} className={ui.summary} aria-label={`Edit ${t.path}`}>
              {data.project && t.status === "inherited" ? "Override" : "Edit"}
            </Link>
            {mine ? (
              <ConfirmForm
                summary="Delete"
                question={
                  data.project && t.status === "overridden"
                    ? `Remove this project's override of ${t.path}? The inherited value comes back.`
                    : `Delete ${t.path}? Tokens and wireframes that refer to it will need another.`
                }
                confirm={`Delete ${t.path}`}
                fields={{ intent: "delete-token", set, path: t.path }}
                pendingMatch={["path", t.path]}
              />
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
}
