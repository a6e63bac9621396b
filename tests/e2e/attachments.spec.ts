import type { Locator, Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

// Files on cards: upload from the card panel, see them listed and counted on the card,
// download them, delete them, with JavaScript and without; the storage figure follows.

/** A new project from /projects, then a card in its "To do" column; the card's panel is open. */
async function cardInNewProject(page: Page, project: string, title: string): Promise<Locator> {
  await page.goto("/projects");
  await page.getByLabel("Name", { exact: true }).fill(project);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: project })).toBeVisible();
  const newCard = page.getByLabel("New card in To do");
  await newCard.fill(title);
  await newCard.press("Enter");
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(/task=/);
  const panel = page.getByRole("complementary", { name: title });
  await expect(panel).toBeVisible();
  return panel;
}

/** The card's face on the board (behind the panel). */
const cardFace = (page: Page, title: string) =>
  page.locator("li[data-card-id]").filter({ has: page.getByRole("link", { name: new RegExp(title) }) });

async function storageOnBilling(page: Page) {
  await page.goto("/billing");
  return page.getByRole("progressbar", { name: "Storage" });
}

const brief = { name: "brief.txt", mimeType: "text/plain", buffer: Buffer.from("Design brief. ".repeat(146) + "End.") }; // 2,048 bytes

test.describe("attachments with JavaScript", () => {
  test("upload, list, count, download and delete a card's file; /billing and /settings count it", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Fiona Files" });
    const storage = await storageOnBilling(page);
    await expect(storage).toHaveAttribute("aria-valuenow", "0");
    await expect(page.getByText("0 B of 50 GB")).toBeVisible();

    const panel = await cardInNewProject(page, "Files", "Design brief");
    const cardUrl = page.url();
    await expect(panel.getByText("No files yet.")).toBeVisible();
    await panel.getByLabel("Attach a file").setInputFiles(brief);
    await panel.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Attached brief.txt.")).toBeVisible();
    const files = panel.getByRole("list", { name: "Files" });
    await expect(files.getByRole("link", { name: "brief.txt" })).toBeVisible();
    await expect(files).toContainText("2 KB · Fiona Files ·");
    await expect(panel.getByRole("heading", { name: "Attachments (1)" })).toBeVisible();
    await expect(panel.getByText("attached brief.txt")).toBeVisible();
    await expect(panel.getByLabel("Attach a file")).toHaveValue("");
    await expect(cardFace(page, "Design brief").getByTestId("attachment-count")).toHaveText(/1\s*file/);
    await expectNoA11yViolations(page);

    // The link downloads the same bytes, as a download, never sniffed, never shared.
    const href = await files.getByRole("link", { name: "brief.txt" }).getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()).toMatchObject({
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="brief.txt"; filename*=UTF-8''brief.txt`,
      "cache-control": "private",
    });
    // The route sends nosniff and server.ts sends it on every response; Remix's adapter appends
    // the route's, and browsers read the first value.
    expect(download.headers()["x-content-type-options"]).toMatch(/^nosniff(, nosniff)?$/);
    expect(Buffer.from(await download.body()).equals(brief.buffer)).toBe(true);

    await expect(await storageOnBilling(page)).toHaveAttribute("aria-valuenow", "2048");
    await expect(page.getByText("2 KB of 50 GB")).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByRole("progressbar", { name: "Storage" })).toHaveAttribute("aria-valuenow", "2048");

    // Delete, after a confirmation.
    await page.goto(cardUrl);
    await panel.locator("summary", { hasText: "Delete brief.txt" }).click();
    await panel.getByRole("button", { name: "Yes, delete brief.txt" }).click();
    await expect(page.getByText("Deleted brief.txt.")).toBeVisible();
    await expect(panel.getByText("No files yet.")).toBeVisible();
    await expect(panel.getByText("deleted the file brief.txt")).toBeVisible();
    await expect(cardFace(page, "Design brief").getByTestId("attachment-count")).toHaveCount(0);
    expect((await page.request.get(href!)).status()).toBe(404);
    await expect(await storageOnBilling(page)).toHaveAttribute("aria-valuenow", "0");
  });
});

test.describe("attachments without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same upload and delete as plain form posts", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Nadia NoScript" });
    const panel = await cardInNewProject(page, "Plain files", "Scan the contract");
    const cardUrl = page.url();
    await panel.getByLabel("Attach a file").setInputFiles({
      name: "contract scan.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });
    await panel.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Attached contract scan.png.")).toBeVisible();
    const link = panel.getByRole("link", { name: "contract scan.png" });
    await expect(link).toBeVisible();
    await expect(cardFace(page, "Scan the contract").getByTestId("attachment-count")).toHaveText(/1\s*file/);

    // A safe image is shown inline, with its own type.
    const image = await page.request.get((await link.getAttribute("href"))!);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(image.headers()["content-disposition"]).toBe(`inline; filename="contract scan.png"; filename*=UTF-8''contract%20scan.png`);

    await expect(await storageOnBilling(page)).toHaveAttribute("aria-valuenow", "8");
    await page.goto(cardUrl);
    await panel.locator("summary", { hasText: "Delete contract scan.png" }).click();
    await panel.getByRole("button", { name: "Yes, delete contract scan.png" }).click();
    await expect(page.getByText("Deleted contract scan.png.")).toBeVisible();
    await expect(panel.getByText("No files yet.")).toBeVisible();
  });
});
