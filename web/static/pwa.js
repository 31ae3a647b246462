// pwa.js makes the pages an installable app.
//
// It registers the service worker (/sw.js) that keeps the pages' shell for
// a phone whose server is out of reach. Browsers offer service workers only
// in a secure context (HTTPS, or localhost): over plain HTTP on a LAN there
// is none and the page goes on as before. The outcome is written to
// <html data-sw> ("unavailable", "registered" or "failed") for the tests.
//
// The app opens at the manifest's start_url, "/?app": a phone that had a
// table's page open in the last 12 hours goes back to it (its seat, the
// host screen or the board) instead of the page that creates a table. The
// "tw" link leads to "/" itself.
(function () {
  "use strict";
  const LAST = "tw:last-page";
  const FRESH_MS = 12 * 3600 * 1000;
  const kind = document.body && document.body.dataset.page;
  try {
    if (kind === "seat" || kind === "host" || kind === "board") {
      localStorage.setItem(LAST, JSON.stringify({ path: location.pathname, at: Date.now() }));
    } else if (kind === "index" && new URLSearchParams(location.search).has("app")) {
      const last = JSON.parse(localStorage.getItem(LAST) || "null");
      if (last && /^\/[thb]\/[^/]+$/.test(last.path) && Date.now() - last.at < FRESH_MS) {
        location.replace(last.path);
        return;
      }
    }
  } catch (e) { /* no storage: the app opens at the home page */ }

  const root = document.documentElement;
  if (!window.isSecureContext || !("serviceWorker" in navigator)) { root.dataset.sw = "unavailable"; return; }
  navigator.serviceWorker.register("/sw.js", { scope: "/" })
    .then(() => { root.dataset.sw = "registered"; })
    .catch(() => { root.dataset.sw = "failed"; });
})();
