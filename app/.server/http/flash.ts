import { redirect } from "@remix-run/node";
import type { ToastInput } from "~/lib/toast";
import { getFlashCookie } from "./cookies";

type Flash = { toasts: ToastInput[] };

export async function readFlash(request: Request): Promise<{ toasts: ToastInput[]; setCookie: string | null }> {
  const raw = (await getFlashCookie().parse(request.headers.get("Cookie"))) as Flash | null;
  if (!raw || !Array.isArray(raw.toasts) || raw.toasts.length === 0) {
    return { toasts: [], setCookie: null };
  }
  return {
    toasts: raw.toasts,
    setCookie: await getFlashCookie().serialize("", { maxAge: 0 }),
  };
}

export async function flashHeader(toast: ToastInput | ToastInput[]): Promise<string> {
  const toasts = Array.isArray(toast) ? toast : [toast];
  return getFlashCookie().serialize({ toasts } satisfies Flash);
}

/** A 303-style redirect that carries a toast to the next page (shown with or without JavaScript). */
export async function redirectWithToast(
  url: string,
  toast: ToastInput | ToastInput[],
  init: { headers?: HeadersInit; status?: number } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashHeader(toast));
  return redirect(url, { status: init.status ?? 302, headers });
}
