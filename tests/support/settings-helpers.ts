import type { Page } from "@playwright/test";
import { signUpAndVerify } from "./auth-helpers";
import { createProject } from "./board-helpers";
import { expect } from "./e2e";

/** The settings subpages of issue 22: where each is, the link on /settings that opens it, and its title. */
const SETTINGS_PAGES = {
  "api-keys": { path: "/settings/api-keys", link: "Manage API keys", heading: "API keys" },
  webhooks: { path: "/settings/webhooks", link: "Webhooks", heading: "Webhooks" },
  integrations: { path: "/settings/integrations", link: "Manage integrations", heading: "Integrations" },
} as const;

/**
 * The setup the API keys, webhooks and integrations specs share: a new person signed up (with a
 * project, when given), on the subpage, reached by its link on /settings (`viaSettings`) or by
 * its address; its title is checked.
 */
export async function openSettingsSubpage(
  page: Page,
  which: keyof typeof SETTINGS_PAGES,
  { fullName, project, viaSettings = false }: { fullName: string; project?: string; viaSettings?: boolean },
): Promise<void> {
  const target = SETTINGS_PAGES[which];
  await signUpAndVerify(page, { fullName });
  if (project) await createProject(page, project);
  if (viaSettings) {
    await page.goto("/settings");
    await page.getByRole("link", { name: target.link }).click();
  } else {
    await page.goto(target.path);
  }
  await expect(page.getByRole("heading", { level: 1, name: target.heading })).toBeVisible();
}
