/**
 * The landing page's only JavaScript, inline with the request's CSP nonce (the page ships
 * none of the framework's: routes/_index.tsx says `hydrate: false`). Plain DOM code for
 * the two things HTML alone does not do:
 * - the status dots (spec section 2) ask GET /api/status and /api/kong/status, and a dot
 *   whose answer differs from the server-rendered one is redrawn as StatusDots draws it;
 * - the phone menu (<details>) closes when one of its in-page links is followed.
 * Server-only text: the browser runs the copy in the HTML, so the route's client chunk
 * (used when a hydrated page navigates to /) does not carry it.
 */
// The Tailwind classes are literal strings here, so Tailwind's scan keeps them.
export const LANDING_PAGE_SCRIPT = import.meta.env.SSR
  ? `(function () {
  function healthy(url) {
    return fetch(url, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : {}; })
      .then(function (b) { return b.status === "ok" || b.status === "operational"; }, function () { return false; });
  }
  var dots = document.querySelectorAll('[aria-label="System status"] li[data-status]');
  if (dots.length === 2) {
    Promise.all([healthy("/api/status"), healthy("/api/kong/status")]).then(function (answers) {
      answers.forEach(function (ok, i) {
        var li = dots[i];
        if (ok === (li.getAttribute("data-status") === "ok")) return;
        li.setAttribute("data-status", ok ? "ok" : "down");
        var dot = ok
          ? '<span class="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:hidden"></span><span class="relative inline-flex size-2.5 rounded-full bg-emerald-500"></span>'
          : '<span class="relative inline-flex size-2.5 rounded-full bg-red-500"></span>';
        var text = document.createElement("span");
        if (ok) text.textContent = li.getAttribute("data-ok-text");
        else text.innerHTML = '<span class="sr-only"></span><span>Down</span>', text.firstChild.textContent = li.getAttribute("data-label") + ": ";
        li.innerHTML = '<span class="relative flex size-2.5" aria-hidden="true">' + dot + "</span>";
        li.appendChild(text);
      });
    });
  }
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("details a");
    if (a) a.closest("details").removeAttribute("open");
  });
})();`
  : "";
