import type { Mail } from "./index";
import { escapeHtml } from "~/lib/escape-html";

/**
 * The account e-mails: short plain text plus a simple HTML copy. Every link comes
 * in already absolute (built with appLink, so it starts with APP_URL).
 */

function compose(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): Mail {
  const text = [
    ...paragraphs.slice(0, 1),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...paragraphs.slice(1),
    "— Atelier",
  ].join("\n\n");
  const html = [
    `<p>${escapeHtml(paragraphs[0] ?? "")}</p>`,
    action
      ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p style="color:#64748b;font-size:12px">${escapeHtml(action.url)}</p>`
      : "",
    ...paragraphs.slice(1).map((p) => `<p>${escapeHtml(p)}</p>`),
    "<p>— Atelier</p>",
  ].join("\n");
  return { to, subject, text, html };
}

function greeting(name: string | null | undefined) {
  return name?.trim() ? `Hi ${name.trim()},` : "Hi,";
}

export function verificationMail(input: { to: string; name?: string | null; link: string }): Mail {
  return compose(
    input.to,
    "Verify your email address for Atelier",
    [
      `${greeting(input.name)} please confirm that this is your email address to finish creating your Atelier account.`,
      "The link works once and expires in 24 hours. If you did not sign up, you can ignore this email.",
    ],
    { label: "Verify email address", url: input.link },
  );
}

export function passwordResetMail(input: { to: string; name?: string | null; link: string }): Mail {
  return compose(
    input.to,
    "Reset your Atelier password",
    [
      `${greeting(input.name)} we received a request to reset the password of your Atelier account.`,
      "The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same.",
    ],
    { label: "Choose a new password", url: input.link },
  );
}

/** Sent instead of a second account when someone signs up with an e-mail that has one. */
export function accountExistsMail(input: { to: string; name?: string | null; signInLink: string; resetLink: string }): Mail {
  return compose(
    input.to,
    "You already have an Atelier account",
    [
      `${greeting(input.name)} someone (hopefully you) tried to create an Atelier account with this email address, which already has one.`,
      `Forgot your password? Request a new one here: ${input.resetLink}`,
      "If this was not you, you can ignore this email.",
    ],
    { label: "Sign in", url: input.signInLink },
  );
}

/** The link that confirms a new sign-in address (profile); until it is opened the old one stays. */
export function emailChangeMail(input: { to: string; currentEmail: string; link: string; hours: number }): Mail {
  const text = `Confirm that ${input.to} is your new e-mail address for Atelier:\n\n${input.link}\n\nThe link works once and expires in ${input.hours} hours. Until then you keep signing in with ${input.currentEmail}.`;
  const html = `<p>Confirm that <strong>${escapeHtml(input.to)}</strong> is your new e-mail address for Atelier.</p><p><a href="${escapeHtml(input.link)}">Confirm my new address</a></p><p>The link works once and expires in ${input.hours} hours.</p>`;
  return { to: input.to, subject: "Confirm your new e-mail address for Atelier", text, html };
}

/** After a password change: the account's owner hears of it, so a change they did not make does not go unseen. */
export function passwordChangedMail(input: { to: string; name?: string | null; at: string; resetLink: string }): Mail {
  return compose(
    input.to,
    "Your Atelier password was changed",
    [
      `${greeting(input.name)} the password of your Atelier account was changed on ${whenText(input.at)}. Every other session was signed out.`,
      "If this was you, there is nothing to do. If it was not, reset your password now: whoever changed it knows your old one.",
    ],
    { label: "Reset my password", url: input.resetLink },
  );
}

/** After a sign-in address change, to the address that no longer signs in: the one way its owner hears of it. */
export function emailChangedMail(input: { to: string; newEmail: string; name?: string | null; at: string }): Mail {
  return compose(input.to, "Your Atelier sign-in address was changed", [
    `${greeting(input.name)} your Atelier account now signs in with ${input.newEmail} instead of this address (changed on ${whenText(input.at)}).`,
    "If this was you, there is nothing to do. If it was not, someone else controls your account: tell your workspace's owner, who can remove it from the workspace.",
  ]);
}

/** A time in mails: UTC, unambiguous for a reader anywhere. */
function whenText(iso: string) {
  const d = new Date(iso);
  return `${d.toISOString().slice(0, 10)} at ${d.toISOString().slice(11, 16)} UTC`;
}

/** An approved beta request's invite: the code, and a sign-up link that carries it. */
export function betaInviteMail(input: { to: string; name: string | null; code: string; link: string }): Mail {
  const greeting = `Hi ${input.name || "there"},`;
  const text = [
    greeting,
    "",
    "Your request to join the Atelier beta has been approved.",
    "",
    `Your invite code: ${input.code}`,
    "",
    "Create your account here:",
    input.link,
    "",
    "The code can be used once.",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    "<p>Your request to join the Atelier beta has been approved.</p>",
    `<p>Your invite code: <strong>${escapeHtml(input.code)}</strong></p>`,
    `<p><a href="${escapeHtml(input.link)}">Create your account</a></p>`,
    "<p>The code can be used once.</p>",
  ].join("\n");
  return { to: input.to, subject: "Your Atelier beta invite", text, html };
}

/** A teammate's invitation to a workspace; the link is the invitation's own (sent again, it is the same). */
export function invitationMail(input: {
  to: string;
  link: string;
  workspaceName: string;
  inviterName: string;
  roleName: string;
  days: number;
}): Mail {
  return compose(
    input.to,
    `${input.inviterName} invited you to ${input.workspaceName} on Atelier`,
    [
      `${input.inviterName} invited you to join the workspace "${input.workspaceName}" on Atelier as ${input.roleName}.`,
      `The link works once and expires in ${input.days} days. If you were not expecting it, ignore this e-mail.`,
    ],
    { label: "Accept the invitation", url: input.link },
  );
}

/**
 * A notification e-mail: one item right away, or a daily digest of several. Carries
 * `List-Unsubscribe` (RFC 8058 one-click) for the kind, so a mail client can offer it.
 */
export function notificationMail(input: {
  to: string;
  name: string | null;
  items: { title: string; excerpt: string | null; link: string }[];
  digest?: boolean;
  unsubscribe: { label: string; link: string };
}): Mail {
  const first = input.items[0]!;
  const subject = input.digest
    ? `Your Atelier digest: ${input.items.length} new ${input.items.length === 1 ? "notification" : "notifications"}`
    : first.title;
  const lines = input.items.map((i) => `${i.title}${i.excerpt ? `\n“${i.excerpt}”` : ""}\n${i.link}`);
  const text = [
    greeting(input.name),
    ...lines,
    `Stop e-mails for “${input.unsubscribe.label}”: ${input.unsubscribe.link}`,
    "— Atelier",
  ].join("\n\n");
  const html = [
    `<p>${escapeHtml(greeting(input.name))}</p>`,
    ...input.items.map(
      (i) =>
        `<p><a href="${escapeHtml(i.link)}">${escapeHtml(i.title)}</a>${i.excerpt ? `<br><span style="color:#475569">“${escapeHtml(i.excerpt)}”</span>` : ""}</p>`,
    ),
    `<p style="color:#64748b;font-size:12px"><a href="${escapeHtml(input.unsubscribe.link)}">Stop e-mails for “${escapeHtml(input.unsubscribe.label)}”</a></p>`,
    "<p>— Atelier</p>",
  ].join("\n");
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${input.unsubscribe.link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
