/**
 * The end-to-end run's mail server: an SMTP sink (smtp-server) that keeps every
 * message, and a small HTTP mailbox the specs read it through.
 *
 *   GET    /messages                              every message, oldest first
 *   GET    /messages/next?to=&subject=&timeoutMs= the oldest matching message not yet
 *                                                 taken; waits for one to arrive
 *                                                 (404 after timeoutMs)
 *   DELETE /messages                              forget everything
 *   GET    /health                                {"ok":true,"count":N}
 */
import http from "node:http";
import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./mime";

export type StoredMail = ParsedMail & { id: number; recipients: string[]; receivedAt: string; taken: boolean };

export type MailQuery = { to?: string; subject?: string };

export class Mailbox {
  private mails: StoredMail[] = [];
  private nextId = 1;
  private waiters = new Set<() => void>();

  add(raw: string, recipients: string[]) {
    const mail: StoredMail = {
      ...parseMail(raw),
      id: this.nextId++,
      recipients: recipients.map((r) => r.toLowerCase()),
      receivedAt: new Date().toISOString(),
      taken: false,
    };
    this.mails.push(mail);
    for (const wake of [...this.waiters]) wake();
    return mail;
  }

  all(): StoredMail[] {
    return [...this.mails];
  }

  clear() {
    this.mails = [];
  }

  private matches(mail: StoredMail, q: MailQuery): boolean {
    if (q.to) {
      const to = q.to.trim().toLowerCase();
      const inHeader = mail.to
        .toLowerCase()
        .split(/[,;]/)
        .some((a) => a.trim() === to || a.includes(`<${to}>`));
      if (!mail.recipients.includes(to) && !inHeader) return false;
    }
    if (q.subject && !mail.subject.toLowerCase().includes(q.subject.toLowerCase())) return false;
    return true;
  }

  /** Takes the oldest matching mail not taken before, waiting up to timeoutMs for one. */
  take(q: MailQuery, timeoutMs: number): Promise<StoredMail | undefined> {
    const tryTake = () => {
      const mail = this.mails.find((m) => !m.taken && this.matches(m, q));
      if (mail) mail.taken = true;
      return mail;
    };
    const found = tryTake();
    if (found || timeoutMs <= 0) return Promise.resolve(found);
    return new Promise((resolve) => {
      const done = (mail: StoredMail | undefined) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(mail);
      };
      const wake = () => {
        const mail = tryTake();
        if (mail) done(mail);
      };
      const timer = setTimeout(() => done(undefined), timeoutMs);
      this.waiters.add(wake);
    });
  }
}

export function startSmtpSink(mailbox: Mailbox, port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    banner: "Atelier e2e mail sink",
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        mailbox.add(Buffer.concat(chunks).toString("utf8"), recipients);
        callback();
      });
      stream.on("error", callback);
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

export function startMailboxHttp(
  mailbox: Mailbox,
  port: number,
  extra?: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean,
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://mailbox");
    if (extra?.(req, res, url)) return;
    if (req.method === "GET" && url.pathname === "/health") {
      return sendJson(res, 200, { ok: true, count: mailbox.all().length });
    }
    if (url.pathname === "/messages" && req.method === "GET") return sendJson(res, 200, mailbox.all());
    if (url.pathname === "/messages" && req.method === "DELETE") {
      mailbox.clear();
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/messages/next" && req.method === "GET") {
      const timeoutMs = Math.min(Number(url.searchParams.get("timeoutMs") ?? 15_000) || 0, 120_000);
      const query = {
        to: url.searchParams.get("to") ?? undefined,
        subject: url.searchParams.get("subject") ?? undefined,
      };
      void mailbox.take(query, timeoutMs).then((mail) => {
        if (mail) sendJson(res, 200, mail);
        else sendJson(res, 404, { error: `No mail matching ${JSON.stringify(query)} arrived.` });
      });
      return;
    }
    sendJson(res, 404, { error: "Not found" });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
