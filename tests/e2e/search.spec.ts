import { signInAs, signUpAndVerify } from "../support/auth-helpers";
import { addCard, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";

// Workspace search (issue 11): the header's box leads to /search (JavaScript on and off),
// results are grouped with the match highlighted, and Ctrl+K opens the command palette.
test.describe("search", () => {
  test("finds a card by its title from the header, the results page and the palette", async ({ page, browser }) => {
    const account = await signUpAndVerify(page, { fullName: "Sol Searcher" });
    await createProject(page, "Harbour");
    await addCard(page, "In progress", "Lighthouse beacon repair");
    const boardUrl = page.url();

    // The header's box, with JavaScript.
    await waitForHydration(page);
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search everything" });
    await box.fill("lighthouse");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=lighthouse$/);
    const cards = page.getByRole("region", { name: "Cards" });
    const result = cards.getByRole("link", { name: /Lighthouse beacon repair/ });
    await expect(result).toBeVisible();
    await expect(result.locator("mark")).toHaveText("Lighthouse");
    await expect(result).toContainText("#1 · Harbour");
    await expectNoA11yViolations(page);

    // A typo still finds it; nothing found says so.
    await page.goto("/search?q=lighthose");
    await expect(page.getByRole("link", { name: /Lighthouse beacon repair/ })).toBeVisible();
    await page.goto("/search?q=zebra");
    await expect(page.getByText("Nothing matches “zebra”.")).toBeVisible();

    // The palette: Ctrl+K, type, arrow to the result, Enter opens the card; Escape gives focus back.
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.keyboard.press("Control+k");
    const dialog = page.getByRole("dialog", { name: "Command palette" });
    await expect(dialog).toBeVisible();
    const combo = dialog.getByRole("combobox", { name: "Search or jump to" });
    await expect(combo).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.keyboard.press("Control+k");
    await combo.fill("beacon");
    const option = dialog.getByRole("option", { name: /Lighthouse beacon repair/ });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${new URL(boardUrl).pathname}\\?task=`));
    await expect(page.getByRole("dialog", { name: "Lighthouse beacon repair" })).toBeVisible();

    // Pages: type "billing", Enter goes to Billing.
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.keyboard.press("Control+k");
    await dialog.getByRole("combobox").fill("billing");
    await expect(dialog.getByRole("option", { name: "Billing" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/billing$/);

    // Without JavaScript: the header's form and the results page.
    const plainContext = await browser.newContext({ javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await signInAs(plain, account.email, account.password);
    await plain.goto("/dashboard");
    const plainBox = plain.getByRole("banner").getByRole("searchbox", { name: "Search everything" });
    await plainBox.fill("beacon");
    await plainBox.press("Enter");
    await expect(plain).toHaveURL(/\/search\?q=beacon$/);
    await expect(plain.getByRole("region", { name: "Cards" }).getByRole("link", { name: /Lighthouse beacon repair/ })).toBeVisible();
    await plain.setViewportSize({ width: 390, height: 844 });
    await plain.getByRole("banner").getByRole("link", { name: "Search" }).click();
    await expect(plain).toHaveURL(/\/search$/);
    await plain.getByRole("searchbox", { name: "Search the workspace" }).fill("#1");
    await plain.getByRole("button", { name: "Search", exact: true }).click();
    await expect(plain.getByRole("link", { name: /Lighthouse beacon repair/ })).toBeVisible();
    await plainContext.close();
  });
});
