import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { getUser } from "~/.server/auth/session";
import { readFlash } from "~/.server/http/flash";
import { themeFor } from "~/.server/preferences/theme";
import { timeZoneFor } from "~/.server/preferences/time-zone";
import { useNonce } from "~/components/nonce";
import { ToastProvider } from "~/components/ui/toast";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { StartupGuard } from "~/components/errors/startup-guard";
import { NavigationSplash } from "~/components/shell/loading";
import { wantsHydration } from "~/lib/route-handle";
import { colorSchemeOf } from "~/lib/theme";
import { rememberBrowserTimeZone } from "~/lib/time-zone-cookie";
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
  const cookieHeader = request.headers.get("Cookie");
  // Every date is shown in this zone, by the server and by the hydrated page alike (~/lib/dates).
  const timeZone = await timeZoneFor(user, cookieHeader);
  return data(
    {
      user: user ? { id: user.id, email: user.email, fullName: user.fullName, avatarUrl: user.avatarUrl, role: user.role } : null,
      // An id per flash toast: the server-rendered toast and the hydrated one must match,
      // and a toast brought by a later navigation must not be mistaken for a shown one.
      toasts: flash.toasts.map((t) => ({ ...t, id: t.id ?? crypto.randomUUID() })),
      // The colour theme, on <html> from the first byte (no flash of the other one): app/styles/dark.css.
      theme: themeFor(user, cookieHeader),
      // The user's time zone, else the browser's (its cookie), else null: UTC, said so in /profile.
      timeZone,
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
  // A page whose route says `handle = { hydrate: false }` is sent as plain HTML: no framework
  // scripts, and no start-up guard, since there is no app to fail to start.
  const hydrate = wantsHydration(useMatches());
  const theme = useRouteLoaderData<RootLoaderData>("root")?.theme ?? "system";
  useEffect(() => {
    // A marker the end-to-end tests read to tell a hydrated page from a plain HTML one.
    document.documentElement.dataset.hydrated = "true";
    // The browser's time zone, for the server to show dates in (stored on first sign-in).
    rememberBrowserTimeZone();
  }, []);
  return (
    <html lang="en" className="h-full" data-theme={theme} style={{ colorScheme: colorSchemeOf(theme) }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {hydrate ? <StartupGuard nonce={nonce} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="h-full bg-slate-50 text-slate-900">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

const NO_TOASTS: never[] = [];

export default function App() {
  const data = useRouteLoaderData<RootLoaderData>("root");
  return (
    <ToastProvider initial={data?.toasts ?? NO_TOASTS}>
      <Outlet />
      <NavigationSplash />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  // The root failed: nothing to revalidate into, so the way out is a real reload.
  return <GeneralErrorBoundary retry="reload" />;
}
