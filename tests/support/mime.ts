/**
 * Just enough MIME to read the mails the app sends (nodemailer output): headers with
 * folding and encoded words, nested multipart bodies, quoted-printable and base64.
 * mailparser is not installable here, so the SMTP sink uses this instead.
 */

export type ParsedMail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
};

type Part = { headers: Map<string, string>; body: string };

function splitHeadersAndBody(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold: a line starting with white space continues the previous header.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return { headers, body };
}

function headerParam(value: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, "i").exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function bytesToString(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

export function decodeQuotedPrintable(input: string, charset = "utf-8"): string {
  const softBreaksRemoved = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const ch = softBreaksRemoved[i]!;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, "utf8")) bytes.push(b);
    }
  }
  return bytesToString(Uint8Array.from(bytes), charset);
}

function decodeBody(body: string, encoding: string | undefined, charset: string): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body, charset);
    case "base64":
      return bytesToString(Buffer.from(body.replace(/\s+/g, ""), "base64"), charset);
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects and names. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? bytesToString(Buffer.from(text, "base64"), charset)
        : decodeQuotedPrintable(text.replace(/_/g, " "), charset),
    );
}

function collect(part: Part, out: { text: string[]; html: string[] }) {
  const contentType = part.headers.get("content-type") ?? "text/plain";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType.startsWith("multipart/")) {
    const boundary = headerParam(contentType, "boundary");
    if (!boundary) return;
    const sections = part.body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*$`, "m"));
    // The first section is the preamble and the last the epilogue.
    for (const section of sections.slice(1, -1)) {
      collect(splitHeadersAndBody(section.replace(/^\r?\n/, "")), out);
    }
    return;
  }
  if (/attachment/i.test(part.headers.get("content-disposition") ?? "")) return;
  const decoded = decodeBody(part.body, part.headers.get("content-transfer-encoding"), headerParam(contentType, "charset") ?? "utf-8");
  if (mediaType === "text/html") out.html.push(decoded);
  else if (mediaType === "text/plain") out.text.push(decoded);
}

function decodeHtmlEntities(s: string): string {
  return s
    .replace(/&amp;/g, "&")
    .replace(/&#x2F;/gi, "/")
    .replace(/&#47;/g, "/")
    .replace(/&#x3D;/gi, "=")
    .replace(/&#61;/g, "=")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/** Links in a mail: hrefs of the HTML part first, then URLs in the text, without repeats. */
export function extractLinks(text: string, html: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const href = decodeHtmlEntities(m[1] ?? m[2] ?? "").trim();
    if (/^https?:\/\//i.test(href)) links.push(href);
  }
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'()[\]]+/gi)) {
    links.push(m[0].replace(/[.,;:!?]+$/, ""));
  }
  return [...new Set(links)];
}

export function parseMail(raw: string): ParsedMail {
  const root = splitHeadersAndBody(raw);
  const out = { text: [] as string[], html: [] as string[] };
  collect(root, out);
  const text = out.text.join("\n");
  const html = out.html.join("\n");
  return {
    to: decodeEncodedWords(root.headers.get("to") ?? ""),
    from: decodeEncodedWords(root.headers.get("from") ?? ""),
    subject: decodeEncodedWords(root.headers.get("subject") ?? ""),
    text,
    html,
    links: extractLinks(text, html),
  };
}
