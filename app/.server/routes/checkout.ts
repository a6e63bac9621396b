import { redirect } from "@remix-run/node";
import { alreadyOnPlanToast, AUTH_REQUIRED_TOAST, CHECKOUT_ERROR_TOAST, OWNER_ONLY_TOAST, signInToSubscribeHref } from "~/lib/billing-text";
import { checkoutSchema } from "~/lib/forms/billing";
import { parseInterval } from "~/lib/plans";
import { getUser } from "~/.server/auth/session";
import { isUserError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/http/flash";
import { parseFormData } from "~/.server/http/submission";
import { getMemberContext } from "~/.server/workspaces";
import { startCheckout } from "~/.server/billing/checkout";

/** Is this post a plan's button (the picker on /pricing and on /signup)? */
export function isCheckoutPost(form: FormData): boolean {
  return form.get("intent") === "checkout";
}

/**
 * A plan's button (`intent=checkout`, `planId`, `interval`), on /pricing and /signup.
 * Signed out: back to the sign-in form, which returns to the picker. The owner: the
 * provider's checkout (303), or back to /billing for the plan the workspace has, or the
 * portal for another one. Every failure is a toast after a redirect, so the answer is
 * the same with JavaScript and without.
 */
export async function handleCheckoutPost(request: Request, form: FormData, pickerPath = "/pricing") {
  const interval = parseInterval(String(form.get("interval") ?? ""));
  const back = `${pickerPath}?interval=${interval}`;
  if (!(await getUser(request))) return redirectWithToast(signInToSubscribeHref(interval), AUTH_REQUIRED_TOAST, { status: 303 });
  const submission = parseFormData(form, checkoutSchema);
  if (submission.status !== "success") return redirectWithToast(back, CHECKOUT_ERROR_TOAST, { status: 303 });
  const member = await getMemberContext(request);
  try {
    const start = await startCheckout(member, submission.value);
    if (start.kind === "current") return redirectWithToast("/billing", alreadyOnPlanToast(start.planName, start.interval), { status: 303 });
    return redirect(start.url, 303);
  } catch (error) {
    // Only the owner may: said with a toast rather than a 403 page.
    if (isUserError(error) && error.status === 403) return redirectWithToast(back, OWNER_ONLY_TOAST, { status: 303 });
    console.error("[billing] checkout failed:", error);
    return redirectWithToast(back, CHECKOUT_ERROR_TOAST, { status: 303 });
  }
}
