import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { SearchPage } from "~/components/search/search-page";
import type { loader } from "./_app.search.server";

export { loader } from "./_app.search.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.q ? `${data.q} · Search · Atelier` : "Search · Atelier" }];

export default function SearchRoute() {
  return <SearchPage results={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
