// pwa.js registers the service worker (/sw.js) that keeps the pages' shell
// for a phone whose server is out of reach. Browsers offer service workers
// only in a secure context (HTTPS, or localhost): over plain HTTP on a LAN
// there is none and the page goes on as before. The outcome is written to
// <html data-sw> ("unavailable", "registered" or "failed") for the tests.
(function () {
  "use strict";
  const root = document.documentElement;
  if (!window.isSecureContext || !("serviceWorker" in navigator)) { root.dataset.sw = "unavailable"; return; }
  navigator.serviceWorker.register("/sw.js", { scope: "/" })
    .then(() => { root.dataset.sw = "registered"; })
    .catch(() => { root.dataset.sw = "failed"; });
})();
