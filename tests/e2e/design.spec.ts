/**
 * The design-system manager (issue 9). Without JavaScript: create a token, alias it, delete it,
 * on a phone-width page too. With JavaScript: edit a colour with the picker, switch the theme,
 * publish two versions and compare them (breaking changes called out), export every format,
 * and import a file through its preview.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { expect, test, waitForHydration } from "../support/e2e";

const row = (page: Page, path: string) => page.locator(`tr[data-token="${path}"]`).first();

async function newToken(page: Page, type: string, set: string) {
  await page.goto("/design");
  await page.getByLabel("New token of type").selectOption({ label: type });
  await page.getByLabel("In set").selectOption(set);
  await page.getByRole("button", { name: "New token" }).click();
  await expect(page).toHaveURL(/new=/);
}

test.describe("/design without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.slow();

  test("create a token, alias it, delete it", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Dee Zign" });
    await page.goto("/design");
    await expect(page.getByRole("heading", { level: 1, name: "Design System" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Set core" })).toBeVisible();

    // A colour from its hex field.
    await newToken(page, "Colour", "core");
    await page.getByLabel("Name").fill("color.brand.accent");
    await page.getByLabel("Hex").fill("#ff5500");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Token created")).toBeVisible();
    await expect(row(page, "color.brand.accent")).toContainText("#ff5500");

    // A bad value is refused with its message, nothing saved.
    await newToken(page, "Dimension", "core");
    await page.getByLabel("Name").fill("space.odd");
    await page.getByLabel("Amount").fill("lots");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Enter a number.")).toBeVisible();

    // An alias of it in the light set; its resolved value shows in the light theme's column.
    await newToken(page, "Colour", "light");
    await page.getByLabel("Name").fill("color.link");
    await page.getByLabel("An alias of another token").check();
    await page.getByRole("textbox", { name: "Alias of" }).fill("color.brand.accent");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByText("Token created")).toBeVisible();
    await expect(row(page, "color.link")).toContainText("{color.brand.accent}");
    await expect(row(page, "color.link")).toContainText("#ff5500");

    // A cycle is refused with the cycle written out.
    await row(page, "color.brand.accent").getByRole("link", { name: "Edit color.brand.accent" }).click();
    await page.getByLabel("An alias of another token").check();
    await page.getByRole("textbox", { name: "Alias of" }).fill("color.link");
    await page.getByRole("button", { name: "Save token" }).click();
    await expect(page.getByText(/color\.brand\.accent → color\.link → color\.brand\.accent/)).toBeVisible();

    // Delete the alias (asks first), then the token.
    await page.goto("/design");
    await row(page, "color.link").getByText("Delete", { exact: true }).click();
    await row(page, "color.link").getByRole("button", { name: "Delete color.link" }).click();
    await expect(page.getByText("Token deleted")).toBeVisible();
    await expect(row(page, "color.link")).toHaveCount(0);
  });

  test("a phone-width page has no sideways scroll", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpAndVerify(page, { fullName: "Phone Person" });
    for (const tab of ["tokens", "sets", "versions", "import", "json"]) {
      await page.goto(`/design?tab=${tab}`);
      const wide = await page.evaluate(() =>
        document.documentElement.scrollWidth > document.documentElement.clientWidth
          ? [...document.querySelectorAll("main *")]
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[data-scroll]"))
              .slice(0, 5)
              .map((el) => `${el.tagName}.${el.className}`)
          : [],
      );
      expect(wide, tab).toEqual([]);
    }
  });
});

test.describe("/design with JavaScript", () => {
  test.slow();

  test("edit with the picker, switch the theme, publish and compare, export each format, import with a preview", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Jay Ess" });
    await page.goto("/design?tab=tokens&edit=core:color.blue.500");
    await waitForHydration(page);
    // The picker drives hex and oklch.
    await page.getByLabel("Picker").fill("#00aa55");
    await expect(page.getByLabel("Hex")).toHaveValue("#00aa55");
    await expect(page.getByLabel("oklch")).toHaveValue(/^oklch\(/);
    await page.getByRole("button", { name: "Save token" }).click();
    await expect(page.getByText("Token saved")).toBeVisible();
    await expect(row(page, "color.blue.500")).toContainText("#00aa55");

    // Theme switch: the tabs keep it.
    await page.getByLabel("Theme").selectOption("dark");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/theme=dark/);

    // Publish 1.0.0, remove a token, publish 2.0.0, compare: the removal is breaking.
    await page.getByRole("link", { name: "Versions" }).click();
    await page.getByRole("textbox", { name: "Version" }).fill("1.0.0");
    await page.getByRole("textbox", { name: "Note" }).fill("First");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Version 1.0.0 published")).toBeVisible();
    await page.goto("/design");
    await row(page, "spacing.16").getByText("Delete", { exact: true }).click();
    await row(page, "spacing.16").getByRole("button", { name: "Delete spacing.16" }).click();
    await expect(page.getByText("Token deleted")).toBeVisible();
    await page.goto("/design?tab=versions");
    await page.getByRole("textbox", { name: "Version" }).fill("2.0.0");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Version 2.0.0 published")).toBeVisible();
    await page.getByLabel("From").selectOption({ label: "Version 1.0.0" });
    await page.getByLabel("To").selectOption({ label: "Version 2.0.0" });
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page.getByText("1.0.0 → 2.0.0")).toBeVisible();
    await expect(page.getByRole("note")).toContainText("spacing.16");

    // Export each format of the draft.
    await page.goto("/design?tab=import");
    const draft = page.getByRole("list", { name: "Export the draft" });
    const names: string[] = [];
    for (const link of await draft.getByRole("link").all()) {
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      names.push(download.suggestedFilename());
      expect((await download.failure()) ?? null).toBeNull();
    }
    expect(names).toHaveLength(8);
    expect(names.some((n) => n.endsWith(".css"))).toBe(true);
    expect(names.some((n) => n.endsWith(".scss"))).toBe(true);
    expect(names.some((n) => n.endsWith(".d.ts"))).toBe(true);

    // Import a file: the preview says what changes, nothing changes until confirmed.
    const file = {
      core: { color: { brand: { value: "#123456", type: "color" } } },
      $themes: [],
      $metadata: { tokenSetOrder: ["core"] },
    };
    await page
      .getByLabel("File")
      .setInputFiles({ name: "tokens.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByRole("heading", { name: "Preview of tokens.json" })).toBeVisible();
    await expect(page.getByText(/1 added, \d+ changed, \d+ removed/)).toBeVisible();
    await page.getByRole("button", { name: "Confirm import" }).click();
    await expect(page.getByText("Tokens imported")).toBeVisible();
    await expect(row(page, "color.brand")).toContainText("#123456");
  });
});
