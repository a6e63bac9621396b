/**
 * The signed-in app's frame (spec section 2): sidebar, header, content. Everything works
 * without JavaScript (forms, links, <details>); JavaScript makes the toggles instant and
 * adds the drawer's focus handling and the keyboard shortcuts.
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ErrorFrameContext } from "~/components/errors/error-screen";
import { CommandPalette } from "~/components/search/command-palette";
import { focusableIn, keepFocusInside } from "~/components/ui/focus-trap";
import { Header } from "./header";
import { ScreenLoading, usePendingScreen } from "./loading";
import { Sidebar } from "./sidebar";
import { rememberSidebarCollapsed } from "~/lib/sidebar-cookie";
import type { ShellUser } from "./user-display";
import type { ShellWorkspace } from "./workspace-switcher";

const SMALL_SCREEN = "(max-width: 1023.98px)";

function withMenu(location: { pathname: string; search: string }, open: boolean): string {
  const params = new URLSearchParams(location.search);
  if (open) params.set("menu", "open");
  else params.delete("menu");
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/** While the drawer is open on a small screen: focus inside it, Tab cycles, Escape closes. */
function useDrawerFocus(open: boolean, drawer: React.RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    const root = drawer.current;
    if (!open || !root || !window.matchMedia(SMALL_SCREEN).matches) return;
    focusableIn(root)[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        return;
      }
      keepFocusInside(event, root);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, drawer, close]);
}

/** '/' focuses a search box; '[' collapses or expands the sidebar (listed in the help menu). */
function useShellShortcuts(toggleCollapsed: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement;
      if (target.closest("input, textarea, select, [contenteditable=true]")) return;
      if (event.key === "/") {
        const box = [...document.querySelectorAll<HTMLInputElement>("[data-search-box]")].find((el) => el.offsetParent !== null);
        if (box) {
          event.preventDefault();
          box.focus();
        }
      } else if (event.key === "[" && !window.matchMedia(SMALL_SCREEN).matches) {
        event.preventDefault();
        toggleCollapsed();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [toggleCollapsed]);
}

export function AppShell({
  user,
  sidebarCollapsed,
  workspaces,
  currentWorkspaceId,
  children,
}: {
  workspaces: ShellWorkspace[];
  currentWorkspaceId: string;
  user: ShellUser;
  sidebarCollapsed: boolean;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const menuInUrl = new URLSearchParams(location.search).get("menu") === "open";

  const [collapsed, setCollapsed] = useState(sidebarCollapsed);
  useEffect(() => setCollapsed(sidebarCollapsed), [sidebarCollapsed]);

  const toggleCollapsed = useCallback(() => {
    const next = !collapsed;
    setCollapsed(next);
    // The cookie makes the next server render match; written here at once, so a reload
    // right after the click is right too, and confirmed by the server's answer.
    rememberSidebarCollapsed(next);
    void fetch("/preferences/sidebar", {
      method: "POST",
      body: new URLSearchParams({ collapsed: String(next) }),
    }).catch(() => {});
  }, [collapsed]);

  const [drawerOpen, setDrawerOpen] = useState(menuInUrl);
  // A navigation (a nav link, the browser's back button) shows the drawer as the URL says.
  useEffect(() => setDrawerOpen(menuInUrl), [location.key, menuInUrl]);

  const drawerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLAnchorElement>(null);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    if (menuInUrl) navigate(withMenu(location, false), { replace: true, preventScrollReset: true });
    menuButtonRef.current?.focus();
  }, [menuInUrl, navigate, location]);

  useDrawerFocus(drawerOpen, drawerRef, closeDrawer);
  useShellShortcuts(toggleCollapsed);

  const pendingScreen = usePendingScreen();

  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
      >
        Skip to content
      </a>
      <Sidebar
        workspaces={workspaces}
        currentWorkspaceId={currentWorkspaceId}
        sidebarRef={drawerRef}
        collapsed={collapsed}
        drawerOpen={drawerOpen}
        closeDrawerHref={withMenu(location, false)}
        onCloseDrawer={(event) => {
          event.preventDefault();
          closeDrawer();
        }}
        onToggleCollapsed={(event) => {
          event.preventDefault();
          toggleCollapsed();
        }}
      />
      {drawerOpen ? <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" onClick={closeDrawer} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          user={user}
          drawerOpen={drawerOpen}
          openDrawerHref={withMenu(location, true)}
          onOpenDrawer={(event) => {
            event.preventDefault();
            setDrawerOpen(true);
          }}
          menuButtonRef={menuButtonRef}
        />
        <main id="main" tabIndex={-1} className="relative flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
          {pendingScreen ? <ScreenLoading name={pendingScreen} overlay /> : null}
          <ErrorFrameContext.Provider value="inline">{children}</ErrorFrameContext.Provider>
        </main>
      </div>
      <CommandPalette workspaces={workspaces} currentWorkspaceId={currentWorkspaceId} />
    </div>
  );
}
