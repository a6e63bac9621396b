import type { Page, Request } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { addCard, column, createProject } from "../support/board-helpers";
import { expect, test } from "../support/e2e";

/**
 * A card drag is one board write through Remix (app/components/board/board-writes.ts) and
 * one run of the board's loader: the write's own revalidation leaves the board out while
 * the live event stream is open, and the live event of the change reads the board once.
 * Counted in the browser: the single-fetch `.data` requests of the board's address that
 * ask for the board route's loader (every route, or a `_routes` list that names it).
 */
const BOARD_ROUTE = "routes/_app.projects.$id";

function boardLoads(projectId: string) {
  const seen: string[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== "GET" || url.pathname !== `/projects/${projectId}.data`) return;
    const routes = url.searchParams.get("_routes");
    if (routes === null || routes.split(",").includes(BOARD_ROUTE)) seen.push(url.search);
  };
  return { seen, listener };
}

test("one card drag runs the board's loader once, and a change made elsewhere still arrives live", async ({ page }) => {
  await signUpAndVerify(page, { fullName: "Olive Once" });
  const boardUrl = await createProject(page, "Counted");
  const projectId = new URL(boardUrl).pathname.split("/").pop()!;
  await addCard(page, "Backlog", "Dragged card");
  await addCard(page, "Backlog", "Moved elsewhere");
  // A fresh page, its event stream open: nothing from the setup's own changes is still on its way.
  await page.goto(boardUrl);
  await expect(page.locator("[data-live-state='live']")).toBeVisible();

  const loads = boardLoads(projectId);
  const writes: string[] = [];
  page.on("request", loads.listener);
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.startsWith(`/api/projects/${projectId}/board`)) writes.push(r.url());
  });

  // A keyboard drag from Backlog to To do.
  const handle = page.getByRole("button", { name: "Move card #1: Dragged card" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowRight");
  await expect(column(page, "To do").getByRole("link", { name: /Dragged card/ })).toBeAttached();
  await page.keyboard.press("Space");
  // Optimistic: the card stays where it was dropped, before and after the server's answer.
  await expect(column(page, "To do").getByRole("link", { name: /Dragged card/ })).toBeVisible();
  await expect.poll(() => loads.seen.length).toBe(1);
  expect(writes).toHaveLength(1);
  await expect(column(page, "To do").getByRole("link", { name: /Dragged card/ })).toBeVisible();

  // A change this page did not make (the same user's other tab, an API client) arrives by the live event:
  // one more run. Had the drag run the loader a second time (its own revalidation, then its event's), the
  // count would be three once this change shows: the drag's event comes before this one's.
  const other = await page.request.post(`/api/projects/${projectId}/board`, {
    form: { intent: "move-card", cardId: await cardId(page, "Moved elsewhere"), toColumnId: await columnId(page, "Done") },
    headers: { Origin: new URL(boardUrl).origin },
  });
  expect(other.status()).toBe(200);
  await expect(column(page, "Done").getByRole("link", { name: /Moved elsewhere/ })).toBeVisible();
  expect(loads.seen).toHaveLength(2);
  await expect(column(page, "To do").getByRole("link", { name: /Dragged card/ })).toBeVisible();

  // Saved, not only drawn.
  page.off("request", loads.listener);
  await page.reload();
  await expect(column(page, "To do").getByRole("link", { name: /Dragged card/ })).toBeVisible();
  await expect(column(page, "Done").getByRole("link", { name: /Moved elsewhere/ })).toBeVisible();
});

test("a drag the server refuses rolls back with the problem's detail, and the board is read again once", async ({ page }) => {
  await signUpAndVerify(page, { fullName: "Rhea Refused" });
  const boardUrl = await createProject(page, "Refused");
  const projectId = new URL(boardUrl).pathname.split("/").pop()!;
  await addCard(page, "Backlog", "Stay put");
  await addCard(page, "Backlog", "Moved elsewhere");
  await page.goto(boardUrl);
  await expect(page.locator("[data-live-state='live']")).toBeVisible();

  const loads = boardLoads(projectId);
  page.on("request", loads.listener);
  await page.route(`**/api/projects/${projectId}/board`, (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/problem+json",
      body: JSON.stringify({
        type: "/docs/api/problems/conflict",
        title: "Conflict",
        status: 409,
        detail: "The board changed while you were moving the card. It has been refreshed; try again.",
        code: "conflict",
      }),
    }),
  );
  const handle = page.getByRole("button", { name: "Move card #1: Stay put" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowRight");
  await expect(column(page, "To do").getByRole("link", { name: /Stay put/ })).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText("Move failed")).toBeVisible();
  await expect(page.getByText("The board changed while you were moving the card. It has been refreshed; try again.")).toBeVisible();
  await expect(column(page, "Backlog").getByRole("link", { name: /Stay put/ })).toBeVisible();
  // A refusal changed nothing on the server, so no live event comes: the write's own revalidation reads the board.
  await expect.poll(() => loads.seen.length).toBe(1);
  await page.unroute(`**/api/projects/${projectId}/board`);

  // A change made elsewhere still arrives, with one more run (not two: nothing else was waiting).
  const other = await page.request.post(`/api/projects/${projectId}/board`, {
    form: { intent: "move-card", cardId: await cardId(page, "Moved elsewhere"), toColumnId: await columnId(page, "Done") },
    headers: { Origin: new URL(boardUrl).origin },
  });
  expect(other.status()).toBe(200);
  await expect(column(page, "Done").getByRole("link", { name: /Moved elsewhere/ })).toBeVisible();
  expect(loads.seen).toHaveLength(2);
  await expect(column(page, "Backlog").getByRole("link", { name: /Stay put/ })).toBeVisible();
});

async function cardId(page: Page, title: string) {
  const href = await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .getAttribute("href");
  return new URL(href!, "http://localhost").searchParams.get("task")!;
}

async function columnId(page: Page, name: string) {
  return (await column(page, name).getAttribute("data-column-id"))!;
}
