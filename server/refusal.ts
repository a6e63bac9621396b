/**
 * How the server itself answers a request it refuses before the app sees it (a bad body,
 * a cross-site post) or that failed inside it (500): problem details
 * (`application/problem+json`, built by app/.server/http/problem.ts as every JSON error is)
 * for the API and for clients that do not ask for HTML, else a small branded page in the
 * spirit of the app's error screen (same titles, app/components/errors/status-copy.ts).
 * Never a stack trace; no script, so it needs no nonce.
 */
import type { Request, Response } from "express";
import { problemBody } from "../app/.server/http/problem.js";
import { STATUS_COPY } from "../app/components/errors/status-copy.js";
import { PROBLEM_CONTENT_TYPE, type ProblemCode } from "../app/lib/problem.js";

const UNEXPECTED = {
  title: "Something went wrong",
  message: "We encountered an unexpected error. Please try refreshing the page.",
};

/** JSON for /api/…, Remix's `.data` requests and clients that do not accept HTML; a page for browsers. */
export function wantsJson(req: Pick<Request, "path" | "get">): boolean {
  if (req.path.startsWith("/api/") || req.path === "/api" || req.path.endsWith(".data")) return true;
  return !(req.get("accept") ?? "").includes("text/html");
}

/** `message` is always the server's own sentence (BODY_MESSAGES and the like), never request text. */
export function refusalPage(status: number, message: string): string {
  const copy = status >= 500 ? UNEXPECTED : (STATUS_COPY[status] ?? { title: "Request refused", message });
  const title = copy.title;
  const sentence = status >= 500 ? copy.message : message;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Atelier</title>
<style>
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a}
main{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:4rem 1.5rem;text-align:center;box-sizing:border-box}
.logo{display:inline-flex;align-items:center;gap:.5rem;margin-bottom:2.5rem;color:#0f172a;font-weight:600;font-size:1.125rem;text-decoration:none}
.status{margin:0;font-size:.875rem;font-weight:600;letter-spacing:.1em;text-transform:uppercase;color:#4f46e5}
h1{margin:.5rem 0 0;font-size:1.875rem;font-weight:700;letter-spacing:-.025em}
p.message{margin:1rem 0 0;max-width:28rem;color:#475569}
.actions{margin-top:2rem}
.actions a{display:inline-block;border:1px solid #cbd5e1;border-radius:.5rem;padding:.5rem 1rem;background:#fff;color:#0f172a;font-weight:600;font-size:.875rem;text-decoration:none}
</style>
</head>
<body>
<main id="main">
<a class="logo" href="/" aria-label="Atelier home"><svg aria-hidden="true" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 23l7-14 7 14M11.8 18h8.4" fill="none" stroke="white" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg><span>Atelier</span></a>
<p class="status">Error ${status}</p>
<h1>${title}</h1>
<p class="message">${sentence}</p>
<div class="actions"><a href="/">Go Home</a></div>
</main>
</body>
</html>
`;
}

/**
 * Answers `status` with `message` in the shape the client reads; `headers` e.g. Connection:
 * close; `code` the problem's machine-readable reason when the status's own is not precise
 * enough (`cross_site_request`).
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code?: ProblemCode,
): void {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (wantsJson(req)) {
    const detail = status >= 500 ? UNEXPECTED.message : message;
    res.type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problemBody({ status, detail, code: status >= 500 ? "internal_error" : code })));
  } else res.type("html").send(refusalPage(status, message));
}
