// tablewarden pages: one script for every page (home, join, a seat's
// phone, the host, the board, a hand-over link), no build step.
//
// A table page renders any game from its view: the prompt (what to do
// next), the moves (primary ones large, the others by group), the seat's
// secrets (behind press-and-hold), the seats, tracks and drawn board, and
// the log. It knows no game's rules: the only per-game code is the score
// pad, chosen by the shape of a move, not by the game.
"use strict";
// ---- patch:begin ---- merging the view stream's "patch" events (table/viewpush.go).
// A patch is a JSON Patch (RFC 6902) against the last view of the same
// stream: its first operation tests that view's version, the others add,
// replace or remove parts ("/status", "/view/moves", "/log/0", "/log/-").
// applyPatch applies add, remove, replace and test (the server sends no
// other) and throws when one does not apply, as RFC 6902 says; the view
// passed in is not changed.
function applyPatch(view, ops) {
  const clone = (v) => JSON.parse(JSON.stringify(v));
  const same = (a, b) => {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
  };
  const doc = clone(view);
  for (const op of ops) {
    const keys = op.path.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = keys.pop();
    let parent = doc;
    for (const k of keys) {
      if (parent === null || typeof parent !== "object" || !(k in parent)) throw new Error("patch: no " + op.path);
      parent = parent[k];
    }
    if (parent === null || typeof parent !== "object") throw new Error("patch: no parent of " + op.path);
    const isArray = Array.isArray(parent);
    const index = isArray ? (last === "-" ? parent.length : Number(last)) : last;
    const has = isArray ? Number.isInteger(index) && index >= 0 && index < parent.length : Object.prototype.hasOwnProperty.call(parent, last);
    if (op.op === "test") { if (!has || !same(parent[index], op.value)) throw new Error("patch: test failed at " + op.path); continue; }
    if (op.op !== "add" && !has) throw new Error("patch: no " + op.path);
    if (op.op === "remove") { if (isArray) parent.splice(index, 1); else delete parent[last]; continue; }
    if (op.op === "replace") { parent[index] = op.value; continue; }
    if (op.op !== "add") throw new Error("patch: unknown op " + op.op);
    if (isArray) {
      if (!Number.isInteger(index) || index < 0 || index > parent.length) throw new Error("patch: bad index " + op.path);
      parent.splice(index, 0, op.value);
    } else parent[last] = op.value;
  }
  return doc;
}
// ---- patch:end ----
(function () {
  const { el, morph, morphChildren } = window.TW_DOM;
  const { drawBoard, drawCounters, legend, Sound } = window.TW_BOARD;
  // The drawn board is laid out for its box: a box of another size draws it again.
  window.TW_BOARD.redraw = () => rerender();
  // Holding the secrets draws them (they are not in the page otherwise).
  window.TW_PRIVACY.onChange(() => rerender());
  const TEST = window.TW_TEST || null;
  const page = document.body.dataset.page;
  const main = document.getElementById("main");
  const path = location.pathname.split("/").filter(Boolean);
  // The page's language: the one chosen in the menu (kept per browser),
  // else the table's (ViewResponse.lang) once a view arrives, else the
  // browser's. The board always speaks the table's language, unless it is
  // changed in the board's own menu.
  let lang = localStorage.getItem("tw:lang") || (navigator.language && navigator.language.toLowerCase().startsWith("pt") ? "pt-BR" : "en");
  let langPicked = page === "board" ? false : !!localStorage.getItem("tw:lang");
  let games = null;        // catalog from /api/games, by id
  let current = null;      // last ViewResponse
  let offset = 0;          // server clock minus this phone's clock, ms
  let source = null;       // EventSource
  let streamView = null;   // the view the stream built (its whole view, then its patches)
  let reconnectTimer = null;
  let timerTick = null;
  let busy = false;        // a move is on its way: every move button waits
  let online = true;
  let signedOut = null;    // why this phone stopped (revoked), or null
  let handover = {};       // seat → hand-over answer shown on the host
  let wasMyTurn = false;
  let wasOver = false;
  let rematchFollowed = false;
  const prefs = { sound: localStorage.getItem("tw:sound") === "1", vibrate: localStorage.getItem("tw:vibrate") === "1" };
  const lastDeadline = {}, beeped = {}, buzzed = {}; // per timer: its deadline, the second beeped, the deadline buzzed
  // The log this phone has seen, by seq (a view carries only the newest
  // entries; the page keeps what it saw and fetches the rest on a gap).
  let logSeen = { table: null, entries: new Map(), fetching: false };
  const LOG_SHOWN = 60;

  // ---------- words ----------
  function note(list, k) { if (TEST && !TEST[list].includes(k)) TEST[list].push(k); }
  function fill(s, params, from) {
    s = String(s);
    for (const k in (params || {})) s = s.split("{" + k + "}").join(listText(params[k]));
    if (/\{[a-z_]+\}/i.test(s)) note("unfilled", (from || "ui") + ":" + s);
    return s;
  }
  // listOf is the items of a list param (a JSON array of strings), or null.
  function listOf(v) {
    if (typeof v !== "string" || v.slice(0, 2) !== '["') return null;
    try { const a = JSON.parse(v); return Array.isArray(a) && a.every(x => typeof x === "string") ? a : null; } catch (e) { return null; }
  }
  // listText writes a list param as the page's language writes a list
  // ("Ana, Bruno e Carla"); any other value as it is.
  function listText(v) {
    const a = listOf(v);
    if (!a) return v;
    try { return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(a); } catch (e) { return a.join(", "); }
  }
  // variants are the keys to try before key: its plural form by the
  // params' count ("count", else "n", else a list param's length), then
  // its gender by genderOf.
  function variants(key, params, genderOf) {
    const out = [];
    if (params) {
      let n = params.count !== undefined ? Number(params.count) : params.n !== undefined ? Number(params.n) : NaN;
      if (isNaN(n)) for (const k in params) { const a = listOf(params[k]); if (a) { n = a.length; break; } }
      if (!isNaN(n)) { try { out.push(key + "#" + new Intl.PluralRules(lang).select(n)); } catch (e) { /* no plural rules */ } }
      if (genderOf) for (const k in params) { const g = genderOf(params[k]); if (g) { out.push(key + "#" + g); break; } }
    }
    out.push(key);
    return out;
  }
  // t returns a page string from web/static/i18n.js.
  function t(key, params) {
    const cat = window.TW_MESSAGES[lang] || {};
    const en = window.TW_MESSAGES.en;
    const v = variants(key, params).find(k => cat[k] !== undefined);
    if (v && v !== key) return fill(cat[v], params);
    if (cat[key] === undefined) { const e = variants(key, params).find(k => en[k] !== undefined); if (e && e !== key) { note("missing", "ui:" + key); return fill(en[e], params); } }
    let s = cat[key];
    if (s === undefined) { if (lang !== "en") note("missing", "ui:" + key); s = window.TW_MESSAGES.en[key]; }
    if (s === undefined) { note("missing", "ui:" + key); s = key; }
    return fill(s, params);
  }
  // gt returns a game's string: its catalog (Info.messages[lang]) under the
  // first of keys that has one, else the English fallback from the view.
  function gt(gameId, keys, fallback, params) {
    keys = [].concat(keys).filter(k => k !== undefined && k !== null && k !== "");
    if (lang !== "en") {
      const g = games && games[gameId];
      const cat = g && g.messages && g.messages[lang];
      // A term's gender in this language ("gender.<code>" of the catalog).
      const genderOf = (val) => { const m = typeof val === "string" && /§([A-Za-z0-9_.-]+)/.exec(val); return m && cat ? cat["gender." + m[1]] || "" : ""; };
      const raw = params;
      params = termParams(gameId, params);
      for (const k of keys) for (const kv of variants(k, raw, genderOf)) if (cat && cat[kv]) return fill(cat[kv], params, gameId + ":" + k);
      if (keys.length && fallback !== undefined && fallback !== null && fallback !== "") note("missing", gameId + ":" + keys[0]);
    }
    return fill(fallback === undefined || fallback === null ? "" : fallback, params, gameId + ":" + (keys[0] || ""));
  }
  // A game's log entries name its things inside their params as terms,
  // "§code" or "§code(name=value;…)" (see referee/lockup/terms.go): terms
  // shows the game catalog's "term.<code>" in the page's language (else in
  // English) with the values filled. Views carry no terms: their words are
  // in the table's language, beside the codes.
  const TERM = /§([A-Za-z0-9_.-]+)(?:\(([^()§]*)\))?/g;
  function terms(gameId, s) {
    if (typeof s !== "string" || s.indexOf("§") < 0) return s;
    const g = games && games[gameId];
    const msgs = (g && g.messages) || {};
    return s.replace(TERM, (m, code, vals) => {
      const key = "term." + code;
      let tmpl = msgs[lang] && msgs[lang][key];
      if (tmpl === undefined && lang !== "en") { note("missing", gameId + ":" + key); tmpl = msgs.en && msgs.en[key]; }
      if (tmpl === undefined) { note("missing", gameId + ":" + key); return code; }
      const p = {};
      for (const kv of (vals ? vals.split(";") : [])) { const i = kv.indexOf("="); if (i > 0) p[kv.slice(0, i)] = kv.slice(i + 1); }
      return fill(tmpl, p, gameId + ":" + key);
    });
  }
  function termParams(gameId, params) {
    if (!params) return params;
    const out = {};
    for (const k in params) { const a = listOf(params[k]); out[k] = a ? JSON.stringify(a.map(x => terms(gameId, x))) : terms(gameId, params[k]); }
    return out;
  }
  // gtIf returns a game's string for key in the page's language, or ""
  // when its catalog has none (English pages use the view's texts).
  function gtIf(gameId, key) {
    if (lang === "en") return "";
    const g = games && games[gameId];
    const cat = g && g.messages && g.messages[lang];
    return cat && cat[key] ? fill(cat[key], {}, gameId + ":" + key) : "";
  }
  // In test mode the page's word functions are open to the browser tests,
  // which check the catalogs' plural, gender and list forms through them.
  if (TEST) window.TW_WORDS = { t: (k, p) => t(k, p), gt: (g, k, f, p) => gt(g, k, f, p), lang: (l) => { lang = l; langPicked = true; }, load: () => loadGames() };
  function humanKey(k) { return String(k).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, c => c.toUpperCase()); }

  // ---------- credentials and API ----------
  function seatKey(id) { return "tw:" + id; }
  function hostKey(id) { return "tw:host:" + id; }
  function stored(key) { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; } }
  function tokenFor(id, r) { const s = stored(r === "host" ? hostKey(id) : seatKey(id)); return s && s.token; }

  // api calls the server; a failure is an Error whose message a player can
  // read (never "null"), with .status and .data from the server.
  async function api(method, url, body, token) {
    const headers = { "X-Requested-With": "tablewarden" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers["Authorization"] = "Bearer " + token;
    let res;
    try { res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" }); }
    catch (e) { setOnline(false); const err = new Error(t("network_error")); err.network = true; err.data = {}; throw err; }
    setOnline(true);
    let data = null;
    const text = await res.text();
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!res.ok) {
      const err = new Error((data && data.message) || t("server_error", { status: res.status }));
      err.status = res.status; err.data = data || {};
      throw err;
    }
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

  // ---------- chrome: header menu, toast, offline bar, dialog ----------
  const header = document.querySelector("header.top");
  const gameName = document.getElementById("game-name");
  const langSel = document.getElementById("lang");
  langSel.value = lang;
  document.documentElement.lang = lang;
  langSel.addEventListener("change", () => { langPicked = true; lang = langSel.value; if (page !== "board") localStorage.setItem("tw:lang", lang); document.documentElement.lang = lang; chromeWords(); rerender(); });
  // followTableLang makes the page speak the table's language (v.lang)
  // when nobody picked one for this page.
  function followTableLang(v) {
    if (langPicked || !v || !v.lang || v.lang === lang || !window.TW_MESSAGES[v.lang]) return;
    lang = v.lang;
    langSel.value = lang;
    document.documentElement.lang = lang;
    chromeWords();
  }
  for (const name of ["sound", "vibrate"]) {
    const box = document.getElementById("pref-" + name);
    box.checked = prefs[name];
    box.addEventListener("change", () => {
      prefs[name] = box.checked;
      localStorage.setItem("tw:" + name, box.checked ? "1" : "0");
      if (name === "sound" && box.checked) Sound.enable();
      rerender();
    });
  }
  if (prefs.sound) document.addEventListener("pointerdown", () => Sound.enable(), { once: true });
  function chromeWords() {
    for (const n of document.querySelectorAll("[data-i18n]")) n.textContent = t(n.dataset.i18n);
    document.getElementById("offline").textContent = t("offline");
  }
  chromeWords();

  let toastTimer = null;
  function toast(msg, rule, ok) {
    const box = document.getElementById("toast");
    box.replaceChildren(el("span", { text: msg || t("something_wrong") }));
    if (rule) box.append(el("span", { class: "rule", text: t("rule") + ": " + rule }));
    box.className = ok ? "ok" : "";
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, ok ? 2500 : 7000);
  }
  // sentToast says briefly which move was sent; on the host's screen (the
  // one that may undo) it offers to take it back, unless the server said
  // the move is final (it revealed something or drew at random).
  function sentToast(label, final) {
    const box = document.getElementById("toast");
    const undoable = page === "host" && !final;
    // Only the host's screen has an Undo button; replaceChildren would
    // print a missing one as the text "null".
    box.replaceChildren(el("span", { text: t("sent", { move: label }) }));
    if (undoable) box.append(el("button", { type: "button", id: "toast-undo", class: "secondary", onclick: async () => {
        box.hidden = true;
        try { await api("POST", "/api/tables/" + tableId() + "/undo", undefined, tokenFor(tableId(), "host")); }
        catch (e) { toast(errorText(current, e), e.data && e.data.rule); }
      } }, t("undo")));
    box.className = "ok sent";
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, undoable ? 5000 : 2500);
  }
  function setOnline(on) {
    if (online === on) return;
    online = on;
    document.getElementById("offline").hidden = on;
    document.body.dataset.online = on ? "1" : "0";
  }
  // ask shows a confirmation sheet and resolves to true when the player
  // confirms.
  function ask(question, yes) {
    const dlg = document.getElementById("confirm");
    document.getElementById("confirm-text").textContent = question;
    document.getElementById("confirm-yes").textContent = yes || t("confirm_yes");
    document.getElementById("confirm-no").textContent = t("confirm_no");
    return new Promise(resolve => {
      const done = (v) => { dlg.close(); document.getElementById("confirm-yes").onclick = null; document.getElementById("confirm-no").onclick = null; resolve(v); };
      document.getElementById("confirm-yes").onclick = () => done(true);
      document.getElementById("confirm-no").onclick = () => done(false);
      dlg.oncancel = (e) => { e.preventDefault(); done(false); };
      dlg.showModal();
    });
  }
  function errorText(v, e) {
    const d = (e && e.data) || {};
    if (e && e.network) return t("network_error");
    if (d.code) return gt(v ? v.game : "", d.code, d.message || t("something_wrong"), d.params);
    return (e && e.message) || t("something_wrong");
  }

  // ---------- home: create a table ----------
  async function pageIndex() {
    const gs = await loadGames();
    const prev = document.getElementById("game");
    const chosen = prev ? prev.value : Object.keys(gs)[0];
    const sel = el("select", { id: "game", name: "game", onchange: () => pageIndex() }, Object.values(gs).map(g => el("option", { value: g.id, text: g.name, selected: g.id === chosen })));
    const g = gs[chosen];
    gameName.textContent = t("app_title");
    document.title = t("app_title");
    const form = el("form", { id: "create", onsubmit: async (ev) => {
      ev.preventDefault();
      const btn = document.getElementById("create-btn");
      btn.disabled = true;
      // The live form: the one built here may never have been shown (the
      // page keeps its nodes when another game is chosen).
      const live = ev.target.closest("form");
      const options = {};
      for (const o of g.options || []) {
        const input = live.querySelector("[name='opt-" + o.name + "']");
        if (!input) continue;
        if (o.kind === "bool") options[o.name] = input.checked;
        else if (o.kind === "int") options[o.name] = parseInt(input.value, 10);
        else if (o.kind === "enum") { const c = (o.choices || [])[input.selectedIndex]; if (c) options[o.name] = c.value; }
        else options[o.name] = input.value;
      }
      try {
        const res = await api("POST", "/api/tables", { game: g.id, options, lang: live.querySelector("[name='table-lang']").value });
        localStorage.setItem(hostKey(res.table_id), JSON.stringify({ token: res.host_token }));
        location.href = "/h/" + res.table_id;
      } catch (e) { toast(errorText(null, e), e.data && e.data.rule); btn.disabled = false; }
    } },
      el("div", { class: "create-head" },
        el("label", { class: "field" }, el("span", { text: t("game") }), sel),
        // The table's language: the board and the game's sentences speak
        // it; it starts as this page's.
        el("label", { class: "field" }, el("span", { text: t("table_lang") }),
          el("select", { id: "table-lang", name: "table-lang" }, Array.from(langSel.options, o => el("option", { value: o.value, text: o.textContent, selected: o.value === lang })))),
        el("p", { class: "muted", text: t("players_needed", { min: g.min_players, max: g.max_players }) })),
      el("section", {}, el("h2", { text: t("options") }), el("div", { id: "options", "data-key": "options:" + g.id }, (g.options || []).filter(o => o.kind !== "json" && o.kind !== "seat").map(o => optionInput(g, o)))),
      el("button", { type: "submit", id: "create-btn", class: "primary" }, t("create")));
    // A code box, for a phone that cannot scan the table's QR code.
    const joinBox = el("form", { id: "join-by-code", class: "join-by-code", onsubmit: (ev) => {
      ev.preventDefault();
      const c = window.TW_GLANCE.normalCode(ev.target.closest("form").querySelector("input").value);
      if (c) location.href = "/j/" + encodeURIComponent(c);
    } },
      el("h2", { text: t("have_code") }),
      el("div", { class: "code-row" },
        el("input", { id: "code-box", name: "code", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: 12, placeholder: "ACDE FHJK", "aria-label": t("join_code") }),
        el("button", { type: "submit", id: "code-go", class: "primary" }, t("join"))));
    const next = el("main", {}, joinBox, el("h1", { text: t("create_title") }), form);
    morphChildren(main, next);
  }
  function optionInput(g, o) {
    const label = gt(g.id, ["option." + o.name], o.label || humanKey(o.name));
    const name = "opt-" + o.name;
    let input;
    if (o.kind === "bool") input = el("input", { type: "checkbox", name, id: name, checked: !!o.default });
    else if (o.kind === "int") input = el("input", { type: "number", name, id: name, value: o.default, min: o.min, max: o.max, inputmode: "numeric" });
    else if (o.kind === "enum") {
      input = el("select", { name, id: name }, (o.choices || []).map(c => el("option", { text: gt(g.id, ["choice." + c.value], c.label || String(c.value)), selected: String(c.value) === String(o.default) })));
    } else input = el("input", { type: "text", name, id: name, value: o.default });
    const help = o.help ? gt(g.id, ["option_help." + o.name], o.help) : "";
    // An assumed option says so once: in its own help when that already
    // names what the book leaves out ("Assumed: …"), else in the page's
    // sentence.
    const assumed = o.source === "assumed";
    const ownNote = assumed && help.indexOf(assumedWord()) >= 0;
    return el("div", { class: "field option" + (o.kind === "bool" ? " check" : ""), id: "option-" + o.name, "data-key": o.name },
      el("label", { for: name }, label), input,
      help ? el("p", { class: "help" + (ownNote ? " assumed" : ""), text: help }) : null,
      assumed && !ownNote ? el("p", { class: "help assumed", text: t("assumed_means") }) : null);
  }
  // assumedWord is how the page's assumed note starts ("Assumed:").
  function assumedWord() { const s = t("assumed_means"); return s.slice(0, s.indexOf(":") + 1); }
  // optionValue is an option's value as words: the table's (v.options),
  // else the game's default.
  function optionValue(g, o, v) {
    const set = v.options && Object.prototype.hasOwnProperty.call(v.options, o.name);
    const val = set ? v.options[o.name] : o.default;
    if (o.kind === "bool") return val ? t("yes") : t("no");
    if (o.kind === "enum") {
      const c = (o.choices || []).find(c => String(c.value) === String(val));
      return c ? gt(g.id, ["choice." + c.value], c.label || String(c.value)) : String(val);
    }
    return val === undefined || val === null ? "" : String(val);
  }
  // optionsSummary repeats the table's options in the lobby (the host, the
  // board and the phones), so that a wrong mission is seen before Start:
  // every choice from a list (mission, difficulty), and a number or a
  // house rule when the table changed it from the game's default.
  function optionsSummary(v) {
    const g = games && games[v.game];
    const changed = (o) => v.options && Object.prototype.hasOwnProperty.call(v.options, o.name) && JSON.stringify(v.options[o.name]) !== JSON.stringify(o.default);
    const specs = ((g && g.options) || []).filter(o => o.kind === "enum" || ((o.kind === "int" || o.kind === "bool") && changed(o)));
    if (!specs.length) return null;
    return el("section", { class: "table-options", id: "table-options", "data-key": "table-options" },
      el("h2", { text: t("table_options") }),
      el("dl", {}, specs.map(o => el("div", { class: "opt-row", "data-option": o.name },
        el("dt", { text: gt(g.id, ["option." + o.name], o.label || humanKey(o.name)) }),
        el("dd", { text: optionValue(g, o, v) })))));
  }

  // ---------- join ----------
  async function pageJoin() {
    const code = window.TW_GLANCE.normalCode(decodeURIComponent(path[1] || ""));
    let info;
    try { info = await api("GET", "/api/join/" + encodeURIComponent(code)); }
    catch (e) { main.replaceChildren(el("p", { class: "notice", text: e.status === 404 ? t("no_such_table") : errorText(null, e) })); return; }
    await loadGames();
    gameName.textContent = info.game_name;
    document.title = info.game_name;
    const mine = stored(seatKey(info.table_id));
    if (mine && mine.token) { location.replace("/t/" + info.table_id); return; }
    if (info.status !== "lobby") { main.replaceChildren(el("p", { class: "notice", text: t("game_started_no_join") })); return; }
    const name = el("input", { id: "name", name: "name", maxlength: 24, required: true, autocomplete: "nickname" });
    const form = el("form", { id: "join" }, el("h1", { text: t("join_title") }), el("p", { class: "code", text: window.TW_GLANCE.code(code) }),
      el("label", { class: "field" }, el("span", { text: t("your_name") }), name), el("button", { type: "submit", id: "join-btn", class: "primary" }, t("join")),
      el("section", {}, el("h2", { text: t("seats") }), el("ul", { class: "seats" }, (info.seats || []).filter(s => !s.removed).map(s => el("li", { text: s.name })))));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const btn = document.getElementById("join-btn");
      btn.disabled = true;
      try {
        const res = await api("POST", "/api/join", { code, name: name.value });
        localStorage.setItem(seatKey(res.table_id), JSON.stringify({ token: res.token, seat: res.seat }));
        location.href = "/t/" + res.table_id;
      } catch (e) { toast(errorText(null, e)); btn.disabled = false; }
    });
    main.replaceChildren(form);
    name.focus();
  }

  // ---------- a hand-over link (/h/<code>) ----------
  // The host page and a hand-over link share /h/…: with this table's host
  // token stored it is the host screen, otherwise the phone claims the seat.
  async function pageHostOrHandover() {
    const id = path[1] || "";
    if (tokenFor(id, "host")) return pageTable();
    let res;
    try { res = await api("POST", "/api/handover/" + encodeURIComponent(id)); }
    catch (e) {
      main.replaceChildren(el("p", { class: "notice", id: "handover-failed", text: e.status === 410 ? t("handover_gone") : e.status === 404 || e.status === 405 ? t("handover_unknown") : errorText(null, e) }));
      return;
    }
    localStorage.setItem(seatKey(res.table_id), JSON.stringify({ token: res.token, seat: res.seat }));
    location.replace("/t/" + res.table_id);
  }

  // ---------- table pages ----------
  function tableId() { return path[1]; }
  function role() { return page === "host" ? "host" : page === "board" ? "board" : "seat"; }
  function viewURL(id) { return "/api/tables/" + id + "/view" + (role() === "board" ? "?as=board" : ""); }

  async function pageTable() {
    await loadGames();
    const id = tableId();
    const r = role();
    const token = r === "board" ? null : tokenFor(id, r);
    if (r === "board") document.body.classList.add("board");
    if (r === "seat" && !token) { main.replaceChildren(el("p", { class: "notice", text: t("not_seated") })); return; }
    if (token) { try { await api("POST", "/api/tables/" + id + "/session", undefined, token); } catch (e) { /* the cookie refresh only */ } }
    try { show(await api("GET", viewURL(id), undefined, token)); }
    catch (e) {
      if (e.status === 401 && r === "seat") { signOut("revoked"); return; }
      main.replaceChildren(el("p", { class: "notice", text: errorText(null, e) })); return;
    }
    connect();
  }

  function connect() {
    const id = tableId();
    if (source) source.close();
    clearTimeout(reconnectTimer);
    if (signedOut) { window.TW_CONN.stop(); return; }
    streamView = null;
    const key = role() === "board" ? boardKey() : "";
    source = new EventSource("/api/tables/" + id + "/stream?as=" + role() + "&patches=1" + (key ? "&board_key=" + encodeURIComponent(key) : ""));
    source.addEventListener("open", () => { if (!online) { setOnline(true); refresh(); } });
    // A stream that goes silent (no heartbeat) is dead without an error:
    // show the bar and reconnect with backoff (connection.js).
    window.TW_CONN.watch(source, () => { setOnline(false); source.close(); reconnectTimer = setTimeout(connect, window.TW_CONN.retryDelay()); });
    source.addEventListener("view", (ev) => { setOnline(true); streamView = JSON.parse(ev.data); show(streamView); });
    // A patch applies to the view this stream sent last; one that does not
    // (its version test fails) starts the stream again, which begins with
    // a whole view.
    source.addEventListener("patch", (ev) => {
      try { streamView = applyPatch(streamView, JSON.parse(ev.data)); } catch (e) { connect(); return; }
      setOnline(true);
      show(streamView);
    });
    source.addEventListener("revoked", (ev) => {
      let reason = "revoked";
      try { reason = JSON.parse(ev.data).reason || reason; } catch (e) { /* keep "revoked" */ }
      signOut(reason);
    });
    source.onerror = () => {
      setOnline(false);
      // A stream the browser gave up on is reopened by hand.
      if (source.readyState === 2) reconnectTimer = setTimeout(connect, window.TW_CONN.retryDelay());
    };
  }
  // signOut stops a phone whose seat went to another device.
  function signOut(reason) {
    signedOut = reason;
    if (source) source.close();
    localStorage.removeItem(seatKey(tableId()));
    main.replaceChildren(el("p", { class: "notice", id: "signed-out", role: "alert", text: reason === "handed_over" ? t("handed_over") : t("revoked") }));
    document.getElementById("prompt-live").textContent = "";
  }

  function show(v) {
    offset = new Date(v.server_time).getTime() - Date.now();
    // Views only go forward; the same version again changes nothing.
    if (current && v.table_id === current.table_id && v.version <= current.version && !v.rematch === !current.rematch) return;
    expiredNow(current, v);
    current = v;
    followTableLang(v);
    if (mergeLog(v.table_id, v.log || [])) fetchLog(v.table_id);
    followRematch(v);
    scheduleRender();
  }
  // scheduleRender draws once for a burst of views (a fast table sends
  // many in a row).
  let renderTimer = null;
  function scheduleRender() {
    if (renderTimer) return;
    renderTimer = setTimeout(() => { renderTimer = null; rerender(); }, 20);
  }
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
      if (logSeen.table === id) { for (const e of all) logSeen.entries.set(e.seq, e); scheduleRender(); }
    } catch (e) { /* the recent entries still show; the next gap retries */ }
    finally { logSeen.fetching = false; }
  }
  async function refresh() {
    const id = tableId(), r = role();
    try { show(await api("GET", viewURL(id), undefined, r === "board" ? null : tokenFor(id, r))); }
    catch (e) { if (!e.network) toast(errorText(current, e)); }
  }

  // followRematch moves this screen to the rematch table: a phone claims
  // its seat there, the board follows; the host moved when it asked.
  async function followRematch(v) {
    if (!v.rematch || !v.rematch.table_id || rematchFollowed) return;
    const next = v.rematch.table_id;
    if (role() === "board") { rematchFollowed = true; location.href = "/b/" + next; return; }
    if (role() === "host") {
      if (tokenFor(next, "host")) { rematchFollowed = true; location.href = "/h/" + next; }
      return;
    }
    rematchFollowed = true;
    // A seat is claimed at the rematch once: a phone that holds its token
    // there goes back to it, and a refused claim is not tried again.
    if (tokenFor(next, "seat")) { location.href = "/t/" + next; return; }
    try {
      const res = await api("POST", "/api/tables/" + v.table_id + "/rematch/claim", undefined, tokenFor(v.table_id, "seat"));
      localStorage.setItem(seatKey(res.table_id), JSON.stringify({ token: res.token, seat: res.seat }));
      location.href = "/t/" + res.table_id;
    } catch (e) { rematchFollowed = e.status === 409; toast(errorText(v, e)); }
  }

  // ---------- rendering ----------
  function names(v) { const m = {}; for (const s of v.seats || []) m[s.seat] = s.name; return m; }
  function me(v) { return v.me && v.me.role === "seat" ? v.me.seat : null; }
  function isMyTurn(v) { const s = me(v); return !!(v.view && s !== null && (v.view.turn || []).includes(s) && (v.view.moves || []).length > 0); }
  function gameTitle(v) { return v.game_name || (games && games[v.game] && games[v.game].name) || ""; }

  // promptText is the one sentence for this screen: the game's prompt, or
  // a sentence made from whose turn it is.
  function promptText(v) {
    const view = v.view;
    if (!view) {
      if (v.status === "lobby") return page === "host" ? t("host_lobby_prompt") : t("waiting_start");
      return "";
    }
    if (view.outcome) return t("status_ended");
    if (view.prompt && (view.prompt.text || view.prompt.code)) return gt(v.game, [view.prompt.code], view.prompt.text, view.prompt.params);
    const n = names(v);
    const turn = (view.turn || []).filter(s => s !== me(v)).map(s => n[s]).filter(Boolean);
    if (isMyTurn(v)) return turn.length ? t("your_turn_with", { names: JSON.stringify(turn) }) : t("your_turn");
    if (page === "host" && (view.moves || []).length && !turn.length) return t("host_to_act");
    return turn.length ? t("waiting_for", { names: JSON.stringify(turn) }) : t("no_moves");
  }
  function phaseText(v) {
    const view = v.view;
    if (!view || !view.phase) return "";
    return gt(v.game, ["phase." + view.phase], view.phase_label || humanKey(view.phase));
  }

  function rerender() {
    if (page === "index") { pageIndex(); return; }
    if (!current || signedOut) return;
    const v = current;
    const mine = isMyTurn(v);
    if (mine && !wasMyTurn) turnAlert();
    wasMyTurn = mine;
    gameName.textContent = gameTitle(v);
    document.title = (mine ? t("your_turn_title") + " · " : "") + gameTitle(v);
    document.body.dataset.version = v.version;
    document.body.dataset.status = v.status;
    const prompt = promptText(v);
    const live = document.getElementById("prompt-live");
    if (live.textContent !== prompt) live.textContent = prompt;
    const next = page === "board" ? boardPage(v, prompt) : phonePage(v, prompt);
    next.id = "main";
    morph(main, next);
    // The end is news: show its banner from the top once.
    const over = !!(v.view && v.view.outcome);
    if (over && !wasOver) window.scrollTo(0, 0);
    wasOver = over;
    for (const pad of document.querySelectorAll(".score-pad")) padTotal(pad);
    window.TW_PRIVACY.forget();
    startTimerTick();
  }

  function turnAlert() {
    if (prefs.vibrate && navigator.vibrate) { navigator.vibrate(200); if (TEST) TEST.vibrations.push(Date.now()); }
    if (prefs.sound) Sound.play("turn");
  }

  // statusBar is the sticky top of a phone: the prompt, whose turn, the
  // phase, and a running timer.
  function statusBar(v, prompt) {
    const view = v.view;
    const mine = isMyTurn(v);
    return el("section", { id: "status", class: "status" + (mine ? " mine" : ""), "data-key": "status" },
      el("p", { id: "prompt", class: "prompt", text: prompt }),
      view ? el("p", { class: "status-line" },
        phaseText(v) ? el("span", { class: "phase", id: "phase", text: phaseText(v) }) : null,
        mine ? el("span", { class: "badge", text: t("your_turn") }) : null) : null,
      view && !view.outcome && !stationsDrawTimers(v) ? shownTimers(view).map(tm => timerEl(tm, "small")) : null);
  }

  function phonePage(v, prompt) {
    const parts = [statusBar(v, prompt)];
    const view = v.view;
    if (view) {
      parts.push(krakenBanner(v));
      // After the end, the result replaces what was under way.
      if (!view.outcome) parts.push(attackBanner(v));
      if (view.outcome) parts.push(outcomePanel(v));
    }
    if (page === "host") parts.push(...hostPanels(v));
    if (view) {
      if (!view.outcome && (page !== "host" || (view.moves || []).length)) parts.push(...movePanels(v, view.moves || [], null));
      if (page === "host") parts.push(unattendedPanel(v));
      // A game with stations (Space Cadets) draws them itself (stations.js).
      const stations = page === "seat" && window.TW_STATIONS ? window.TW_STATIONS.panels(v, view.outcome ? () => null : timerEl) : null;
      if (stations) parts.push(stations);
      else if (view.private !== undefined && view.private !== null && page === "seat") {
        const { open, hidden } = splitPrivate(view.private);
        if (open) parts.push(handPanel(v, open));
        if (hidden !== null) parts.push(secretsPanel(v, hidden));
      }
      parts.push(tablePanel(v));
    } else if (page !== "host") {
      parts.push(el("section", { "data-key": "lobby" }, el("h2", { text: t("seats") }), seatList(v, null),
        el("p", { class: "muted", text: t("players_needed", { min: v.min_players, max: v.max_players }) })));
      parts.push(optionsSummary(v));
    }
    parts.push(logPanel(v));
    return el("main", { class: page === "host" && !view ? "host-lobby" : null }, parts);
  }

  // ---------- moves ----------
  // movePanels shows the primary moves large, then the others collapsed
  // under their groups. asSeat is set when the host plays for a seat.
  function movePanels(v, moves, asSeat) {
    const suffix = asSeat === null ? "" : "-" + asSeat;
    if (!moves.length) {
      if (asSeat !== null) return [];
      return [el("section", { id: "moves" + suffix, class: "moves", "data-key": "moves" + suffix }, el("p", { class: "muted", id: "no-moves", text: isMyTurn(v) ? t("no_moves") : t("nothing_now") }))];
    }
    // A pair of moves that turn a standing declaration on and off is one
    // switch; the move offered now is the one the switch sends.
    const switches = [];
    for (const [onType, offType] of SWITCHES) {
      const on = moves.find(m => m.type === onType), off = moves.find(m => m.type === offType);
      if (!on && !off) continue;
      switches.push(switchForm(v, on || off, !on, onType, asSeat));
      moves = moves.filter(m => m !== on && m !== off);
    }
    if (!moves.length && switches.length) return [el("section", { id: "switches" + suffix, class: "moves switches", "data-key": "switches" + suffix }, switches)];
    const marked = moves.some(m => m.primary || m.group);
    // Before games mark their moves, a short list is all primary.
    const primary = marked ? moves.filter(m => m.primary) : (moves.length <= 4 ? moves : []);
    const rest = moves.filter(m => !primary.includes(m));
    const groups = new Map();
    for (const m of rest) {
      const g = m.group || "";
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(m);
    }
    const out = [];
    if (switches.length) out.push(el("section", { id: "switches" + suffix, class: "moves switches", "data-key": "switches" + suffix }, switches));
    const pad = scorePad(v, moves, asSeat);
    if (primary.length || pad) {
      out.push(el("section", { id: "primary" + suffix, class: "moves primary-moves", "data-key": "primary" + suffix },
        asSeat !== null ? el("h2", { text: t("play_for", { name: names(v)[asSeat] }) }) : null,
        pad, primary.filter(m => !pad || !pad.dataset.covers.split(",").includes(m.type)).map(m => moveForm(v, m, true, asSeat))));
    }
    if (groups.size) {
      out.push(el("section", { id: "moves" + suffix, class: "moves other-moves", "data-key": "moves" + suffix },
        asSeat !== null && !primary.length ? el("h2", { text: t("play_for", { name: names(v)[asSeat] }) }) : null,
        Array.from(groups.entries()).map(([g, ms]) => {
          const label = g ? gt(v.game, ["group." + g], g) : (primary.length ? t("other_moves") : page === "host" && asSeat === null ? t("host_moves") : t("your_moves"));
          const covered = pad ? pad.dataset.covers.split(",") : [];
          const left = ms.filter(m => !covered.includes(m.type));
          if (!left.length) return null;
          // A list with nothing primary opens its only group.
          return el("details", { class: "group", "data-key": "group:" + g, "data-group": g, open: !primary.length && groups.size === 1 },
            el("summary", {}, label, el("span", { class: "count", text: String(left.length) })),
            left.map(m => moveForm(v, m, false, asSeat)));
        })));
    }
    return out;
  }

  // SWITCHES pair the move that turns a standing declaration on with the
  // one that turns it off (Nostromo: "I have no mission orders this
  // turn").
  const SWITCHES = [["skip_orders_this_turn", "resume_mission_orders"]];
  // switchForm draws such a pair as one switch, labelled by the move that
  // turns it on; tapping it sends m, the move offered now.
  function switchForm(v, m, isOn, onType, asSeat) {
    const spec = ((games && games[v.game] && games[v.game].moves) || []).find(x => x.type === onType) || {};
    const label = m.type === onType ? moveLabel(v, m) : gt(v.game, [onType], spec.label || humanKey(onType));
    return el("form", { class: "move switch-move", "data-move": m.type, "data-key": "switch:" + onType + (asSeat === null ? "" : "@" + asSeat), onsubmit: (ev) => { ev.preventDefault(); submitMove(m, ev.target.closest("form"), asSeat); } },
      el("button", { type: "submit", role: "switch", class: "switch-button", "aria-checked": isOn ? "true" : "false", disabled: busy, title: moveLabel(v, m) },
        el("span", { class: "switch-track", "aria-hidden": "true" }, el("span", { class: "switch-knob" })),
        el("span", { text: label })),
      m.confirm ? el("p", { class: "help warn", text: "⚠ " + gt(v.game, ["confirm." + m.type], m.confirm) }) : null);
  }
  function moveLabel(v, m) { return gt(v.game, [m.type], m.label || humanKey(m.type)); }
  function choiceLabel(v, c, kind) {
    if (kind === "seat" && c.label === undefined) { const n = names(v)[c.value]; if (n) return n; }
    if (kind === "seat" && typeof c.value === "number" && names(v)[c.value] !== undefined && (!c.label || /^\d+$/.test(c.label))) return names(v)[c.value];
    // Numbers and yes/no need no game words.
    if (typeof c.value === "boolean") return t(c.value ? "yes" : "no");
    if (typeof c.value === "number" && (!c.label || /^-?\d+$/.test(c.label))) return String(c.value);
    // A numeric value is data (a card's number, a location's), not a word
    // of the game's catalog: its label is shown as the referee gives it.
    if (/^-?\d+$/.test(String(c.value))) return c.label || String(c.value);
    // An indexed value ("item:2", "location:3") names a thing of this
    // game: translated when the catalog has it (a location's reward), else
    // its label as given (an item's name, as the table wrote it).
    if (/^[a-z_]+:\d+$/.test(String(c.value))) return gtIf(v.game, "choice." + c.value) || c.label || String(c.value);
    // A choice whose label is its value is the table's own words (an item
    // a player named): translated only when the catalog happens to have
    // it, else shown as written.
    if (c.label === String(c.value)) return gtIf(v.game, "choice." + c.value) || c.label;
    return gt(v.game, ["choice." + c.value], c.label || String(c.value));
  }
  function argChoices(v, a) {
    if (a.choices && a.choices.length) return a.choices;
    if (a.kind === "seat") return (v.seats || []).filter(s => !s.removed).map(s => ({ value: s.seat, label: s.name }));
    return null;
  }

  // moveForm is one move: its pickers (tap targets for a few choices, a
  // list for many, steppers for numbers) and its button.
  function moveForm(v, m, big, asSeat) {
    const key = m.type + (asSeat === null ? "" : "@" + asSeat);
    const label = moveLabel(v, m);
    const inputs = (m.args || []).map(a => argInput(v, m, a, key));
    const form = el("form", { class: "move" + (big ? " big" : ""), "data-move": m.type, "data-key": "move:" + key, onsubmit: (ev) => { ev.preventDefault(); submitMove(m, ev.target.closest("form"), asSeat); } },
      inputs,
      el("button", { type: "submit", class: big ? "primary" : "", disabled: busy }, label),
      m.confirm ? el("p", { class: "help warn", text: "⚠ " + gt(v.game, ["confirm." + m.type], m.confirm) }) : null);
    return form;
  }
  function argInput(v, m, a, key) {
    const alabel = gt(v.game, ["arg." + a.name], a.label || humanKey(a.name));
    const id = "arg-" + key.replace(/[^a-z0-9_-]/gi, "_") + "-" + a.name;
    const choices = argChoices(v, a);
    if (choices && a.secret) return secretPicker(v, a, alabel, choices, key);
    if (choices) {
      // A single choice is already made; several start empty, so that a
      // careless tap cannot pick a victim or a target.
      const only = choices.length === 1 && !a.optional;
      if (choices.length <= 6) {
        return el("fieldset", { class: "choices", "data-arg": a.name, "data-key": "arg:" + a.name },
          el("legend", { text: alabel }),
          choices.map((c, i) => el("label", { class: "chip", "data-key": "c:" + i + ":" + String(c.value) },
            el("input", { type: "radio", name: a.name, value: String(i), checked: only, required: !a.optional }),
            el("span", { text: choiceLabel(v, c, a.kind) }))));
      }
      return el("label", { class: "field", for: id, "data-arg": a.name, "data-key": "arg:" + a.name }, el("span", { text: alabel }),
        el("select", { name: a.name, id, required: !a.optional, "data-kind": a.kind },
          el("option", { value: "", text: t("choose"), selected: !only }),
          choices.map((c, i) => el("option", { value: String(i), text: choiceLabel(v, c, a.kind), selected: only }))));
    }
    if (a.kind === "bool") {
      return el("label", { class: "switch", "data-arg": a.name, "data-key": "arg:" + a.name }, el("input", { type: "checkbox", name: a.name, "data-kind": "bool" }), el("span", { text: alabel }));
    }
    if (a.kind === "int") return stepper(a.name, alabel, a.min, a.max, a.min !== undefined && a.min !== null ? Math.max(a.min, Math.min(0, a.max === undefined ? 0 : a.max)) : 0, "arg:" + a.name);
    return el("label", { class: "field", "data-arg": a.name, "data-key": "arg:" + a.name }, el("span", { text: alabel }), el("input", { type: "text", name: a.name, required: !a.optional }));
  }
  // secretPicker is a picker of secret things (the tokens not placed yet),
  // used with one hand: a tap on its button shows the choices (what is
  // left) until one is tapped, then they hide again (privacy.js, reveal).
  // The choice made stays picked out of sight; "Your pick" shows it only
  // while held, so that the player can check it before sending.
  function secretPicker(v, a, alabel, choices, formKey) {
    const P = window.TW_PRIVACY;
    const key = formKey + ":" + a.name;
    const only = choices.length === 1 && !a.optional;
    // The pick made so far is read from the live page (a rerender keeps
    // the checked choice).
    const live = document.querySelector('form[data-key="move:' + formKey + '"] fieldset[data-arg="' + a.name + '"] .secret-choices input:checked');
    const pickedAt = live ? parseInt(live.value, 10) : only ? 0 : -1;
    const picked = choices[pickedAt] ? choiceLabel(v, choices[pickedAt], a.kind) : "";
    const onchange = (ev) => {
      const c = choices[parseInt(ev.target.value, 10)];
      const fs = ev.target.closest("fieldset");
      P.setSecret("pick:" + key, c ? choiceLabel(v, c, a.kind) : "");
      const line = fs && fs.querySelector(".secret-pick");
      if (line) line.hidden = !c;
      P.conceal();
    };
    return el("fieldset", { class: "choices secret-picker", "data-arg": a.name, "data-key": "arg:" + a.name, onchange },
      el("legend", { text: alabel }),
      el("button", Object.assign({ type: "button", class: "small-hold reveal", "aria-controls": "pick-" + key.replace(/[^a-z0-9_-]/gi, "_") }, P.revealAttrs(key)), P.revealed() === key ? t("hide_choices") : t("show_choices")),
      el("div", { class: "secret-choices", id: "pick-" + key.replace(/[^a-z0-9_-]/gi, "_"), "data-reveal-box": key, hidden: P.revealed() !== key },
        choices.map((c, i) => el("label", { class: "chip", "data-key": "c:" + i + ":" + String(c.value) },
          // Not "required": a hidden control cannot be validated; a missing
          // pick is caught by readArgs.
          el("input", { type: "radio", name: a.name, value: String(i), checked: only }),
          el("span", { text: choiceLabel(v, c, a.kind) })))),
      el("p", { class: "secret-pick", "data-key": "pick", hidden: !picked },
        el("span", { text: t("your_pick") + " " }),
        P.secret("pick:" + key, picked),
        el("button", Object.assign({ type: "button", class: "hold small-hold check-pick" }, P.holdAttrs()), t("hold_to_check"))));
  }
  // stepper is a number with − and + buttons of 44 px, kept within min/max.
  function stepper(name, label, min, max, value, key) {
    const clamp = (n) => Math.max(min === undefined || min === null ? -Infinity : min, Math.min(max === undefined || max === null ? Infinity : max, n));
    const step = (d) => (ev) => {
      ev.preventDefault();
      const input = ev.target.closest(".stepper").querySelector("input");
      input.value = String(clamp((parseInt(input.value, 10) || 0) + d));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    };
    return el("div", { class: "stepper", "data-arg": name, "data-key": key },
      el("span", { class: "stepper-label", text: label }),
      el("button", { type: "button", class: "step-btn", "aria-label": label + " −", onclick: step(-1) }, "−"),
      // A row starts inside its bounds (a count the game state makes at
      // least 2 starts at 2, not at 0).
      el("input", { type: "number", name, value: String(clamp(value)), min, max, inputmode: "numeric", "aria-label": label }),
      el("button", { type: "button", class: "step-btn", "aria-label": label + " +", onclick: step(1) }, "+"));
  }

  function readArgs(m, form) {
    const args = {};
    const missing = [];
    for (const a of m.args || []) {
      const choices = argChoices(current, a);
      if (choices) {
        const picked = form.querySelector("input[name='" + a.name + "']:checked") || form.querySelector("select[name='" + a.name + "']");
        const raw = picked ? picked.value : "";
        if (raw === "") { if (!a.optional) missing.push(a); continue; }
        // A value "=<json>" (not one the view offered) is sent as is: the
        // referee, not the phone, has the last word.
        if (raw.startsWith("=")) { try { args[a.name] = JSON.parse(raw.slice(1)); } catch (e) { args[a.name] = raw.slice(1); } continue; }
        const c = choices[parseInt(raw, 10)];
        if (c) args[a.name] = c.value;
        continue;
      }
      const input = form.querySelector("[name='" + a.name + "']");
      if (!input) continue;
      if (a.kind === "bool") args[a.name] = input.checked;
      else if (a.kind === "int") { if (input.value === "") { if (!a.optional) missing.push(a); continue; } args[a.name] = parseInt(input.value, 10); }
      else { if (input.value === "") { if (!a.optional) missing.push(a); continue; } args[a.name] = input.value; }
    }
    return { args, missing };
  }

  async function submitMove(m, form, asSeat) {
    const v = current;
    if (busy) return;
    const { args, missing } = readArgs(m, form);
    if (missing.length) { toast(t("choose_first", { what: missing.map(a => gt(v.game, ["arg." + a.name], a.label || humanKey(a.name))).join(", ") })); return; }
    // The page asks only before a move that ends the game, ends a turn
    // with actions left or submits a score (the referee's "ask"); every
    // other move goes at once, and a short note says what was sent.
    if (m.ask && !(await ask(gt(v.game, ["confirm." + m.type], m.confirm || t("confirm_generic")), moveLabel(v, m)))) return;
    const body = { type: m.type, args, expected_version: v.version, idempotency_key: randomKey() };
    if (asSeat !== null && asSeat !== undefined) body.as_seat = asSeat;
    // The form empties at once (a stale pick must not carry over to the
    // next turn); a refused move gets its picks back.
    const saved = Array.from(form.elements).map(e => [e, e.type === "checkbox" || e.type === "radio" ? e.checked : e.value]);
    form.reset();
    const ok = await send(body, v);
    if (ok && !m.ask) sentToast(moveLabel(v, m), ok.final);
    if (!ok) for (const [e, val] of saved) if (e.isConnected) { if (e.type === "checkbox" || e.type === "radio") e.checked = val; else e.value = val; }
  }
  // send posts one move; every move button waits until the answer.
  async function send(body, v) {
    // Offline, a tap is refused at once, on screen: never lost silently,
    // never sent twice (the form keeps its picks).
    if (!online) { toast(t("offline_not_sent")); return false; }
    setBusy(true);
    try {
      return (await postWithRetry("/api/tables/" + v.table_id + "/moves", body, tokenFor(v.table_id, role()))) || {};
    } catch (e) {
      const d = e.data || {};
      if (e.status === 409 && d.version !== undefined) { toast(t("moved_on")); refresh(); }
      else if (d.code) toast(t("refused") + ": " + errorText(v, e), d.rule);
      else toast(errorText(v, e));
      return false;
    } finally { setBusy(false); }
  }
  function setBusy(b) {
    busy = b;
    document.body.classList.toggle("busy", b);
    for (const btn of document.querySelectorAll("form.move button[type=submit], .score-pad button.submit")) btn.disabled = b;
  }
  // A POST whose answer never came is retried with the same idempotency
  // key, so that the server applies it at most once.
  async function postWithRetry(url, body, token) {
    for (let i = 0; ; i++) {
      try { return await api("POST", url, body, token); }
      catch (e) { if (!e.network || i >= 3) throw e; await new Promise(r => setTimeout(r, 500 * (i + 1))); }
    }
  }

  // scorePad draws a game's final-scoring move (the one its page file
  // names in TW_PADS, e.g. lockup_pad.js) as one pad: a row per count with
  // − and + steppers, the running total that the game's file computes as
  // the referee will score it, and one button that sends the whole pad
  // after one confirmation (the only one: the steppers ask nothing).
  function scorePad(v, moves, asSeat) {
    const game = window.TW_PADS && window.TW_PADS[v.game];
    const entry = game && moves.find(m => m.type === game.move);
    if (!entry) return null;
    const sfx = asSeat === null ? "" : "-" + asSeat;
    const seat = asSeat === null ? me(v) : asSeat;
    // Another player's move re-renders the page: the typed rows stay (kept
    // nodes), and rerender sums them again.
    const rows = (entry.args || []).filter(a => a.kind === "int").map(a =>
      stepper(a.name, gt(v.game, ["arg." + a.name], a.label || humanKey(a.name)), a.min, a.max, game.start ? game.start(v, a.name) : 0, "row:" + a.name));
    const pad = el("form", { class: "score-pad", id: "score-pad" + sfx, "data-key": "pad" + (asSeat === null ? "" : "@" + asSeat), "data-covers": entry.type, "data-seat": String(seat),
      // Handlers find the live pad from the event: a kept node runs the
      // newest handler, whose closure holds a tree that was never shown.
      oninput: (ev) => padTotal(ev.target.closest("form")),
      onsubmit: async (ev) => {
        ev.preventDefault();
        if (busy) return;
        const pad = ev.target.closest("form");
        const total = padTotal(pad);
        if (!(await ask(t("pad_confirm", { total }), t("pad_submit")))) return;
        const body = { type: entry.type, args: padValues(pad), idempotency_key: randomKey() };
        if (asSeat !== null) body.as_seat = asSeat;
        await send(body, current);
      } },
      el("h2", { text: moveLabel(v, entry) }),
      rows,
      // The total and the button stay in sight while the rows scroll.
      el("div", { class: "pad-foot" },
        el("p", { class: "pad-total" }, el("span", { text: t("total") + ": " }), el("output", { id: "pad-total" + sfx, "aria-live": "polite" })),
        el("button", { type: "submit", class: "primary submit", disabled: busy }, t("pad_submit"))));
    padTotal(pad, v);
    return pad;
  }

  // padValues reads a score pad's rows.
  function padValues(pad) {
    const out = {};
    for (const i of pad.querySelectorAll(".stepper input")) out[i.name] = parseInt(i.value, 10) || 0;
    return out;
  }
  // padTotal shows and returns a score pad's total: the game's score of
  // its rows, or their sum where the game's file gives no rules.
  function padTotal(pad, v) {
    v = v || current;
    const vals = padValues(pad);
    const game = window.TW_PADS && window.TW_PADS[v.game];
    let s = game && game.total ? game.total(v, vals, parseInt(pad.dataset.seat, 10)) : null;
    if (s === null || s === undefined) s = Object.values(vals).reduce((a, b) => a + b, 0);
    pad.querySelector("output").textContent = String(s);
    return s;
  }

  // ---------- secrets and hand ----------
  // What a player holds in hand (tokens, cards, a workbench) stays on
  // screen to play from, drawn as tokens; everything else private (an
  // identity, a side, face-down placements) hides behind press-and-hold.
  // A holding cell is secret (which tokens are left tells what went face
  // down): it hides with the rest.
  const HAND = /(^|_)(hand|workbench|in_hand)(_|$)/;
  function splitPrivate(priv) {
    if (!priv || typeof priv !== "object" || Array.isArray(priv)) return { open: null, hidden: priv };
    const open = {}, hidden = {};
    for (const k of Object.keys(priv)) (HAND.test(k) ? open : hidden)[k] = priv[k];
    return { open: Object.keys(open).length ? open : null, hidden: Object.keys(hidden).length ? hidden : null };
  }
  function handPanel(v, open) {
    return el("section", { id: "hand", class: "hand", "data-key": "hand" }, Object.keys(open).map(k => {
      const val = open[k];
      const items = Array.isArray(val) ? val : null;
      return el("div", { class: "hand-part", "data-key": "hand:" + k },
        el("h2", { text: /^[a-z][a-z0-9_]*$/.test(k) ? gt(v.game, ["panel." + k], humanKey(k)) : k }),
        handMeter(val),
        window.TW_GLANCE.isCards(items) ? window.TW_GLANCE.cardRow(items, k)
        : items && items.every(x => x === null || typeof x !== "object")
          ? el("div", { class: "tokens" }, items.length ? items.map((x, i) => el("span", { class: "token", "data-key": "t:" + i + ":" + x, text: String(x) })) : el("span", { class: "muted", text: "—" }))
          : readable(v, val));
    }));
  }
  // handMeter shows a hand with a limit ("held" of "hand_size", The
  // Captain Is Dead) as cards held against the limit, and how many to
  // discard when over.
  function handMeter(h) {
    if (!h || typeof h !== "object" || typeof h.held !== "number" || typeof h.hand_size !== "number") return null;
    const over = Math.max(h.held - h.hand_size, typeof h.discard === "number" ? h.discard : 0);
    return el("p", { class: "hand-meter" + (over > 0 ? " over" : ""), id: "hand-meter", role: over > 0 ? "alert" : null },
      el("b", { text: t("hand_meter", { held: h.held, size: h.hand_size }) }),
      over > 0 ? el("span", { text: " " + t("hand_over", { n: over }) }) : null);
  }
  function secretsPanel(v, hidden) {
    // The private view is in the page only while it is held (privacy.js).
    const held = window.TW_PRIVACY.held();
    return el("section", { id: "secrets", class: "secrets", "data-key": "secrets" },
      el("button", Object.assign({ type: "button", id: "secret-hold", class: "hold" }, window.TW_PRIVACY.holdAttrs()), t("hold_secrets")),
      el("div", { id: "private", class: "private", hidden: !held, "data-secret-box": "1" }, held ? readable(v, hidden) : null));
  }

  // readable shows game data as labelled lines: keys are labels (from the
  // catalog, "panel.<key>"), seat numbers are left out.
  function readable(v, value) {
    if (value === null || value === undefined || value === "") return el("span", { class: "muted", text: "—" });
    if (typeof value !== "object") return document.createTextNode(typeof value === "boolean" ? t(value ? "yes" : "no") : String(value));
    if (Array.isArray(value)) {
      if (!value.length) return el("span", { class: "muted", text: "—" });
      if (value.every(x => x === null || typeof x !== "object")) return el("ul", { class: "plain" }, value.map(x => el("li", { text: String(x) })));
      return el("div", {}, value.map(x => el("div", { class: "item" }, readable(v, x))));
    }
    // A code with its words beside it ("posture": "focused", "posture_label":
    // "Focused") shows the words, from the game's catalog ("posture.focused")
    // when it has them; the _label field is not shown on its own.
    const beside = (k) => /_labels?$/.test(k) && k.replace(/_labels?$/, "") in value;
    // A structured value with its words in "label" (and no "text" of its
    // own) shows as its label: Lockup's tokens, spaces and paths.
    if (typeof value.label === "string" && !("text" in value)) return document.createTextNode(value.label);
    const keys = Object.keys(value).filter(k => !(k === "seat" && typeof value[k] === "number") && !(k === "source" && value[k] === "assumed") && !beside(k));
    const shown = (k) => {
      const words = value[k + "_label"] !== undefined ? value[k + "_label"] : value[k + "_labels"];
      if (words === undefined) return value[k];
      const one = (code, w) => (typeof code === "string" && gtIf(v.game, k + "." + code)) || w;
      return Array.isArray(value[k]) && Array.isArray(words) ? value[k].map((c, i) => one(c, words[i])) : one(value[k], words);
    };
    const assumed = value.source === "assumed" ? el("p", { class: "help assumed" }, t("assumed_value"), " ", el("a", { href: "/" }, t("assumed_where"))) : null;
    // A key that is a field name is looked up; one that is data (a room
    // called "Deep Vault") is shown as it is.
    const label = (k) => /^[a-z][a-z0-9_]*$/.test(k) ? gt(v.game, ["panel." + k], humanKey(k)) : k;
    return el("div", {}, el("dl", { class: "kv" }, keys.map(k => [el("dt", { text: label(k) }), el("dd", {}, readable(v, shown(k)))])), assumed);
  }

  // ---------- the table ----------
  function tablePanel(v) {
    const view = v.view;
    const kids = [seatList(v, view)];
    if ((view.tracks || []).length) kids.push(el("div", { class: "tracks", id: "tracks" }, view.tracks.map(trackEl)));
    if (view.board) {
      // The board's counters are on the board screen; a phone keeps them
      // folded, so that a hand and the seats fit its screens.
      const bc = drawCounters(view.board);
      if (bc.length) kids.push(el("details", { class: "group", "data-key": "counters" }, el("summary", { text: t("more_table") }), el("div", { class: "counters" }, bc)));
    }
    // The drawn board replaces the raw public data where a game has one.
    if (view.public !== undefined && view.public !== null && !view.board) {
      kids.push(el("details", { class: "group", "data-key": "public" }, el("summary", { text: t("more_table") }), el("div", { id: "public" }, readable(v, view.public))));
    }
    return el("section", { id: "table", "data-key": "table" }, el("h2", { text: t("table") }), kids);
  }
  function seatList(v, view) {
    const turn = new Set((view && view.turn) || []);
    const facts = {};
    for (const s of (view && view.seats) || []) facts[s.seat] = s;
    const host = page === "host";
    return el("ul", { class: "seats", id: "seats" }, (v.seats || []).filter(s => !s.removed).map(s => {
      const f = facts[s.seat];
      const on = turn.has(s.seat);
      return el("li", { class: "seat" + (on ? " turn" : ""), "data-seat": s.seat, "data-key": "seat:" + s.seat, "aria-current": on ? "true" : null },
        el("div", { class: "seat-head" },
          window.TW_GLANCE.seatChip(s.seat, s.name),
          el("span", { class: "seat-name", text: s.name }),
          me(v) === s.seat ? el("span", { class: "tag", text: t("you") }) : null,
          on ? el("span", { class: "tag turn-tag", text: t("their_turn") }) : null,
          f && f.status ? el("span", { class: "status-text", text: gt(v.game, ["status." + f.status], f.status_label || f.status) }) : null),
        // A fact's words beside its code (lantern_label) show in its place.
        f && f.facts ? el("dl", { class: "facts" }, Object.keys(f.facts).filter(k => !(/_label$/.test(k) && k.slice(0, -6) in f.facts)).sort()
          // The board shows short facts only (counts, roles); a long text
          // (a role's ability) is read on the phones.
          .filter(k => page !== "board" || factText(f.facts[k + "_label"] !== undefined ? f.facts[k + "_label"] : f.facts[k]).length <= 24)
          .map(k => el("div", {}, el("dt", { text: gt(v.game, ["fact." + k], humanKey(k)) }), el("dd", { text: factText(f.facts[k + "_label"] !== undefined ? f.facts[k + "_label"] : f.facts[k]) })))) : null,
        host ? seatTools(v, s) : null);
    }));
  }
  // factText is a seat fact as a person reads it: a boolean as yes or no,
  // a list as its items.
  function factText(x) {
    if (typeof x === "boolean") return t(x ? "yes" : "no");
    if (Array.isArray(x)) return x.length ? x.join(", ") : "—";
    return String(x);
  }
  function trackEl(tr) {
    const steps = tr.steps && tr.steps.length ? tr.steps : Array.from({ length: tr.max + 1 }, (_, i) => String(i));
    return el("div", { class: "track", "data-track": tr.name, "data-key": "track:" + tr.name },
      el("div", { class: "track-head" }, el("span", { text: gt(current.game, ["track." + tr.name], tr.label) }), el("b", { text: steps[tr.pos] !== undefined ? steps[tr.pos] : String(tr.pos) })),
      el("div", { class: "steps" }, steps.map((s, i) => el("span", { class: "step" + (i === tr.pos ? " on" : ""), "aria-current": i === tr.pos ? "step" : null, text: s }))));
  }

  // ---------- the end ----------
  function outcomePanel(v) {
    const o = v.view.outcome;
    const n = names(v);
    const winners = o.winners || [];
    const seated = (v.seats || []).filter(s => !s.removed).length;
    const mine = me(v);
    let headline;
    const team = winners.length === seated || (winners.length === 0 && !o.side);
    if (mine !== null) headline = team ? t(winners.length ? "team_won" : "team_lost") : t(winners.includes(mine) ? "you_won" : "you_lost");
    else if (o.side) headline = sideWon(v, o);
    else headline = winners.length ? t("won_by", { names: JSON.stringify(winners.map(w => n[w])) }) : t("team_lost");
    const good = mine !== null ? (winners.includes(mine)) : winners.length > 0;
    const kids = [el("p", { class: "headline", id: "result", text: headline })];
    if (o.side && mine !== null) kids.push(el("p", { text: sideWon(v, o) }));
    if (winners.length && !team) kids.push(el("p", { id: "winners" }, el("b", { text: t("winners") + ": " }), listText(JSON.stringify(winners.map(w => n[w])))));
    kids.push(el("p", { id: "reason" }, gt(v.game, [o.reason_code], o.reason, o.reason_params)));
    if (o.scores && o.scores.length) {
      const max = Math.max(1, ...o.scores.map(s => s.total));
      kids.push(el("h3", { text: t("chart") }), el("div", { class: "chart", id: "chart" }, o.scores.map(s =>
        el("div", { class: "row", "data-key": "bar:" + s.seat }, el("span", { class: "name", text: n[s.seat] + " · " + s.total }),
          el("div", { class: "bar-track" }, el("div", { class: "bar", style: "width:" + Math.max(1, Math.round(100 * Math.max(0, s.total) / max)) + "%" }))))));
      if (page !== "board") kids.push(el("details", { class: "group", "data-key": "breakdown" }, el("summary", { text: t("breakdown") }),
        el("table", { class: "scores" }, o.scores.map(s => el("tr", { "data-key": "score:" + s.seat }, el("th", { text: t("rank", { rank: s.rank }) + " " + n[s.seat] }),
          el("td", {}, s.categories.map(c => el("div", { text: gt(v.game, ["category." + c.category], humanKey(c.category)) + ": " + c.points + (c.note ? " (" + c.note + ")" : "") })), el("b", { text: t("total") + ": " + s.total })))))));
    }
    if (o.revealed) kids.push(el("h3", { text: t("revealed") }), revealTable(v, o.revealed));
    if (page === "host") kids.push(el("button", { type: "button", id: "rematch", class: "primary", onclick: rematch }, t("rematch")));
    else if (page === "seat") kids.push(el("p", { class: "muted", text: t("rematch_wait") }));
    return el("section", { class: "outcome " + (good ? "won" : "lost"), id: "outcome", "data-key": "outcome", role: "status" }, kids);
  }
  // revealTable shows what the end reveals as a table by name: a list of
  // records becomes one row per record, without seat numbers.
  function revealTable(v, r) {
    const list = Array.isArray(r) ? r : (r && typeof r === "object" && Object.values(r).every(x => x && typeof x === "object" && !Array.isArray(x)) ? Object.keys(r).map(k => Object.assign({ name: k }, r[k])) : null);
    // One record (the solo guards' score) reads better, and fits a phone,
    // as labelled lines.
    if (!list || list.length < 2 || !list.every(x => x && typeof x === "object")) return el("div", { id: "revealed" }, readable(v, r));
    const cols = [];
    for (const x of list) for (const k of Object.keys(x)) if (!cols.includes(k) && !(k === "seat" && typeof x[k] === "number")) cols.push(k);
    cols.sort((a, b) => (b === "name") - (a === "name"));
    return el("table", { class: "reveal", id: "revealed" },
      el("thead", {}, el("tr", {}, cols.map(c => el("th", { text: gt(v.game, ["panel." + c], humanKey(c)) })))),
      el("tbody", {}, list.map(x => el("tr", {}, cols.map(c => el("td", { text: x[c] === undefined || x[c] === null ? "—" : typeof x[c] === "object" ? JSON.stringify(x[c]).replace(/[{}"[\]]/g, " ").trim() : typeof x[c] === "boolean" ? t(x[c] ? "yes" : "no") : String(x[c]) }))))));
  }
  // sideWon is the headline of a side's win: the side's words (its code
  // looked up in the game's catalog, else the outcome's side_label). A side
  // named in the plural ("Aliens", "Guards") takes a plural verb, one in
  // the singular ("the Alien", "the Crew") a singular one.
  function sideWon(v, o) {
    const words = gt(v.game, ["side." + o.side], o.side_label || o.side);
    return t(/s$/i.test(String(words)) ? "side_won" : "side_won_one", { side: words });
  }
  async function rematch() {
    const btn = document.getElementById("rematch");
    btn.disabled = true;
    try {
      const res = await api("POST", "/api/tables/" + tableId() + "/rematch", undefined, tokenFor(tableId(), "host"));
      localStorage.setItem(hostKey(res.table_id), JSON.stringify({ token: res.host_token }));
      rematchFollowed = true;
      location.href = "/h/" + res.table_id;
    } catch (e) { btn.disabled = false; toast(e.status === 404 || e.status === 405 ? t("rematch_missing") : errorText(current, e)); }
  }

  // krakenBanner turns a continuation path the log revealed ("/kraken/t4")
  // into a link on every phone, to the table's own page (krakenHref).
  // attackBanner shows a game's running attack (public "attack" with its
  // one-sentence text, Nostromo) at the top of the page.
  function attackBanner(v) {
    const a = v.view && v.view.public && v.view.public.attack;
    if (!a || typeof a !== "object" || !a.text) return null;
    return el("section", { class: "attack" + (a.over ? " over" : ""), id: "attack", role: "alert", "data-key": "attack" },
      el("p", { text: a.text }));
  }
  function krakenBanner(v) {
    // Once the game has ended there is no part 2 to open.
    if (v.view && v.view.outcome) return null;
    let link = null;
    for (const e of logSeen.entries.values()) for (const ev of e.events) { const m = /\/kraken\/[A-Za-z0-9_%-]+/.exec(ev.text || ""); if (m) link = m[0]; }
    if (!link) return null;
    return el("section", { class: "kraken", id: "kraken", "data-key": "kraken" },
      el("a", { href: krakenHref(link), class: "button primary", id: "kraken-link" }, t("open_part2")));
  }

  // ---------- host ----------
  function hostPanels(v) {
    const out = [];
    if (v.status === "lobby") {
      const count = (v.seats || []).filter(s => !s.removed).length;
      const why = count < v.min_players ? t("start_needs", { n: v.min_players - count }) : count > v.max_players ? t("start_too_many", { max: v.max_players }) : "";
      out.push(optionsSummary(v));
      out.push(el("section", { class: "join", "data-key": "join" }, el("h2", { text: t("scan_to_join") }),
        el("img", { class: "qr", id: "qr", src: "/api/tables/" + v.table_id + "/qr.png?code=" + encodeURIComponent(v.join_code || ""), alt: t("qr_alt") }),
        el("p", { class: "code", id: "join-code", text: window.TW_GLANCE.code(v.join_code) }),
        el("p", { class: "muted", text: v.join_url || location.origin + "/j/" + v.join_code }),
        // The board's own QR code: a tablet opens the board page by scanning.
        el("div", { class: "board-qr", "data-key": "board-qr" }, el("h3", { text: t("board_qr") }),
          el("img", { class: "qr small", id: "board-qr", src: "/api/tables/" + v.table_id + "/qr.png?for=board&code=" + encodeURIComponent(v.join_code || "") + (v.board_key ? "&key=" + encodeURIComponent(v.board_key) : ""), alt: t("board_qr_alt") })),
        // The host's controls over who may still join.
        el("div", { class: "host-tools", "data-key": "join-tools" },
          el("button", { type: "button", class: "secondary", id: "new-code", onclick: rotateCode }, t("new_code")),
          el("button", { type: "button", class: "secondary", id: "lock", "aria-pressed": v.locked ? "true" : "false", onclick: () => setLocked(!v.locked) }, v.locked ? t("unlock_joins") : t("lock_joins")),
          el("p", { class: "help", id: "lock-state", text: v.locked ? t("locked_note") : t("unlocked_note") }))));
      // Start stands above the seats, so that a full table does not push
      // it off the host's screen; seat options (Space Cadets' stations) are
      // assigned just above it, once players have joined (stations.js).
      out.push(el("section", { "data-key": "lobby", class: "lobby" }, el("h2", { text: t("seats") + " (" + count + ")" }),
        window.TW_STATIONS ? window.TW_STATIONS.lobby(v, games && games[v.game]) : null,
        el("button", { id: "start", class: "primary", disabled: !!why, "aria-describedby": why ? "start-why" : null, onclick: startGame }, t("start")),
        why ? el("p", { class: "help", id: "start-why", text: why }) : null,
        el("p", { class: "muted", text: t("players_needed", { min: v.min_players, max: v.max_players }) }),
        seatList(v, null)));
    } else if (v.status !== "ended") {
      out.push(el("section", { class: "host-tools", "data-key": "host-tools" }, el("h2", { text: t("host_view") }),
        el("p", {}, el("span", { text: t("join_code") + ": " }), el("b", { text: window.TW_GLANCE.code(v.join_code) })),
        el("button", { type: "button", class: "secondary", id: "undo", onclick: undo }, t("undo"))));
    }
    out.push(el("p", { "data-key": "board-link" }, el("a", { href: boardHref(v), id: "board-link", target: "_blank", rel: "noopener" }, t("board_link"))));
    return out;
  }
  // boardHref is the host's link to the board page: its fragment (never
  // sent to the server with the page) carries the join code to show and
  // the board key, which the board's stream presents so that a stranger's
  // board streams cannot keep it out.
  function boardHref(v) {
    const parts = [];
    if (v.join_code) parts.push("code=" + encodeURIComponent(v.join_code));
    if (v.board_key) parts.push("key=" + encodeURIComponent(v.board_key));
    return "/b/" + v.table_id + (parts.length ? "#" + parts.join("&") : "");
  }
  function seatTools(v, s) {
    if (v.status === "ended") return null;
    if (v.status === "lobby") return el("div", { class: "seat-tools" }, el("button", { type: "button", class: "secondary", "data-remove": s.seat, onclick: () => removeSeat(s) }, t("remove")));
    const h = liveHandover(v, s.seat);
    const unattended = (v.unattended || []).some(u => u.seat === s.seat);
    return el("div", { class: "seat-tools" },
      unattended ? el("span", { class: "tag", text: t("unattended") }) : null,
      el("button", { type: "button", class: "secondary", "data-handover": s.seat, onclick: () => startHandover(s) }, t("handover")),
      !unattended ? el("button", { type: "button", class: "secondary", "data-revoke": s.seat, onclick: () => revokeDevice(s) }, t("revoke")) : null,
      h && !unattended ? el("div", { class: "handover", "data-key": "ho:" + h.code }, el("img", { class: "qr small", src: h.qr, alt: t("qr_alt") }), el("p", { class: "code", text: h.code }), el("p", { class: "muted", text: h.url })) : null);
  }
  // liveHandover returns the seat's hand-over answer while its code is
  // open: once a view rendered after the code was issued (a code lives ten
  // minutes) no longer lists the seat under handovers (used, cancelled), or
  // the code has expired, its QR code leaves the screen.
  function liveHandover(v, seat) {
    const h = handover[seat];
    if (!h) return null;
    const expires = Date.parse(h.expires_at);
    const open = (v.handovers || []).some(o => o.seat === seat);
    if ((!open && Date.parse(v.server_time) > expires - 600000) || expires <= Date.now()) { delete handover[seat]; return null; }
    return h;
  }
  // unattendedPanel: the hand-over QR and the host's moves for each seat
  // no phone holds, grouped under its name (unattended.js).
  function unattendedPanel(v) { return window.TW_UNATTENDED.panel(v, { t, movePanels, handover, startHandover }); }
  async function startGame() {
    const btn = document.getElementById("start");
    btn.disabled = true;
    const seatOptions = window.TW_STATIONS ? window.TW_STATIONS.startOptions(current, games && games[current.game]) : null;
    try { show(await api("POST", "/api/tables/" + tableId() + "/start", seatOptions ? { options: seatOptions } : undefined, tokenFor(tableId(), "host"))); toast(t("started"), null, true); }
    catch (e) { toast(errorText(current, e), e.data && e.data.rule); btn.disabled = false; }
  }
  async function rotateCode() {
    try {
      const r = await api("POST", "/api/tables/" + tableId() + "/join-code", undefined, tokenFor(tableId(), "host"));
      toast(t("code_changed", { code: r.join_code }), null, true);
    } catch (e) { toast(errorText(current, e)); }
  }
  async function setLocked(locked) {
    try { await api("POST", "/api/tables/" + tableId() + "/lock", { locked: locked }, tokenFor(tableId(), "host")); }
    catch (e) { toast(errorText(current, e)); }
  }
  async function undo() {
    if (!(await ask(t("undo_confirm"), t("undo")))) return;
    try { await api("POST", "/api/tables/" + tableId() + "/undo", undefined, tokenFor(tableId(), "host")); }
    catch (e) { toast(errorText(current, e), e.data && e.data.rule); }
  }
  async function removeSeat(s) {
    if (!(await ask(t("remove_confirm", { name: s.name }), t("remove")))) return;
    try { await api("DELETE", "/api/tables/" + tableId() + "/seats/" + s.seat, undefined, tokenFor(tableId(), "host")); }
    catch (e) { toast(errorText(current, e)); }
  }
  async function revokeDevice(s) {
    if (!(await ask(t("revoke_confirm", { name: s.name }), t("revoke")))) return;
    try { await api("DELETE", "/api/tables/" + tableId() + "/seats/" + s.seat + "/device", undefined, tokenFor(tableId(), "host")); toast(t("revoked_done", { name: s.name }), null, true); }
    catch (e) { toast(e.status === 404 || e.status === 405 ? t("server_missing") : errorText(current, e)); }
  }
  async function startHandover(s) {
    try {
      handover[s.seat] = await api("POST", "/api/tables/" + tableId() + "/seats/" + s.seat + "/handover", undefined, tokenFor(tableId(), "host"));
      rerender();
    } catch (e) { toast(e.status === 404 || e.status === 405 ? t("server_missing") : errorText(current, e)); }
  }

  // linkedCode is the join code the host's board link carries
  // ("#code=…"), if it looks like one.
  function linkedCode() {
    const m = /(?:^#|&)code=([^&]*)/.exec(location.hash);
    const c = m ? decodeURIComponent(m[1]) : "";
    return /^[A-Za-z0-9-]{3,16}$/.test(c) ? c : "";
  }

  // boardKey is the board key the host's board link or QR code carries
  // ("#…&key=…"), if it looks like one.
  function boardKey() {
    const m = /(?:^#|&)key=([^&]*)/.exec(location.hash);
    const k = m ? decodeURIComponent(m[1]) : "";
    return /^[A-Za-z0-9_-]{22}$/.test(k) ? k : "";
  }

  // ---------- the board page ----------
  function boardPage(v, prompt) {
    const view = v.view;
    const n = names(v);
    if (!view) {
      // The board knows the join code when the server sends the lobby's
      // join URL, or from the host's board link, which carries it in the
      // fragment (never sent to the server; the code is what everyone at
      // the table scans anyway, no token). The QR image works either way.
      const code = v.join_code || (v.join_url ? v.join_url.split("/").pop() : "") || linkedCode();
      return el("main", { class: "board-lobby" },
        el("div", { class: "board-join", "data-key": "join" },
          el("h1", { text: t("scan_to_join") }),
          el("div", { class: "join-pair" },
            el("img", { class: "qr big", id: "qr", src: "/api/tables/" + v.table_id + "/qr.png", alt: t("qr_alt") }),
            code ? el("div", { class: "join-typed" },
              el("p", { class: "muted", text: t("or_type") }),
              el("p", { class: "muted join-where", text: location.host }),
              el("p", { class: "code huge", id: "join-code", text: window.TW_GLANCE.code(code) })) : null)),
        el("div", { class: "board-side", "data-key": "side" }, optionsSummary(v), el("h2", { text: t("seats") }), seatList(v, null), el("div", { class: "log-wrap", "data-key": "log" }, logPanel(v))));
    }
    // An ended game draws no timer.
    const timers = view.outcome ? [] : shownTimers(view);
    const svg = view.board ? drawBoard(view.board, n, view.board.title) : null;
    const centre = [];
    if (timers.length) centre.push(el("div", { class: "timer-stage", "data-key": "timers" }, timers.map(tm => timerEl(tm, "huge"))));
    // The drawing's heading names it and says what its two-letter pieces
    // stand for, on one line (what does not fit is cut with an ellipsis,
    // so the drawing keeps its height).
    const keys = svg ? legend(view.board, n) : [];
    const heading = svg && (view.board.title || keys.length) ? el("h2", { id: "board-heading" }, view.board.title || "",
      keys.length ? el("span", { class: "legend", id: "board-legend" }, keys.map(k => el("span", { class: "legend-item" }, el("b", { text: k.short }), " " + k.full))) : null) : null;
    if (svg) centre.push(el("div", { class: "board-draw", "data-key": "draw" }, heading, svg));
    else if (!view.board && !view.outcome && !timers.length) centre.push(el("div", { class: "board-public", "data-key": "public" }, readable(v, view.public)));
    // After the end, beside a drawing, the result takes the counters'
    // place: they tell how the game stood, which the result and the
    // drawing now say (the drawing needs the screen's height).
    const counters = view.board && !(view.outcome && svg) ? drawCounters(view.board) : [];
    if (counters.length) centre.push(el("div", { class: "counters", id: "counters", "data-key": "counters" }, counters));
    if ((view.tracks || []).length) centre.push(el("div", { class: "tracks", id: "tracks", "data-key": "tracks" }, view.tracks.map(trackEl)));
    return el("main", { class: "board-grid" + (timers.length ? " timer-mode" : "") },
      el("div", { class: "board-head", "data-key": "head" },
        el("p", { class: "prompt", id: "prompt", text: prompt }),
        phaseText(v) ? el("p", { class: "phase", id: "phase", text: phaseText(v) }) : null,
        el("button", { type: "button", id: "sound-enable", class: "secondary" + (Sound.enabled ? " on" : ""), "aria-pressed": Sound.enabled ? "true" : "false", onclick: () => { Sound.enable(); rerender(); } }, Sound.enabled ? t("sound_on") : t("sound_tap"))),
      el("div", { class: "board-centre", "data-key": "centre" }, centre),
      el("div", { class: "board-side", "data-key": "side" },
        // At the end the result leads the side; the board stays drawn.
        view.outcome ? outcomePanel(v) : null,
        seatList(v, view),
        el("div", { class: "log-wrap", "data-key": "log" }, logPanel(v))));
  }

  // ---------- timers ----------
  // shownTimers are the timers a screen draws: running or paused ones. A
  // timer that has run out leaves the screen (TIME! says it, for
  // TIME_UP_MS), so that the board shows its map again and the prompt,
  // which names the next step, is what the table reads.
  function shownTimers(view) { return (view.timers || []).filter(tm => tm.running || tm.paused); }
  // stationsDrawTimers: a phone with stations (Space Cadets) draws the
  // timer large above its panels (stations.js), so its status bar does
  // not draw it a second time.
  function stationsDrawTimers(v) {
    const priv = v.view && v.view.private;
    return page === "seat" && !!window.TW_STATIONS && !!priv && typeof priv === "object" && Array.isArray(priv.stations);
  }
  // ringTimeUp plays the buzzer and shows TIME! once per deadline.
  function ringTimeUp(name, dl) {
    if (!dl || buzzed[name] === dl) return;
    buzzed[name] = dl;
    Sound.play("buzzer");
    if (navigator.vibrate && prefs.vibrate) navigator.vibrate([300, 100, 300]);
    timeUp(true);
  }
  // expiredNow rings for a timer the server reports run out before this
  // page's tick saw it reach zero (the timer then leaves the screen).
  function expiredNow(prev, v) {
    if (!prev || prev.table_id !== v.table_id || page === "index") return;
    const before = (prev.view && prev.view.timers) || [];
    for (const tm of (v.view && v.view.timers) || []) {
      const was = before.find(x => x.name === tm.name);
      if (tm.expired && was && was.running && was.generation === tm.generation) ringTimeUp(tm.name, was.deadline);
    }
  }
  function timerEl(tm, size) {
    const state = tm.running ? "running" : tm.paused ? "paused" : tm.expired ? "out" : "idle";
    return el("div", { class: "timer-box " + size + " " + state, "data-key": "timer:" + tm.name + ":" + size },
      el("span", { class: "timer-label", text: gt(current.game, ["timer." + tm.name], tm.label || humanKey(tm.name)) }),
      el("div", { class: "timer", "data-timer": tm.name, "data-deadline": tm.running ? tm.deadline : "", "data-remaining": tm.remaining_ms, "data-generation": tm.generation, "data-state": state, role: "timer" }, "--"),
      state === "paused" ? el("span", { class: "paused-tag", text: t("paused") }) : null);
  }
  function startTimerTick() {
    clearInterval(timerTick);
    const tick = () => {
      let out = false;
      for (const box of document.querySelectorAll("[data-timer]")) {
        let ms;
        const running = !!box.dataset.deadline;
        if (running) ms = new Date(box.dataset.deadline).getTime() - (Date.now() + offset);
        else ms = parseInt(box.dataset.remaining || "0", 10);
        ms = Math.max(0, ms);
        const secs = Math.ceil(ms / 1000);
        const text = ms >= 60000 ? Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0") : ms > 10000 ? String(secs) : (ms / 1000).toFixed(1);
        if (box.textContent !== text) box.textContent = text;
        box.dataset.ms = String(Math.round(ms));
        box.dataset.at = String(Date.now());
        let state = box.dataset.state;
        if (running) state = ms === 0 ? "out" : ms <= 10000 ? "final" : "running";
        if (box.dataset.state !== state) { box.dataset.state = state; box.parentNode.classList.remove("running", "final", "out", "paused", "idle"); box.parentNode.classList.add(state); }
        // Sounds: one beep a second in the last ten, a buzzer and the
        // full-screen TIME! at zero (seen by this page's tick, or by the
        // server's expiry arriving first), once per deadline.
        if (!box.closest(".huge") && page === "board") continue;
        const name = box.dataset.timer;
        if (running) lastDeadline[name] = box.dataset.deadline;
        const dl = lastDeadline[name];
        if (running && ms > 0 && ms <= 10000 && beeped[name + dl] !== secs) { beeped[name + dl] = secs; Sound.play("beep"); }
        if (running && ms === 0) ringTimeUp(name, dl);
        if (running && ms === 0) out = true;
      }
      // A timer started again clears TIME! at once; otherwise it clears
      // by itself after TIME_UP_MS.
      if (!out && document.getElementById("time-up").dataset.shown === "1" && document.querySelector('[data-state="running"],[data-state="final"]')) timeUp(false);
    };
    tick();
    if (document.querySelector("[data-timer]")) timerTick = setInterval(tick, 100);
  }
  // timeUp shows TIME! over the screen for TIME_UP_MS, then clears it by
  // itself; it never takes a tap (style.css: pointer-events none). A timer
  // run out also asks for the view again, so that the prompt moves on.
  // 1.5 s: long enough to be seen across the table, short enough that the
  // next step's prompt is on every screen 2 s after the zero.
  const TIME_UP_MS = 1500;
  let timeUpTimer = null;
  function timeUp(on) {
    const box = document.getElementById("time-up");
    box.textContent = t("time_up");
    box.hidden = !on;
    box.dataset.shown = on ? "1" : "0";
    clearTimeout(timeUpTimer);
    if (on) {
      timeUpTimer = setTimeout(() => { box.hidden = true; box.dataset.shown = "0"; }, TIME_UP_MS);
      setTimeout(() => { if (current && !signedOut && page !== "index") refresh(); }, 600);
    }
  }

  // ---------- log ----------
  // A seat's private events of an entry (and the placeholder the server
  // sends to a screen that may not see them) are one line, "(private)"
  // until held: every screen's log has as many lines.
  function logPanel(v) {
    const seen = logSeen.table === v.table_id ? Array.from(logSeen.entries.values()) : (v.log || []).slice();
    seen.sort((a, b) => b.seq - a.seq);
    const seat = page === "seat";
    const rows = seen.slice(0, LOG_SHOWN).flatMap(e => {
      const open = e.events.filter(ev => !isPrivate(ev));
      const priv = e.events.filter(isPrivate);
      const cls = e.undone ? "undone" : "";
      const out = open.map((ev, i) => el("div", { class: cls, "data-key": "log:" + e.seq + ":" + i }, "#" + e.seq + " ", linkify(gt(v.game, [ev.code], ev.text, ev.params)), e.undone ? " " + t("undone") : ""));
      if (priv.length) {
        const own = priv.filter(ev => ev.code !== "withheld").map(ev => gt(v.game, [ev.code], ev.text, ev.params));
        const text = own.length ? own.join(" ") : t("private_line");
        out.push(el("div", Object.assign({ class: (cls + " private-line").trim(), "data-key": "log:" + e.seq + ":p" }, seat && own.length ? Object.assign({ role: "button" }, window.TW_PRIVACY.holdAttrs()) : {}),
          "#" + e.seq + " ", seat && own.length ? window.TW_PRIVACY.secret("log:" + e.seq, text) : t("private_line"), e.undone ? " " + t("undone") : ""));
      }
      return out;
    });
    return el("section", { id: "log-box", class: "log-box", "data-key": "log" }, el("h2", { text: t("log") }), el("div", { class: "log", id: "log", role: "region", "aria-label": t("log"), tabindex: "0" }, rows));
  }
  function isPrivate(ev) { return ev.code === "withheld" || (Array.isArray(ev.to) && ev.to.length > 0); }
  function linkify(text) {
    const parts = String(text).split(/(\/kraken\/[A-Za-z0-9_%-]+)/);
    return parts.map((p, i) => i % 2 ? el("a", { href: krakenHref(p) }, t("part2_page")) : p);
  }
  // krakenHref is a continuation path with this table, so that the page
  // names the tentacle as the table does (its own cards too).
  // It opens in this tab, and the page links back here ("back": this
  // page's path), so that the seat page is never left behind in a tab.
  function krakenHref(p) { return tableId() ? p + "?table=" + encodeURIComponent(tableId()) + "&back=" + encodeURIComponent(location.pathname) : p; }

  // Reconnect and refresh when the phone wakes up or the network returns.
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && current && !signedOut) { refresh(); if (!source || source.readyState === 2) connect(); } });
  window.addEventListener("online", () => { if (current && !signedOut) { refresh(); connect(); } });
  window.addEventListener("offline", () => setOnline(false));

  // Test mode: the browser tests can read the last view, show a view of
  // their own (to draw fields today's games do not send yet), and see
  // whether a view that arrived is still waiting to be drawn.
  if (TEST) { TEST.current = () => current; TEST.show = (v) => { show(v); rerender(); }; TEST.drawn = () => !renderTimer && (!window.TW_BOARD || window.TW_BOARD.settled()); }

  const run = { index: pageIndex, join: pageJoin, seat: pageTable, host: pageHostOrHandover, board: pageTable }[page];
  run().catch(e => { main.replaceChildren(el("p", { class: "notice", text: (e && e.message) || t("something_wrong") })); });
})();
