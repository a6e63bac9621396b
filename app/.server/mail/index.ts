import nodemailer from "nodemailer";
import { env } from "../env";

/**
 * Mail behind one small interface. SMTP_URL set: nodemailer over SMTP. Unset: each
 * mail is written to the server log with its links, so a local user can still verify.
 * MAIL_TRANSPORT=memory (vitest) keeps mails in an outbox the tests read.
 */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

export const outbox: Mail[] = [];

class MemoryTransport implements MailTransport {
  async send(mail: Mail) {
    outbox.push(mail);
  }
}

class LogTransport implements MailTransport {
  async send(mail: Mail) {
    console.log(
      [
        "",
        "──── mail (SMTP_URL is not set, so it is written here) ────",
        `To: ${mail.to}`,
        `Subject: ${mail.subject}`,
        "",
        mail.text,
        "────────────────────────────────────────────────────────────",
      ].join("\n"),
    );
  }
}

class SmtpTransport implements MailTransport {
  private transporter: nodemailer.Transporter;
  constructor(
    url: string,
    private from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }
  async send(mail: Mail) {
    await this.transporter.sendMail({ from: this.from, ...mail });
  }
}

let transport: MailTransport | undefined;

export function mailTransport(): MailTransport {
  if (transport) return transport;
  const e = env();
  if (process.env.MAIL_TRANSPORT === "memory") transport = new MemoryTransport();
  else if (e.SMTP_URL) transport = new SmtpTransport(e.SMTP_URL, e.MAIL_FROM);
  else transport = new LogTransport();
  return transport;
}

export class MailError extends Error {}

/** Sends a mail; a failing mail server becomes a MailError the caller can show. */
export async function sendMail(mail: Mail): Promise<void> {
  try {
    await mailTransport().send(mail);
  } catch (error) {
    console.error("[mail] sending failed", error);
    throw new MailError("We could not send the e-mail right now. Please try again in a few minutes.");
  }
}

/** Builds an absolute link from APP_URL: every link in every mail starts with it. */
export function appLink(pathAndQuery: string): string {
  return `${env().APP_URL}${pathAndQuery.startsWith("/") ? "" : "/"}${pathAndQuery}`;
}

export function resetMailForTests() {
  transport = undefined;
  outbox.length = 0;
}
