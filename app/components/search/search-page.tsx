import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import type { SearchResults } from "~/lib/search";
import { SearchHighlight } from "./highlight";

/** /search: a search form and the results grouped by kind; plain links and a GET form, so it works without JavaScript. */
export function SearchPage({ results }: { results: SearchResults }) {
  const { q, groups, total } = results;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Search</h1>
        <p className="mt-1 text-sm text-slate-600">Projects, cards and their comments, members and wireframes in this workspace.</p>
      </div>
      <Form method="get" action="/search" role="search" aria-label="Refine search" className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="search-page-q" className="sr-only">
          Search the workspace
        </label>
        <input
          key={q}
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search projects, cards, people… (#12 for card 12)"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </Form>
      {!q ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          Type a word to search. Card numbers work too: <kbd className="rounded bg-slate-100 px-1">#12</kbd>.
        </p>
      ) : total === 0 ? (
        <div role="status" className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          <p className="font-medium text-slate-900">Nothing matches “{q}”.</p>
          <p className="mt-1">Try fewer or different words, or a card number such as #12.</p>
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600">
            {total} {total === 1 ? "result" : "results"} for “{q}”
          </p>
          {groups.map((group) => (
            <section key={group.kind} aria-labelledby={`search-group-${group.kind}`} className="space-y-2">
              <h2 id={`search-group-${group.kind}`} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                {group.label}
              </h2>
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
                {group.hits.map((hit) => (
                  <li key={hit.id}>
                    <Link
                      to={hit.href}
                      className="block px-4 py-3 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    >
                      <span className="block font-medium break-words text-slate-900">
                        <SearchHighlight segments={hit.title} />
                      </span>
                      <span className="block text-xs text-slate-500">{hit.meta}</span>
                      {hit.snippet && hit.snippet.length > 0 ? (
                        <span className="mt-1 block text-sm break-words text-slate-600">
                          <SearchHighlight segments={hit.snippet} />
                        </span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
