/**
 * Idempotent patches in the browser (issue 8's follow-up): a patch the server applied but
 * whose answer never reached the editor is sent again under the same patchId, and the
 * server answers it as a replay, so an element a teammate deleted meanwhile stays deleted.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, test, waitForHydration } from "../support/e2e";

const canvas = (page: Page) => page.getByRole("application", { name: /^Canvas/ });
const layer = (page: Page, name: string | RegExp) => page.getByRole("treeitem", { name });
const saveStatus = (page: Page) => page.locator("[data-save-state]");

async function at(page: Page, x: number, y: number) {
  const screen = page.locator("[data-canvas] rect.wf-screen");
  const box = (await screen.boundingBox())!;
  const zoom = box.width / Number(await screen.getAttribute("width"));
  return { x: box.x + x * zoom, y: box.y + y * zoom };
}

test("a retry after a lost answer is a replay: it does not bring back what a teammate deleted", async ({ page, context }) => {
  await signUpAndVerify(page);
  await createProject(page, "Shop");
  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Shop" });
  await page.getByLabel("Name", { exact: true }).fill("Replay");
  await page.getByRole("radio", { name: /^Blank screen/ }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(canvas(page)).toBeVisible();
  const url = page.url();

  // This tab's live stream is down (it would tell it the patch had landed), and the answer
  // to its first patch is lost on the way back, after the server applied it.
  await page.route("**/wireframes/*/events*", (route) => route.abort());
  await page.reload();
  await expect(canvas(page)).toBeVisible();
  const bodies: { patchId?: string; ops: unknown[] }[] = [];
  let lose = true;
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  await page.route("**/api/wireframes/*/patches", async (route) => {
    bodies.push(JSON.parse(route.request().postData() ?? "{}"));
    if (lose) {
      lose = false;
      await route.fetch(); // it reaches the server…
      return route.abort("connectionreset"); // …and the answer never comes back
    }
    await released; // retries wait until the teammate has deleted it
    return route.continue();
  });

  await page.getByRole("button", { name: "100%" }).click();
  await page
    .getByRole("toolbar", { name: "Tools" })
    .getByRole("button", { name: /^Rectangle/ })
    .click();
  const from = await at(page, 600, 400);
  const to = await at(page, 700, 480);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await expect(saveStatus(page)).toHaveText("Offline: changes are kept in this browser");

  // A teammate (another tab) sees the rectangle, which did land, and deletes it.
  const teammate = await context.newPage();
  await teammate.goto(url);
  await waitForHydration(teammate);
  await layer(teammate, "Rectangle").click();
  await teammate.keyboard.press("Delete");
  await expect(layer(teammate, "Rectangle")).toHaveCount(0);
  await expect(saveStatus(teammate)).toHaveText("Saved");

  // The first tab's retry goes through now: the same patch, under the same id, answered as a replay.
  const replayed = page.waitForResponse((r) => r.url().endsWith("/patches") && r.request().method() === "POST");
  release();
  const answer = await (await replayed).json();
  expect(answer).toMatchObject({ replayed: true, seq: 1 });
  await expect(saveStatus(page)).toHaveText("Saved");
  expect(bodies.length).toBeGreaterThanOrEqual(2);
  expect(bodies[1]!.patchId).toBe(bodies[0]!.patchId);
  expect(bodies[1]!.ops).toEqual(bodies[0]!.ops);

  // Nobody gets the rectangle back.
  await teammate.reload();
  await waitForHydration(teammate);
  await expect(canvas(teammate)).toBeVisible();
  await expect(layer(teammate, "Rectangle")).toHaveCount(0);
  await page.unroute("**/wireframes/*/events*");
  await page.reload();
  await expect(canvas(page)).toBeVisible();
  await expect(layer(page, "Rectangle")).toHaveCount(0);
});
