import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ApiGuide } from "~/components/docs/api-guide";
import { ApiReference } from "~/components/docs/api-reference";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { RouteHandle } from "~/lib/route-handle";
import { apiReference } from "~/.server/api-v1/reference";

/**
 * /docs/api, public: the guide (keys, the first request, pagination, versions, idempotency,
 * errors, webhooks) and the reference, both server-rendered HTML generated from the OpenAPI
 * document. No app JavaScript: it reads the same with scripts off.
 */
export const meta: MetaFunction = () => [
  { title: "API reference · Atelier" },
  { name: "description", content: "The Atelier API: keys, requests, pagination, idempotency, errors and every endpoint." },
];

export const handle: RouteHandle = { hydrate: false };

export function loader({ request }: { request: Request }) {
  return { origin: new URL(request.url).origin, ...apiReference() };
}

export default function ApiDocs() {
  const { origin, operations, problems } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6 [&_a]:underline [&_a]:underline-offset-2">
      <p className="text-sm">
        <a href="/">Atelier</a>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">The Atelier API</h1>
      <p className="mt-3 text-sm leading-6 text-slate-700">
        Script your boards: projects, columns, cards, their comments and checklists, over HTTPS with JSON, at{" "}
        <code className="font-mono">{origin}/api/v1</code>. The machine-readable description is{" "}
        <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1): generate a client from it.
      </p>
      <nav aria-label="On this page" className="mt-6 text-sm">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          <li>
            <a href="#keys">Keys</a>
          </li>
          <li>
            <a href="#first-request">First request</a>
          </li>
          <li>
            <a href="#pagination">Pagination</a>
          </li>
          <li>
            <a href="#versions">Versions</a>
          </li>
          <li>
            <a href="#idempotency">Idempotency</a>
          </li>
          <li>
            <a href="#errors">Errors</a>
          </li>
          <li>
            <a href="#webhooks">Webhooks</a>
          </li>
          <li>
            <a href="#reference">Reference</a>
          </li>
          <li>
            <a href="#problems">Problem types</a>
          </li>
        </ul>
      </nav>
      <ApiGuide origin={origin} />
      <ApiReference operations={operations} problems={problems} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
