import { Form, useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";
import { buttonClass } from "~/components/ui/button-styles";
import { THEMES, THEME_LABELS, type Theme } from "~/lib/theme";

const HINTS: Record<Theme, string> = {
  system: "Follows your device's light or dark setting.",
  light: "Always light.",
  dark: "Always dark.",
};

/**
 * The theme choice of /profile: a plain form (POST /preferences/theme) that works without
 * JavaScript; the server renders the next page in the chosen theme.
 */
export function ThemeForm() {
  const current = useRouteLoaderData<RootLoaderData>("root")?.theme ?? "system";
  return (
    <Form method="post" action="/preferences/theme" className="mt-4 space-y-4">
      <input type="hidden" name="redirectTo" value="/profile" />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Theme</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {THEMES.map((theme) => (
            <label
              key={theme}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="theme" value={theme} defaultChecked={theme === current} className="mt-0.5 accent-brand-600" />
              <span>
                <span className="block font-medium text-slate-900">{THEME_LABELS[theme]}</span>
                <span className="block text-xs text-slate-600">{HINTS[theme]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={buttonClass("secondary", "md")}>
        Save theme
      </button>
    </Form>
  );
}
