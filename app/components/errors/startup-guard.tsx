/**
 * 'React App Failed to Start' (spec section 2). If the app's scripts fail to load or throw
 * before hydration finishes (the root layout sets html[data-hydrated]), a banner with a
 * Reload Page button is put above the server-rendered page, which itself keeps working as
 * it does without JavaScript. Inline, so it runs even when every bundle fails.
 */

// Plain DOM code: React is exactly what may be missing. The Tailwind classes below are
// literal strings, so Tailwind's scan of this file keeps them in the stylesheet.
// Server-only text: the browser runs the copy in the HTML, so the bundle does not carry it
// (React leaves a hydrated script's text alone).
const script = import.meta.env.SSR
  ? `(function () {
  var shown = false;
  function show() {
    if (shown || document.documentElement.dataset.hydrated) return;
    if (!document.body) return document.addEventListener("DOMContentLoaded", show);
    shown = true;
    var box = document.createElement("div");
    box.id = "app-start-failed";
    box.setAttribute("role", "alert");
    box.className = "fixed inset-x-0 top-0 z-[200] border-b border-red-200 bg-red-50 px-4 py-3 shadow-md";
    box.innerHTML =
      '<div class="mx-auto flex max-w-5xl flex-wrap items-center gap-3">' +
      '<div class="min-w-0 flex-1"><p class="font-semibold text-red-900">React App Failed to Start</p>' +
      '<p class="text-sm text-red-800">Atelier could not start in this browser. Check your connection, then reload the page.</p></div>' +
      '<button type="button" class="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800">Reload Page</button></div>';
    box.querySelector("button").addEventListener("click", function () { location.reload(); });
    document.body.prepend(box);
  }
  window.__atelierStartFailed = show;
  window.addEventListener("error", function (event) {
    var t = event.target;
    var failedAsset = t && t.tagName && (t.tagName === "SCRIPT" || (t.tagName === "LINK" && t.rel === "modulepreload"));
    var ownCode = event.filename && event.filename.indexOf(location.origin + "/") === 0;
    if (failedAsset || ownCode) show();
  }, true);
})();`
  : "";

export function StartupGuard({ nonce }: { nonce: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

declare global {
  interface Window {
    __atelierStartFailed?: () => void;
  }
}
