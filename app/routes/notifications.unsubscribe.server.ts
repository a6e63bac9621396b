import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { KIND_INFO, type NotificationKind } from "~/lib/notifications";
import { readForm } from "~/.server/http/body";
import { setEmailChoice, verifyUnsubscribe } from "~/.server/notifications";

/**
 * /notifications/unsubscribe?u=<user>&k=<kind>&s=<signature>: the link in every notification
 * e-mail. Opening it asks to confirm (a mail scanner's GET changes nothing); the form's POST,
 * or a mail client's RFC 8058 one-click POST to the same address, turns that kind's e-mail off.
 * Works signed out: the signature is the proof.
 */
function linkOf(url: URL) {
  const u = url.searchParams.get("u") ?? "";
  const k = url.searchParams.get("k") ?? "";
  const s = url.searchParams.get("s") ?? "";
  return verifyUnsubscribe(u, k, s) ? { userId: u, kind: k as NotificationKind } : null;
}

export function loader({ request }: LoaderFunctionArgs) {
  const link = linkOf(new URL(request.url));
  if (!link) return data({ ok: false as const, label: null, done: false }, { status: 400 });
  return { ok: true as const, label: KIND_INFO[link.kind].label, done: false };
}

export async function action({ request }: ActionFunctionArgs) {
  const link = linkOf(new URL(request.url));
  await readForm(request).catch(() => null);
  if (!link) return data({ ok: false as const, label: null, done: false }, { status: 400 });
  await setEmailChoice(link.userId, link.kind, "off");
  return { ok: true as const, label: KIND_INFO[link.kind].label, done: true };
}
