// connection.js: keeping a phone's connection honest at a real table.
//
// - A watchdog on the live stream: the server sends "event: heartbeat"
//   every few seconds (its data says how often); a stream that has said
//   nothing for 2.5 heartbeats is dead even though no error came (Wi-Fi
//   gone, server frozen, a proxy that stopped forwarding), and the page
//   shows its offline bar and reconnects.
// - Reconnection with backoff: 1 s, then 2 s, then every 3 s, so that the
//   page is back within a few seconds of the server answering again.
// - The screen's wake lock while a game runs, taken again when the page
//   becomes visible; where the browser has none (plain HTTP on a LAN is
//   not a secure context), the menu says how to keep the screen on.
//
// app.js calls TW_CONN.watch(source, onDead) for each stream it opens and
// TW_CONN.retryDelay() when it schedules a reconnection.
(function () {
  const DEFAULT_EVERY = 3000;   // ms, until the first heartbeat says otherwise
  const DEAD_AFTER = 2.5;       // heartbeats of silence
  const CHECK_EVERY = 500;      // ms
  const BACKOFF = [1000, 2000, 3000];
  let every = DEFAULT_EVERY;
  let failures = 0;
  let watching = null;          // the stream being watched: { source, last, timer }

  // watch keeps a watchdog on source: any event resets it; silence for
  // DEAD_AFTER heartbeats calls onDead once. A new watch ends the old one.
  function watch(source, onDead) {
    stop();
    const w = { source, last: Date.now(), timer: null };
    const seen = () => { w.last = Date.now(); };
    source.addEventListener("open", seen);
    source.addEventListener("view", () => { seen(); failures = 0; });
    source.addEventListener("patch", seen);
    source.addEventListener("heartbeat", (ev) => {
      seen();
      failures = 0;
      try { const d = JSON.parse(ev.data); if (d.every_ms > 0) every = d.every_ms; } catch (e) { /* keep the period */ }
    });
    w.timer = setInterval(() => {
      if (watching !== w) return;
      if (Date.now() - w.last > every * DEAD_AFTER) {
        stop();
        failures++;
        document.body.dataset.watchdog = String(Number(document.body.dataset.watchdog || 0) + 1);
        onDead();
      }
    }, CHECK_EVERY);
    watching = w;
  }
  function stop() {
    if (watching) clearInterval(watching.timer);
    watching = null;
  }
  // retryDelay is how long to wait before the next reconnection.
  function retryDelay() { return BACKOFF[Math.min(failures, BACKOFF.length - 1)]; }

  // ---------- the screen's wake lock ----------
  let lock = null;
  function running() { return document.body.dataset.status === "playing"; }
  function supported() { return window.isSecureContext && navigator.wakeLock && typeof navigator.wakeLock.request === "function"; }
  function note(show) {
    const n = document.getElementById("wake-note");
    if (n) n.hidden = !show;
  }
  async function takeLock() {
    if (!running() || document.visibilityState !== "visible") return;
    if (!supported()) { document.body.dataset.wakeLock = "unavailable"; note(true); return; }
    if (lock && !lock.released) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      document.body.dataset.wakeLock = "held";
      note(false);
      lock.addEventListener("release", () => { if (document.body.dataset.wakeLock === "held") document.body.dataset.wakeLock = "released"; });
    } catch (e) {
      document.body.dataset.wakeLock = "refused";
      note(true);
    }
  }
  function dropLock() {
    if (lock) { lock.release().catch(() => {}); lock = null; }
    if (document.body.dataset.wakeLock) document.body.dataset.wakeLock = "off";
  }
  function statusChanged() { if (running()) takeLock(); else dropLock(); }
  new MutationObserver(statusChanged).observe(document.body, { attributes: true, attributeFilter: ["data-status"] });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") takeLock(); });
  if (!supported()) note(true);

  window.TW_CONN = { watch, stop, retryDelay };
})();
