/**
 * The colour theme a person picks in /profile. "system" follows the device (prefers-color-scheme);
 * the page's <html> carries it as `data-theme`, and app/styles/dark.css does the rest.
 */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = { system: "System", light: "Light", dark: "Dark" };

/** The cookie that carries the choice to pages rendered for a signed-out visitor (and before the database is asked). */
export const THEME_COOKIE = "atelier_theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** What `color-scheme` the server writes on <html> for a theme: form controls and scrollbars follow it. */
export function colorSchemeOf(theme: Theme): string {
  return theme === "system" ? "light dark" : theme;
}
