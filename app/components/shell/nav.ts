/**
 * The signed-in app's screens: the sidebar (spec section 2, in this order, shown to every
 * user) and the paths the shell owns. Isomorphic and tiny: the root imports it too.
 */
import type { Icon } from "./icons";

export type NavItem = { to: string; label: string; icon: Icon };

export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: "dashboard" },
  { to: "/projects", label: "Projects", icon: "projects" },
  { to: "/wireframes", label: "Wireframes", icon: "wireframes" },
  { to: "/design", label: "Design System", icon: "design" },
  { to: "/analytics", label: "Analytics", icon: "analytics" },
  { to: "/team", label: "Team", icon: "team" },
  { to: "/settings", label: "Settings", icon: "settings" },
];

const OTHER_SCREENS: readonly { to: string; label: string }[] = [
  { to: "/prototypes", label: "Prototype" },
  { to: "/profile", label: "Profile" },
  { to: "/billing", label: "Billing" },
  { to: "/notifications", label: "Notifications" },
];

const startsAt = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The name of the screen at a path, for its 'Loading {name}...' fallback; null outside the app. */
export function screenName(pathname: string): string | null {
  return [...NAV_ITEMS, ...OTHER_SCREENS].find((s) => startsAt(pathname, s.to))?.label ?? null;
}

export const isProtectedPath = (pathname: string) => screenName(pathname) !== null;
