// sw.js is the service worker of the pages, served at /sw.js (its scope is
// the whole site) with VERSION and SHELL filled in by the server at start:
// VERSION is a hash of the embedded static files, SHELL the paths of the
// page shells and static files to keep. A deploy changes VERSION, so the
// browser installs the new worker, which keeps the new shell and deletes
// the old one.
//
// Only the shell is kept: the page routes (/, /j/…, /t/…, /h/…, /b/…) and
// /static/*. The API, its streams, /healthz, /metrics and everything else
// go to the network untouched, never to the cache. The shell goes to the
// network first, so a phone with a server in reach sees exactly what it
// saw before; only when the network fails (or a proxy in front answers
// that the server is down) does the kept copy answer, and
// the page's own failure path (its first API call fails) shows the offline
// bar.
"use strict";

const VERSION = "{{version}}";
const SHELL = "{{shell}}".split(" ");
const CACHE = "tw-shell-" + VERSION;
const PREFIX = "tw-shell-";

// A page route and the shell kept for it: every table's page of one kind
// is the same HTML, kept once under the route with the id "-".
const PAGE = /^\/(?:([jthb])\/[^/]+)?$/;
function shellKey(path) {
  const m = PAGE.exec(path);
  if (!m) return null;
  return m[1] ? "/" + m[1] + "/-" : "/";
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SHELL.map(p => new Request(p, { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  let key = null;
  if (req.mode === "navigate") key = shellKey(url.pathname);
  else if (url.pathname.startsWith("/static/")) key = url.pathname;
  if (!key) return;
  event.respondWith((async () => {
    const kept = async () => (await caches.open(CACHE)).match(key, { ignoreSearch: true });
    let res;
    try {
      res = await fetch(req);
    } catch (err) {
      const copy = await kept();
      if (copy) return copy;
      throw err;
    }
    // A proxy in front answers 502-504 while the server is down.
    if (res.status >= 502 && res.status <= 504) return (await kept()) || res;
    return res;
  })());
});
