/**
 * The guide half of /docs/api: plain HTML (the page is sent without the app's scripts), so
 * it reads the same with JavaScript off. The reference half is ./api-reference.tsx.
 */
const code = "block overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-5 text-slate-100";
const h2 = "mt-10 text-xl font-semibold text-slate-900";
const p = "mt-3 text-sm leading-6 text-slate-700";
const inline = "rounded bg-slate-100 px-1 font-mono text-xs text-slate-800";

/** A code block that scrolls sideways on a phone, so it takes focus (axe: scrollable-region-focusable). */
function Code({ children }: { children: string }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre className={`${code} mt-3`} tabIndex={0}>
      {children}
    </pre>
  );
}

export function ApiGuide({ origin }: { origin: string }) {
  return (
    <section aria-labelledby="guide">
      <h2 id="guide" className="sr-only">
        Guide
      </h2>
      <h3 id="keys" className={h2}>
        Make a key
      </h3>
      <p className={p}>
        In <a href="/settings/api-keys">Settings → API keys</a>, an owner or admin makes a <em>workspace key</em> (it acts as an admin of
        the workspace, within its scopes); anyone can make a <em>personal key</em> that acts as themselves. Choose the scopes (read or write
        per kind of object) and, if you like, an expiry. The key is shown once: keep it in a secret store. It starts with{" "}
        <code className={inline}>atl_live_</code> (or <code className={inline}>atl_test_</code> outside production) so secret scanners
        recognise a leaked one; revoke it at once on the same page.
      </p>
      <h3 id="first-request" className={h2}>
        The first request
      </h3>
      <p className={p}>Send the key as a bearer token. Every answer is JSON.</p>
      <Code>
        {`curl ${origin}/api/v1/projects \\
  -H "Authorization: Bearer $ATELIER_KEY"

curl ${origin}/api/v1/projects \\
  -H "Authorization: Bearer $ATELIER_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"name": "Website"}'`}
      </Code>
      <p className={p}>
        Every call counts against the workspace plan&apos;s monthly API calls, and each key may make a number of requests a minute (60 on
        Starter). Each answer says how many are left in <code className={inline}>RateLimit</code> and{" "}
        <code className={inline}>RateLimit-Policy</code>; past either limit the answer is 429 with{" "}
        <code className={inline}>Retry-After</code>.
      </p>
      <h3 id="pagination" className={h2}>
        Pagination
      </h3>
      <p className={p}>
        Lists answer <code className={inline}>{`{ "object": "list", "data": [...], "next": "/api/v1/...?cursor=..." }`}</code>, in a stable
        order, <code className={inline}>limit</code> items a page (1–100, 25 by default). Follow <code className={inline}>next</code> (also
        sent as <code className={inline}>Link: &lt;…&gt;; rel=&quot;next&quot;</code>) until it is null. The cursor is opaque: pass it back
        as it came.
      </p>
      <h3 id="versions" className={h2}>
        Versions: ETag and If-Match
      </h3>
      <p className={p}>
        Reading one object gives its <code className={inline}>ETag</code>. Send it back as <code className={inline}>If-Match</code> on a
        PATCH or DELETE, and the change is refused with 412 <code className={inline}>precondition_failed</code> if someone changed the
        object since you read it; read it again and decide. Without If-Match the write goes ahead.{" "}
        <code className={inline}>If-None-Match</code> on a read answers 304 when nothing changed.
      </p>
      <h3 id="idempotency" className={h2}>
        Idempotency
      </h3>
      <p className={p}>
        Send an <code className={inline}>Idempotency-Key</code> header (a UUID) with every POST. If the connection drops, send the same
        request with the same key again: within 24 hours you get the first answer again (with{" "}
        <code className={inline}>Idempotent-Replayed: true</code>) and nothing is made twice. The same key with a different body is refused
        (422 <code className={inline}>idempotency_key_reused</code>); while the first request still runs, 409{" "}
        <code className={inline}>idempotency_key_in_use</code>.
      </p>
      <h3 id="errors" className={h2}>
        Errors
      </h3>
      <p className={p}>
        Every error is a problem details object (RFC 9457, <code className={inline}>application/problem+json</code>):{" "}
        <code className={inline}>type</code>, <code className={inline}>title</code>, <code className={inline}>status</code>,{" "}
        <code className={inline}>detail</code> (a sentence for people), <code className={inline}>code</code> (decide by this) and, for
        invalid input, <code className={inline}>errors</code> naming each field. The types are listed <a href="#problems">below</a>.
      </p>
      <Code>
        {`{ "type": "/docs/api/problems/validation-failed", "title": "Validation failed", "status": 400,
  "detail": "Give it a name.", "code": "validation_failed",
  "errors": [{ "field": "name", "message": "Give it a name." }] }`}
      </Code>
      <h3 id="wireframes" className={h2}>
        Wireframes and their exports
      </h3>
      <p className={p}>
        <code className={inline}>GET /wireframes</code> lists them with their screens; one wireframe comes with its whole document (screens
        and elements as the editor stores them), its ETag changing with every edit. <code className={inline}>/export</code> makes the files
        the export page makes, with their own type and a file name in <code className={inline}>Content-Disposition</code>: PNG at 1× or 2×,
        SVG, a PDF with a page per screen, or the JSON document; several PNG or SVG screens come as one ZIP.
      </p>
      <Code>
        {`curl -OJ "${origin}/api/v1/wireframes/$WIREFRAME/export?format=png&scale=2" \\
  -H "Authorization: Bearer $ATELIER_KEY"`}
      </Code>
      <h3 id="design-tokens" className={h2}>
        Design tokens
      </h3>
      <p className={p}>
        Published versions of the design system (the workspace&apos;s, or a project&apos;s with <code className={inline}>?project=</code>)
        never change, so their ETags hold for good. Read a version&apos;s tokens in one theme (each value as written, resolved and as CSS),
        or export it as the design page does: <code className={inline}>format=css</code>, <code className={inline}>scss</code>,{" "}
        <code className={inline}>js</code>, <code className={inline}>dts</code>, <code className={inline}>dtcg</code>,{" "}
        <code className={inline}>tokens-studio</code>, <code className={inline}>tailwind4</code> or{" "}
        <code className={inline}>tailwind3</code>, for one <code className={inline}>theme</code> or all.
      </p>
      <h3 id="analytics" className={h2}>
        Analytics and insights
      </h3>
      <p className={p}>
        <code className={inline}>GET /analytics/projects/{"{id}"}?from=&amp;to=</code> gives the figures the analytics page draws for that
        range (throughput in cards a week, cycle and lead time in days, cumulative flow, aging work, the burn-up and burndown of the range
        or of a <code className={inline}>cycle</code>, forecasts); the reference names each figure&apos;s unit.{" "}
        <code className={inline}>GET /insights</code> lists what needs attention; with a personal key each insight says whether you
        dismissed or snoozed it.
      </p>
      <h3 id="webhooks" className={h2}>
        Webhooks
      </h3>
      <p className={p}>
        Rather than asking again and again, let Atelier tell you: in Settings → Webhooks an owner or admin subscribes an HTTPS address to
        kinds of events (a card created, moved or deleted, a comment, a cycle closed, …). Each delivery is signed as the Standard Webhooks
        specification says and carries the object as this API returns it, so the same code reads both.
      </p>
    </section>
  );
}
