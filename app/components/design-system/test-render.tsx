/** For the design components' tests: a server render inside a data router, as Remix renders a page. */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

/** Server-renders `element` at `url` inside a data router (as Remix does), so Form and the search params work. */
export async function renderAt(element: ReactElement, url = "/"): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** The visible text of server-rendered HTML, one space between words. */
export const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
