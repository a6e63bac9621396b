import { signInAs, signUpAndVerify, verificationLink, verifyByLink } from "../support/auth-helpers";
import { adminEmail, baseURL, closedBetaURL, expect, expectNoA11yViolations, test, uniqueEmail, waitForMail } from "../support/e2e";

test.describe("admin beta queue", () => {
  test("a signed-in user who is not an admin gets 403", async ({ page }) => {
    await signUpAndVerify(page, { email: uniqueEmail("not-admin") });
    const response = await page.goto(`${baseURL}/admin/beta`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  });

  test("signed out, /admin/beta sends the visitor to /", async ({ page }) => {
    await page.goto(`${closedBetaURL}/admin/beta`);
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("approve a request: the invite mail arrives and the invitee signs up with its code", async ({ page, browser, request }) => {
    // A second request, declined later without JavaScript.
    const other = uniqueEmail("declined");
    const asked = await request.post(`${closedBetaURL}/api/beta/signup`, { data: { email: other, role: "Tester" } });
    expect(asked.status()).toBe(201);

    // The invitee asks for access on the closed-beta instance.
    const invitee = uniqueEmail("invitee");
    await page.goto(`${closedBetaURL}/signup`);
    await page.getByLabel("Email", { exact: true }).fill(invitee);
    await page.getByText("Have an invite code?").click();
    await page.getByLabel("Full name").fill("Ivy Invitee");
    await page.getByLabel("Reason for access").fill("Our studio wants to try it.");
    await page.getByRole("button", { name: "Join Beta Waitlist" }).click();
    await expect(page.getByText("Request submitted. We will contact you if approved.")).toBeVisible();

    // The site admin (ADMIN_EMAILS may sign up while the beta is closed) approves it.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    const adminAccount = await signUpAndVerify(admin, { email: adminEmail, origin: closedBetaURL, fullName: "Site Admin" });
    await admin.goto(`${closedBetaURL}/admin/beta`);
    await expect(admin.getByRole("heading", { name: "Beta requests" })).toBeVisible();
    await expectNoA11yViolations(admin);
    const item = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: invitee }) });
    await expect(item.getByText("Ivy Invitee")).toBeVisible();
    await item.getByRole("button", { name: `Approve ${invitee}` }).click();
    await expect(admin.getByText("Request approved")).toBeVisible();
    await expect(admin.getByRole("heading", { name: invitee })).toBeHidden();
    await admin.getByRole("link", { name: /^Approved/ }).click();
    await expect(admin.getByRole("heading", { name: invitee })).toBeVisible();
    await adminContext.close();

    // The decisions are plain forms: decline the other request with JavaScript off.
    const plainContext = await browser.newContext({ javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await signInAs(plain, adminEmail, adminAccount.password, { origin: closedBetaURL });
    await plain.goto(`${closedBetaURL}/admin/beta?status=pending`);
    await plain.getByRole("button", { name: `Decline ${other}` }).click();
    await expect(plain).toHaveURL(`${closedBetaURL}/admin/beta?status=pending`);
    await expect(plain.getByText(`${other} was declined.`)).toBeVisible();
    await plain.getByRole("link", { name: /^Declined/ }).click();
    await expect(plain.getByRole("heading", { name: other })).toBeVisible();
    await plainContext.close();

    // The invite e-mail: a code in the spec's format and a sign-up link on this instance.
    const mail = await waitForMail({ to: invitee, subject: "Your Atelier beta invite" });
    const code = /Your invite code: (ATL-[A-Z2-9]{6})/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();
    const link = mail.links.find((l) => l.includes("/auth?mode=signup"));
    expect(link).toBe(`${closedBetaURL}/auth?mode=signup&invite=${code}&email=${encodeURIComponent(invitee)}`);

    // The invitee opens it in a fresh browser and creates the account.
    const inviteeContext = await browser.newContext();
    const guest = await inviteeContext.newPage();
    await guest.goto(link!);
    await expect(guest.getByLabel("Invite code")).toHaveValue(code!);
    await guest.getByLabel("Full Name").fill("Ivy Invitee");
    await guest.getByLabel("Email Address").fill(invitee);
    await guest.getByLabel("Password", { exact: true }).fill("Correct-Horse-9");
    await guest.getByLabel("Confirm Password").fill("Correct-Horse-9");
    await guest.getByRole("button", { name: "Create Account" }).click();
    await expect(guest.getByText("Account created! Please check your email to verify your account.")).toBeVisible();
    await verifyByLink(guest, await verificationLink(invitee));
    await expect(guest).toHaveURL(`${closedBetaURL}/dashboard`);
    await inviteeContext.close();
  });
});
