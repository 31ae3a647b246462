// tablewarden phone UI: one script for every page, no build step.
// It renders any game from its view (tracks, public/private key-value
// panels) and its move catalog (forms), so it knows no game's rules.
"use strict";
// ---- patch:begin ---- merging the view stream's "patch" events (api/patch.go).
// A patch names the parts of the view response that changed since the last
// event of the same stream: "set" gives their new values, "del" the parts
// gone. A part is a top-level field ("status", "log") or a field of the game
// view ("view.private"); "view" alone in "del" removes the game view.
// "log": {drop, add} slides the log: its first `drop` entries go, `add`
// comes at its end. The result is a new object: the view passed in is not
// changed.
function applyPatch(view, patch) {
  const out = Object.assign({}, view);
  if (out.view && typeof out.view === "object") out.view = Object.assign({}, out.view);
  for (const name of patch.del || []) {
    if (name.startsWith("view.")) { if (out.view && typeof out.view === "object") delete out.view[name.slice(5)]; }
    else delete out[name];
  }
  for (const [name, value] of Object.entries(patch.set || {})) {
    if (name.startsWith("view.")) {
      if (!out.view || typeof out.view !== "object") out.view = {};
      out.view[name.slice(5)] = value;
    } else out[name] = value;
  }
  if (patch.log) out.log = (out.log || []).slice(patch.log.drop).concat(patch.log.add);
  return out;
}
// ---- patch:end ----
(function () {
  const page = document.body.dataset.page;
  const main = document.getElementById("main");
  const path = location.pathname.split("/").filter(Boolean);
  let lang = localStorage.getItem("tw:lang") || (navigator.language && navigator.language.toLowerCase().startsWith("pt") ? "pt-BR" : "en");
  let games = null;        // catalog from /api/games, by id
  let current = null;      // last ViewResponse
  let offset = 0;          // server clock minus this phone's clock, ms
  let source = null;       // EventSource
  let streamView = null;   // the view the stream built (its whole view, then its patches)
  let timerTick = null;
  const firedTimers = new Set();
  // The log this phone has seen, by seq. A view carries only the table's
  // most recent entries; the phone keeps the older ones it already has and
  // fetches the whole log (GET /log) when it sees a gap or a new undo.
  let logSeen = { table: null, entries: new Map(), fetching: false };
  const LOG_SHOWN = 60;

  // ---------- i18n ----------
  function t(key, params) {
    const cat = window.TW_MESSAGES[lang] || window.TW_MESSAGES.en;
    let s = cat[key] || window.TW_MESSAGES.en[key] || key;
    for (const k in (params || {})) s = s.split("{" + k + "}").join(params[k]);
    return s;
  }
  // Game-provided translations (Info.messages[lang][key]), else fallback.
  // code may be a list of keys, tried in order (see kit.Info.Messages for
  // the key convention: "phase.X", "arg.X", "option.X", "category.X",
  // "choice.X", and plain move types and error/event codes).
  function gt(gameId, code, fallback, params) {
    const g = games && games[gameId];
    const cat = g && g.messages && g.messages[lang];
    let m = null;
    for (const k of [].concat(code)) if (cat && cat[k]) { m = cat[k]; break; }
    if (!m) {
      let s = fallback;
      for (const k in (params || {})) s = String(s).split("{" + k + "}").join(params[k]);
      return s;
    }
    let s = m;
    for (const k in (params || {})) s = s.split("{" + k + "}").join(params[k]);
    return s;
  }
  const langSel = document.getElementById("lang");
  langSel.value = lang;
  langSel.addEventListener("change", () => { lang = langSel.value; localStorage.setItem("tw:lang", lang); document.documentElement.lang = lang; rerender(); });
  document.documentElement.lang = lang;

  // ---------- DOM helpers ----------
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const k in (attrs || {})) {
      const v = attrs[k];
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid.nodeType ? kid : document.createTextNode(String(kid)));
    return e;
  }
  function section(title, cls, ...kids) { return el("section", { class: cls }, el("h2", { text: title }), ...kids); }
  let toastTimer = null;
  function toast(msg, rule, ok) {
    const box = document.getElementById("toast");
    box.replaceChildren(el("span", { text: msg }), rule ? el("span", { class: "rule", text: t("rule") + ": " + rule }) : null);
    box.className = ok ? "ok" : "";
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, ok ? 2000 : 7000);
  }
  function humanKey(k) { return String(k).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, c => c.toUpperCase()); }
  function kv(value, depth) {
    depth = depth || 0;
    if (value === null || value === undefined) return el("span", { class: "muted", text: "—" });
    if (typeof value !== "object") return document.createTextNode(typeof value === "boolean" ? t(value ? "yes" : "no") : String(value));
    if (Array.isArray(value)) {
      if (value.length === 0) return el("span", { class: "muted", text: "—" });
      if (value.every(x => x === null || typeof x !== "object")) return document.createTextNode(value.join(", "));
      return el("div", {}, value.map(x => el("div", { class: "item" }, kv(x, depth + 1))));
    }
    const rows = Object.keys(value).map(k => el("tr", {}, el("th", { text: humanKey(k) }), el("td", {}, kv(value[k], depth + 1))));
    return el("table", { class: "kv" }, rows);
  }

  // ---------- credentials ----------
  function seatKey(id) { return "tw:" + id; }
  function hostKey(id) { return "tw:host:" + id; }
  function stored(key) { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; } }
  function tokenFor(id, role) {
    const s = stored(role === "host" ? hostKey(id) : seatKey(id));
    return s && s.token;
  }

  // ---------- API ----------
  async function api(method, url, body, token) {
    const headers = { "X-Requested-With": "tablewarden" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["Authorization"] = "Bearer " + token;
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
    let data = null;
    const text = await res.text();
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = { message: text }; }
    if (!res.ok) { const err = new Error((data && data.message) || res.statusText); err.status = res.status; err.data = data || {}; throw err; }
    return data;
  }
  async function loadGames() {
    if (games) return games;
    const list = await api("GET", "/api/games");
    games = {};
    for (const g of list) games[g.id] = g;
    return games;
  }
  function randomKey() {
    const b = new Uint8Array(12); crypto.getRandomValues(b);
    return Array.from(b, x => x.toString(16).padStart(2, "0")).join("");
  }

  // ---------- pages ----------
  async function pageIndex() {
    const gs = await loadGames();
    const sel = el("select", { id: "game", name: "game" }, Object.values(gs).map(g => el("option", { value: g.id, text: g.name })));
    const opts = el("div", { id: "options" });
    function renderOptions() {
      const g = gs[sel.value];
      opts.replaceChildren(...(g.options || []).filter(o => o.kind !== "json").map(o => optionInput(g, o)));
      document.getElementById("game-name").textContent = g.name + " · " + t("players_needed", { min: g.min_players, max: g.max_players });
    }
    sel.addEventListener("change", renderOptions);
    const form = el("form", { id: "create" },
      el("p", {}, el("label", {}, t("game"), " ", sel)),
      section(t("options"), "", opts),
      el("button", { type: "submit", id: "create-btn" }, t("create")));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const g = gs[sel.value];
      const options = {};
      for (const o of g.options || []) {
        const input = form.querySelector("[name='opt-" + o.name + "']");
        if (!input) continue;
        if (o.kind === "bool") options[o.name] = input.checked;
        else if (o.kind === "int") options[o.name] = parseInt(input.value, 10);
        else if (o.kind === "enum") { const c = (o.choices || [])[input.selectedIndex]; if (c) options[o.name] = c.value; }
        else options[o.name] = input.value;
      }
      try {
        const res = await api("POST", "/api/tables", { game: g.id, options });
        localStorage.setItem(hostKey(res.table_id), JSON.stringify({ token: res.host_token }));
        location.href = "/h/" + res.table_id;
      } catch (e) { toast(e.message, e.data && e.data.rule); }
    });
    main.replaceChildren(el("h1", { text: t("create_title") }), form);
    renderOptions();
  }
  function optionInput(g, o) {
    const label = gt(g.id, ["option." + o.name, o.name], o.label || humanKey(o.name));
    let input;
    if (o.kind === "bool") input = el("input", { type: "checkbox", name: "opt-" + o.name, checked: !!o.default });
    else if (o.kind === "int") input = el("input", { type: "number", name: "opt-" + o.name, value: o.default, min: o.min, max: o.max });
    else if (o.kind === "enum") {
      input = el("select", { name: "opt-" + o.name }, (o.choices || []).map(c => el("option", { text: gt(g.id, ["choice." + c.value, String(c.value)], c.label || String(c.value)) })));
      const i = (o.choices || []).findIndex(c => String(c.value) === String(o.default));
      if (i >= 0) input.selectedIndex = i;
    } else input = el("input", { type: "text", name: "opt-" + o.name, value: o.default });
    return el("p", {}, el("label", { title: o.help || "" }, label, o.source === "assumed" ? " (" + t("assumed") + ")" : "", " ", input));
  }

  async function pageJoin() {
    const code = (path[1] || "").toUpperCase();
    let info;
    try { info = await api("GET", "/api/join/" + encodeURIComponent(code)); }
    catch (e) { main.replaceChildren(el("p", { text: e.message })); return; }
    await loadGames();
    document.getElementById("game-name").textContent = info.game_name;
    const mine = stored(seatKey(info.table_id));
    if (mine && mine.token) { location.replace("/t/" + info.table_id); return; }
    if (info.status !== "lobby") { main.replaceChildren(el("p", { text: t("game_started_no_join") })); return; }
    const name = el("input", { id: "name", name: "name", maxlength: 24, required: true, autocomplete: "nickname", autofocus: true });
    const form = el("form", { id: "join" }, el("h1", { text: t("join_title") }), el("p", { class: "code", text: code }),
      el("p", {}, el("label", {}, t("your_name"), " ", name)), el("button", { type: "submit", id: "join-btn" }, t("join")),
      section(t("seats"), "", el("ul", { class: "seats" }, (info.seats || []).filter(s => !s.removed).map(s => el("li", { text: s.name })))));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try {
        const res = await api("POST", "/api/join", { code, name: name.value });
        localStorage.setItem(seatKey(res.table_id), JSON.stringify({ token: res.token, seat: res.seat }));
        location.href = "/t/" + res.table_id;
      } catch (e) { toast(e.message); }
    });
    main.replaceChildren(form);
    name.focus();
  }

  function tableId() { return path[1]; }
  function role() { return page === "host" ? "host" : page === "board" ? "board" : "seat"; }

  async function pageTable() {
    await loadGames();
    const id = tableId();
    const r = role();
    const token = r === "board" ? null : tokenFor(id, r);
    if (r === "seat" && !token) { main.replaceChildren(el("p", { text: t("not_seated") })); return; }
    if (token) { try { await api("POST", "/api/tables/" + id + "/session", undefined, token); } catch (e) { /* cookie refresh only */ } }
    if (r === "board") document.body.classList.add("board");
    try { show(await api("GET", "/api/tables/" + id + "/view" + (r === "board" ? "?as=board" : ""), undefined, token)); }
    catch (e) {
      if (e.status === 401) { localStorage.removeItem(seatKey(id)); main.replaceChildren(el("p", { text: t("revoked") })); return; }
      main.replaceChildren(el("p", { text: e.message })); return;
    }
    connect();
  }

  function connect() {
    const id = tableId();
    if (source) source.close();
    streamView = null;
    source = new EventSource("/api/tables/" + id + "/stream?as=" + role() + "&patches=1");
    source.addEventListener("view", (ev) => { streamView = JSON.parse(ev.data); show(streamView); document.body.dataset.online = "1"; });
    // A patch applies to the view this stream sent last; one that does not
    // (a gap) starts the stream again, which begins with a whole view.
    source.addEventListener("patch", (ev) => {
      const p = JSON.parse(ev.data);
      if (!streamView || streamView.version !== p.base) { connect(); return; }
      streamView = applyPatch(streamView, p);
      show(streamView);
      document.body.dataset.online = "1";
    });
    source.addEventListener("revoked", () => { source.close(); localStorage.removeItem(seatKey(id)); main.replaceChildren(el("p", { text: t("revoked") })); });
    source.onerror = () => { document.body.dataset.online = "0"; };
  }

  function show(v) {
    offset = new Date(v.server_time).getTime() - Date.now();
    // Views only go forward; the same version again (a reconnecting stream
    // sends the current view first) changes nothing on screen.
    if (current && v.table_id === current.table_id && v.version <= current.version) return;
    current = v;
    if (mergeLog(v.table_id, v.log || [])) fetchLog(v.table_id);
    rerender();
  }
  // mergeLog adds entries to the log seen and reports whether the log
  // should be fetched whole: entries are missing before them, or a new undo
  // may have marked an entry this view no longer carries.
  function mergeLog(id, entries) {
    if (logSeen.table !== id) logSeen = { table: id, entries: new Map(), fetching: false };
    let last = 0;
    for (const k of logSeen.entries.keys()) last = Math.max(last, k);
    let gap = entries.length > 0 && entries[0].seq > last + 1 && !logSeen.entries.has(entries[0].seq - 1);
    for (const e of entries) {
      if (!logSeen.entries.has(e.seq) && e.events.some(ev => ev.code === "undo") && logSeen.entries.size > 0) gap = true;
      logSeen.entries.set(e.seq, e);
    }
    return gap;
  }
  async function fetchLog(id) {
    if (logSeen.fetching) return;
    logSeen.fetching = true;
    try {
      const r = role();
      const all = await api("GET", "/api/tables/" + id + "/log" + (r === "board" ? "?as=board" : ""), undefined, r === "board" ? null : tokenFor(id, r));
      if (logSeen.table === id) { for (const e of all) logSeen.entries.set(e.seq, e); rerender(); }
    } catch (e) { /* the recent entries still show; the next gap retries */ }
    finally { logSeen.fetching = false; }
  }
  // keepInputs remembers what a player was choosing in the move forms, so
  // that another phone's move re-rendering the page does not reset it.
  function keepInputs() {
    const kept = {};
    for (const f of document.querySelectorAll("form.move")) {
      for (const i of f.querySelectorAll("select, input")) kept[f.dataset.move + "/" + i.name] = i.type === "checkbox" ? i.checked : i.value;
    }
    return kept;
  }
  function restoreInputs(kept) {
    for (const f of document.querySelectorAll("form.move")) {
      for (const i of f.querySelectorAll("select, input")) {
        const k = f.dataset.move + "/" + i.name;
        if (!(k in kept)) continue;
        if (i.type === "checkbox") i.checked = kept[k];
        else if (i.tagName === "SELECT") { if (Array.from(i.options).some(o => o.value === kept[k])) i.value = kept[k]; }
        else i.value = kept[k];
      }
    }
  }
  function rerender() {
    if (page === "index") { pageIndex(); return; }
    if (!current) return;
    const v = current;
    document.getElementById("game-name").textContent = v.game_name + " · " + t("status_" + v.status);
    document.body.dataset.version = v.version;
    const parts = [];
    if (page === "host") parts.push(...hostPanels(v));
    if (v.view) parts.push(...gamePanels(v));
    else if (page !== "host") parts.push(section(t("seats"), "", seatList(v, null), el("p", { class: "muted", text: t("waiting_players") + " · " + t("players_needed", { min: v.min_players, max: v.max_players }) })));
    parts.push(logPanel(v));
    const kept = keepInputs();
    main.replaceChildren(...parts);
    restoreInputs(kept);
    startTimerTick();
  }

  function seatList(v, view) {
    const turn = new Set((view && view.turn) || []);
    const facts = {};
    for (const s of (view && view.seats) || []) facts[s.seat] = s;
    return el("ul", { class: "seats", id: "seats" }, v.seats.filter(s => !s.removed).map(s => {
      const f = facts[s.seat];
      const li = el("li", { class: turn.has(s.seat) ? "turn" : "", "data-seat": s.seat },
        el("span", { text: s.name + (v.me.role === "seat" && v.me.seat === s.seat ? " (" + t("you") + ")" : "") }),
        f && f.status ? el("span", { class: "facts", text: f.status }) : null,
        f && f.facts ? el("span", { class: "facts", text: Object.keys(f.facts).map(k => humanKey(k) + ": " + f.facts[k]).join(" · ") }) : null);
      if (page === "host" && v.status !== "ended") {
        li.append(el("button", { class: "secondary", "data-remove": s.seat, onclick: () => removeSeat(s.seat) }, t("remove")));
      }
      return li;
    }));
  }

  function hostPanels(v) {
    const out = [];
    if (v.status === "lobby") {
      out.push(section(t("scan_to_join"), "",
        el("img", { class: "qr", id: "qr", src: "/api/tables/" + v.table_id + "/qr.png", alt: "QR code" }),
        el("p", { class: "code", id: "join-code", text: v.join_code }),
        el("p", { class: "muted", text: location.origin + "/j/" + v.join_code })));
      const count = v.seats.filter(s => !s.removed).length;
      out.push(section(t("seats") + " (" + count + ")", "", seatList(v, null),
        el("p", { class: "muted", text: t("players_needed", { min: v.min_players, max: v.max_players }) }),
        el("button", { id: "start", disabled: count < v.min_players || count > v.max_players, onclick: startGame }, t("start"))));
    } else {
      out.push(section(t("host_view"), "", el("p", {}, el("span", { text: t("join_code") + ": " }), el("b", { text: v.join_code })),
        el("button", { class: "secondary", id: "undo", onclick: undo }, t("undo"))));
    }
    out.push(el("p", {}, el("a", { href: "/b/" + v.table_id, id: "board-link", target: "_blank", rel: "noopener" }, t("board_link"))));
    return out;
  }

  function gamePanels(v) {
    const view = v.view, gid = v.game, out = [];
    if (view.outcome) out.push(outcomePanel(v));
    for (const tm of view.timers || []) out.push(timerPanel(tm));
    if (page !== "board") {
      out.push(section(page === "host" ? t("host_moves") : t("your_moves"), "moves", movesPanel(v)));
    }
    if (view.private !== undefined && view.private !== null) out.push(section(t("your_secret"), "private", el("div", { id: "private" }, kv(view.private))));
    const head = el("p", {}, el("b", { text: t("phase") + ": " }), gt(gid, ["phase." + view.phase, view.phase], view.phase || "—"));
    out.push(section(t("seats"), "", head, seatList(v, view)));
    if ((view.tracks || []).length) out.push(section(t("tracks"), "", view.tracks.map(trackEl)));
    if (view.public !== undefined && view.public !== null) out.push(section(t("public"), "", el("div", { id: "public" }, kv(view.public))));
    return out;
  }
  function trackEl(tr) {
    const steps = tr.steps && tr.steps.length ? tr.steps : Array.from({ length: tr.max + 1 }, (_, i) => String(i));
    return el("div", { class: "track", "data-track": tr.name }, el("div", { text: tr.label + ": " + (steps[tr.pos] !== undefined ? steps[tr.pos] : tr.pos) }),
      el("div", { class: "steps" }, steps.map((s, i) => el("span", { class: "step" + (i === tr.pos ? " on" : ""), text: s }))));
  }
  function outcomePanel(v) {
    const o = v.view.outcome;
    const names = {}; for (const s of v.seats) names[s.seat] = s.name;
    const kids = [
      el("p", { id: "winners" }, el("b", { text: t("winners") + ": " }), (o.side ? o.side + " — " : "") + (o.winners || []).map(w => names[w]).join(", ")),
      el("p", {}, el("b", { text: t("reason") + ": " }), o.reason + (o.rule ? " (" + o.rule + ")" : ""))];
    if (o.scores && o.scores.length) {
      const max = Math.max(1, ...o.scores.map(s => s.total));
      kids.push(el("h3", { text: t("chart") }), el("div", { class: "chart", id: "chart" }, o.scores.map(s =>
        el("div", { class: "row" }, el("span", { class: "name", text: names[s.seat] + " · " + s.total }),
          el("div", { class: "track" }, el("div", { class: "bar", style: "width:" + Math.max(1, Math.round(100 * Math.max(0, s.total) / max)) + "%" }))))));
      kids.push(el("table", { class: "kv" }, o.scores.map(s => el("tr", {}, el("th", { text: "#" + s.rank + " " + names[s.seat] }),
        el("td", {}, s.categories.map(c => el("div", { text: gt(v.game, ["category." + c.category, c.category], humanKey(c.category)) + ": " + c.points + (c.note ? " (" + c.note + ")" : "") })), el("b", { text: t("total") + ": " + s.total }))))));
    }
    if (o.revealed) kids.push(el("h3", { text: t("revealed") }), kv(o.revealed));
    return section(t("outcome"), "outcome", kids);
  }
  function timerPanel(tm) {
    return section(tm.label || tm.name, "timer-box", el("div", { class: "timer", "data-timer": tm.name, "data-deadline": tm.running ? tm.deadline : "", "data-remaining": tm.remaining_ms, "data-generation": tm.generation }, "--"));
  }
  function startTimerTick() {
    clearInterval(timerTick);
    const tick = () => {
      for (const box of document.querySelectorAll("[data-timer]")) {
        let ms;
        if (box.dataset.deadline) ms = new Date(box.dataset.deadline).getTime() - (Date.now() + offset);
        else ms = parseInt(box.dataset.remaining || "0", 10);
        ms = Math.max(0, ms);
        box.textContent = (ms / 1000).toFixed(1);
        box.dataset.ms = String(Math.round(ms));
        box.dataset.at = String(Date.now());
        const key = box.dataset.timer + ":" + box.dataset.generation;
        if (ms === 0 && box.dataset.deadline) {
          box.classList.add("out");
          if (!firedTimers.has(key)) { firedTimers.add(key); if (navigator.vibrate) navigator.vibrate([300, 100, 300]); }
        }
      }
    };
    tick();
    if (document.querySelector("[data-timer]")) timerTick = setInterval(tick, 100);
  }

  function movesPanel(v) {
    const moves = v.view.moves || [];
    if (!moves.length) return el("p", { class: "muted", id: "no-moves", text: t("no_moves") });
    return el("div", { id: "moves" }, moves.map(m => moveForm(v, m)));
  }
  function choiceLabel(v, c, kind) {
    if (kind === "seat") { const s = v.seats.find(x => x.seat === c.value); return c.label || (s ? s.name : String(c.value)); }
    return gt(v.game, ["choice." + c.value, String(c.value)], c.label || String(c.value));
  }
  function moveForm(v, m) {
    const label = gt(v.game, m.type, m.label || humanKey(m.type));
    const inputs = (m.args || []).map(a => {
      let input;
      const alabel = gt(v.game, ["arg." + a.name, a.name], a.label || humanKey(a.name));
      if (a.choices && a.choices.length) {
        input = el("select", { name: a.name, "data-kind": a.kind }, a.optional ? el("option", { value: "", text: t("choose") }) : null,
          a.choices.map((c, i) => el("option", { value: String(i), text: choiceLabel(v, c, a.kind) })));
      } else if (a.kind === "seat") {
        input = el("select", { name: a.name, "data-kind": a.kind }, v.seats.filter(s => !s.removed).map(s => el("option", { value: "seat:" + s.seat, text: s.name })));
      } else if (a.kind === "bool") input = el("input", { type: "checkbox", name: a.name, "data-kind": a.kind });
      else if (a.kind === "int") input = el("input", { type: "number", name: a.name, "data-kind": a.kind, min: a.min, max: a.max, value: a.min !== undefined ? a.min : 0, required: !a.optional });
      else input = el("input", { type: "text", name: a.name, "data-kind": a.kind, required: !a.optional });
      return el("label", {}, alabel, input);
    });
    const form = el("form", { class: "move", "data-move": m.type }, inputs, el("button", { type: "submit" }, label), m.rule ? el("span", { class: "rule", text: m.rule }) : null);
    form.addEventListener("submit", (ev) => { ev.preventDefault(); submitMove(v, m, form); });
    return form;
  }
  function readArgs(m, form) {
    const args = {};
    for (const a of m.args || []) {
      const input = form.querySelector("[name='" + a.name + "']");
      if (!input) continue;
      if (a.choices && a.choices.length) {
        if (input.value === "") continue;
        // An option whose value is "=<json>" (not one the view offered)
        // is sent as is: the referee, not the phone, has the last word.
        if (input.value.startsWith("=")) { try { args[a.name] = JSON.parse(input.value.slice(1)); } catch (e) { args[a.name] = input.value.slice(1); } continue; }
        const c = a.choices[parseInt(input.value, 10)];
        if (c) args[a.name] = c.value;
      } else if (a.kind === "seat") args[a.name] = parseInt(input.value.replace("seat:", ""), 10);
      else if (a.kind === "bool") args[a.name] = input.checked;
      else if (a.kind === "int") { if (input.value === "" && a.optional) continue; args[a.name] = parseInt(input.value, 10); }
      else { if (input.value === "" && a.optional) continue; args[a.name] = input.value; }
    }
    return args;
  }
  async function submitMove(v, m, form) {
    const btn = form.querySelector("button");
    btn.disabled = true;
    const body = { type: m.type, args: readArgs(m, form), expected_version: v.version, idempotency_key: randomKey() };
    const token = tokenFor(v.table_id, role());
    try {
      await postWithRetry("/api/tables/" + v.table_id + "/moves", body, token);
    } catch (e) {
      const d = e.data || {};
      if (e.status === 409 && d.version !== undefined) { toast(t("moved_on")); refresh(); }
      else if (d.code) toast(t("refused") + ": " + gt(v.game, d.code, d.message, d.params), d.rule);
      else toast(e.message);
    } finally { btn.disabled = false; }
  }
  // A POST whose answer never came is retried with the same idempotency
  // key, so that the server applies it at most once.
  async function postWithRetry(url, body, token) {
    for (let i = 0; ; i++) {
      try { return await api("POST", url, body, token); }
      catch (e) { if (e.status || i >= 3) throw e; await new Promise(r => setTimeout(r, 500 * (i + 1))); }
    }
  }
  async function refresh() {
    const id = tableId(), r = role();
    try { show(await api("GET", "/api/tables/" + id + "/view" + (r === "board" ? "?as=board" : ""), undefined, r === "board" ? null : tokenFor(id, r))); } catch (e) { toast(e.message); }
  }
  async function startGame() {
    try { show(await api("POST", "/api/tables/" + tableId() + "/start", undefined, tokenFor(tableId(), "host"))); toast(t("started"), null, true); }
    catch (e) { toast(e.message, e.data && e.data.rule); }
  }
  async function undo() {
    try { await api("POST", "/api/tables/" + tableId() + "/undo", undefined, tokenFor(tableId(), "host")); }
    catch (e) { toast((e.data && e.data.message) || e.message, e.data && e.data.rule); }
  }
  async function removeSeat(seat) {
    try { await api("DELETE", "/api/tables/" + tableId() + "/seats/" + seat, undefined, tokenFor(tableId(), "host")); }
    catch (e) { toast(e.message); }
  }
  function logPanel(v) {
    const seen = logSeen.table === v.table_id ? Array.from(logSeen.entries.values()) : (v.log || []).slice();
    seen.sort((a, b) => b.seq - a.seq);
    const rows = seen.slice(0, LOG_SHOWN).flatMap(e => e.events.map(ev =>
      el("div", { class: e.undone ? "muted" : "" }, "#" + e.seq + " " + gt(v.game, ev.code, ev.text, ev.params) + (e.undone ? " ↶" : ""))));
    return section(t("log"), "", el("div", { class: "log", id: "log" }, rows));
  }

  // Reconnect and refresh when the phone wakes up or the network returns.
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && current) { refresh(); if (!source || source.readyState === 2) connect(); } });
  window.addEventListener("online", () => { if (current) { refresh(); connect(); } });

  const run = { index: pageIndex, join: pageJoin, seat: pageTable, host: pageTable, board: pageTable }[page];
  run().catch(e => { main.replaceChildren(el("p", { text: e.message })); });
})();
