/** The billing screens' fixed strings (spec sections 6 and 8), shared by server and browser. */
import type { ToastInput } from "./toast";

export const AUTH_REQUIRED_TOAST: ToastInput = {
  title: "Authentication Required",
  description: "Please sign in to subscribe to a plan.",
  variant: "error",
};

export const CHECKOUT_ERROR_TOAST: ToastInput = {
  title: "Checkout Error",
  description: "Failed to start checkout process. Please try again.",
  variant: "error",
};

export const OWNER_ONLY_TOAST: ToastInput = {
  title: "Only the workspace owner can change the plan",
  description: "Ask the owner of this workspace to choose or change its plan.",
  variant: "error",
};

export const CHECKOUT_CANCELED_TEXT = "Checkout was cancelled. You have not been charged; pick a plan whenever you are ready.";

/** Where the sign-in form returns to after a signed-out visitor chose a plan. */
export function signInToSubscribeHref(interval: "month" | "year"): string {
  return `/auth?${new URLSearchParams({ redirectTo: `/pricing?interval=${interval}` })}`;
}

/** "December 22, 2026" (UTC, so server and browser agree). */
export function formatDate(d: Date | string): string {
  return new Date(d).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
