import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { getUser } from "~/.server/auth/session";
import { readFlash } from "~/.server/http/flash";
import { useNonce } from "~/components/nonce";
import { ToastProvider } from "~/components/ui/toast";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export const meta: MetaFunction = () => [
  { title: "Atelier" },
  { name: "description", content: "Kanban projects, wireframes, prototypes and a design system for teams." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, flash] = await Promise.all([getUser(request), readFlash(request)]);
  return data(
    {
      user: user
        ? { id: user.id, email: user.email, fullName: user.fullName, avatarUrl: user.avatarUrl, role: user.role }
        : null,
      toasts: flash.toasts,
    },
    { headers: flash.setCookie ? { "Set-Cookie": flash.setCookie } : undefined },
  );
}

export type RootLoaderData = typeof loader;

export function useOptionalUser() {
  return useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useEffect(() => {
    // A marker the end-to-end tests read to tell a hydrated page from a plain HTML one.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<RootLoaderData>("root");
  return (
    <ToastProvider initial={data?.toasts ?? []}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
