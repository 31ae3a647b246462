// tablewarden pages: the Space Cadets stations on a player's phone.
//
// A Space Cadets phone shows one panel per station its player holds (the
// private view's "stations": Captain, Science, Sensors, and the crew's
// panel everyone has), each with what that station needs at hand: the
// Captain's equipment, the Science Officer's cards and Workbench (every
// turned-over Component card as text, with the pieces it needs, so that
// a card can be chosen within the timer), the Sensors player's tentacle
// cards. A running timer stands large above the panels; the page's timer
// tick updates it and plays its beeps and buzzer, as on the board.
//
// On the host's lobby screen it also draws the station assignment: one
// picker per seat option of the game (kind "seat": Captain, Science
// Officer, Sensors) listing the players who have joined, sent with the
// start request ({"options": {"captain_seat": <seat>, …}}, each seat as
// the lobby lists it, -1 for the game's default rule).
"use strict";
(function () {
  const { el } = window.TW_DOM;

  // The panels' own words, by language (the page's language is kept in
  // local storage, "tw:lang").
  const words = {
    "en": {
      stations: "Your stations", needs: "Needs", auto: "Counts as gathered (inactive station)", nothing: "Nothing to gather",
      use: "Use", set_aside: "Set aside", choose: "Choose one card to set aside",
      cost: "Cost", effect: "Use", cards: "Cards", workbench: "Workbench", tentacles: "Tentacle cards",
      square: "Square", state: "State", subdue: "To subdue", attack: "Attack",
      component: "Component card", assign: "Stations", assign_help: "Assign the stations to the players who have joined; they are dealt when you start the game.",
      who: "Who has which station", no_station: "no station of its own (plays at the table)",
    },
    "pt-BR": {
      stations: "Suas estações", needs: "Precisa", auto: "Conta como reunido (estação inativa)", nothing: "Nada a reunir",
      use: "Usar", set_aside: "Separada", choose: "Escolha uma carta para separar",
      cost: "Custo", effect: "Uso", cards: "Cartas", workbench: "Bancada", tentacles: "Cartas de tentáculo",
      square: "Casa", state: "Estado", subdue: "Para dominar", attack: "Ataque",
      component: "Carta de componente", assign: "Estações", assign_help: "Distribua as estações entre os jogadores que entraram; elas valem quando você iniciar o jogo.",
      who: "Quem tem cada estação", no_station: "sem estação própria (joga à mesa)",
      "Captain": "Capitão", "Science Officer": "Oficial de Ciências", "Sensors": "Sensores",
    },
  };
  function w(key) {
    let lang = "en";
    try { lang = localStorage.getItem("tw:lang") || lang; } catch (e) { /* no storage */ }
    return (words[lang] || words.en)[key] || words.en[key];
  }

  // panels returns the stations section of a Space Cadets phone, or null
  // when the view has no stations (another game, the host, the board).
  // timerEl draws a timer as the page does (size "large" here).
  function panels(v, timerEl) {
    const priv = v.view && v.view.private;
    if (!priv || typeof priv !== "object" || !Array.isArray(priv.stations)) return null;
    // A timer that has run out leaves the screen (app.js shows TIME!).
    const timers = (v.view.timers || []).filter(tm => tm.running || tm.paused);
    return el("section", { id: "stations", class: "stations", "data-key": "stations" },
      timers.length ? el("div", { class: "station-timers", "data-key": "station-timers" }, timers.map(tm => timerEl(tm, "large"))) : null,
      priv.stations.map(station));
  }

  // station draws one station's panel.
  function station(st) {
    return el("section", { class: "station station-" + String(st.station).replace(/[^a-z0-9_-]/gi, ""), "data-station": st.station, "data-key": "station:" + st.station },
      el("h2", { text: st.title || st.station }),
      (st.facts || []).length ? el("ul", { class: "station-facts" }, st.facts.map((f, i) => el("li", { "data-key": "f:" + i, text: f }))) : null,
      (st.workbench || []).length ? workbench(st.workbench) : null,
      (st.cards || []).length ? cards(st.cards) : null,
      (st.tentacle_cards || []).length ? tentacles(st.tentacle_cards) : null);
  }

  // workbench lists the turned-over Component cards: each card's name, its
  // state (to use or set aside) and the pieces it needs, one per line.
  function workbench(list) {
    const choosing = list.every(c => c.status === "choose");
    return el("div", { class: "workbench", id: "workbench", "data-key": "workbench" },
      el("h3", { text: w("workbench") }),
      choosing ? el("p", { class: "workbench-hint", text: w("choose") }) : null,
      el("ol", { class: "components" }, list.map((c, i) => el("li", { class: "component " + (c.status === "set aside" ? "aside" : c.status === "use" ? "use" : "choose"), "data-card": c.card, "data-key": "c:" + i + ":" + c.card },
        el("div", { class: "component-head" },
          el("b", { class: "component-name", text: w("component") + " " + (i + 1) }),
          c.status !== "choose" ? el("span", { class: "tag", text: c.status === "set aside" ? w("set_aside") : w("use") }) : null),
        el("div", { class: "component-needs" },
          el("span", { class: "needs-label", text: w("needs") + ":" }),
          (c.needs || []).length ? (c.needs || []).map((n, j) => el("span", { class: "need", "data-key": "n:" + j + ":" + n.piece, text: n.label })) : el("span", { class: "muted", text: w("nothing") })),
        (c.auto_matched || []).length ? el("div", { class: "component-auto muted" }, w("auto") + ": " + c.auto_matched.map(n => n.label).join(", ")) : null))));
  }

  // cards lists Experimental Equipment cards with their cost and use.
  function cards(list) {
    return el("div", { class: "station-cards", "data-key": "cards" },
      el("h3", { text: w("cards") }),
      el("ul", { class: "equipment" }, list.map((c, i) => el("li", { "data-key": "e:" + i + ":" + c.name },
        el("b", { class: "card-title", text: c.title || c.name }),
        c.points ? el("span", { class: "card-points", text: " · " + c.points }) : c.cost ? el("span", { text: " · " + w("cost") + " " + c.cost }) : null,
        c.use ? el("div", { class: "muted", text: c.use }) : null))));
  }

  // tentacles lists the Star Kraken's tentacle cards the Sensors player
  // holds.
  function tentacles(list) {
    const line = (k, v) => v === undefined || v === null || v === "" ? null : el("div", {}, el("span", { class: "muted", text: w(k) + ": " }), String(v));
    return el("div", { class: "tentacles", "data-key": "tentacles" },
      el("h3", { text: w("tentacles") }),
      el("ul", {}, list.map((c, i) => el("li", { "data-key": "k:" + i + ":" + c.id },
        el("b", { text: c.name }), line("square", c.square), line("state", c.state), line("subdue", c.how_to_subdue), line("attack", c.attack)))));
  }

  // chosen keeps the host's picks by table and option while the lobby
  // re-renders (a player joining redraws the screen).
  const chosen = {};

  // seatOptions are a game's options that name a player.
  function seatOptions(info) { return ((info && info.options) || []).filter(o => o.kind === "seat"); }

  // defaultValue is the pick an option starts with: the player its
  // default rule gives for this many players (per_players, in joining
  // order), or the seat its default names in joining order; -1 (the
  // game's rule) only when neither names a player.
  function defaultValue(o, seats) {
    const per = o.per_players && o.per_players[String(seats.length)];
    const at = per !== undefined && per !== null ? per : o.default;
    if (at === -1 || at === undefined || at === null) return -1;
    const s = seats[at];
    return s ? s.seat : (seats.length ? seats[0].seat : -1);
  }

  // pick is an option's current pick: the host's, while that seat is
  // still at the table, else the default.
  function pick(v, o, seats) {
    const k = v.table_id + "|" + o.name;
    if (k in chosen && (chosen[k] === -1 || seats.some(s => s.seat === chosen[k]))) return chosen[k];
    return defaultValue(o, seats);
  }

  // lobby draws the station pickers on the host's lobby screen, or null
  // when the game has no seat options or nobody has joined yet.
  function lobby(v, info) {
    const opts = seatOptions(info);
    const seats = (v.seats || []).filter(s => !s.removed);
    if (!opts.length || !seats.length) return null;
    const rows = () => whoHasWhat(v, opts, seats).map(r =>
      el("li", { "data-seat": r.seat, "data-key": "who:" + r.seat }, el("b", { text: r.name }), ": " + (r.stations.length ? r.stations.join(", ") : w("no_station"))));
    // A pick redraws the summary at once (the page is drawn again only
    // when a view arrives).
    const fill = () => { const box = document.getElementById("station-summary"); if (box) box.replaceChildren(...rows()); };
    return el("section", { class: "assign", id: "assign-stations", "data-key": "assign-stations" },
      el("h3", { text: w("assign") }),
      el("p", { class: "help", text: w("assign_help") }),
      opts.map(o => {
        const id = "seat-opt-" + o.name;
        const now = pick(v, o, seats);
        const choices = (o.choices || []).map(c => ({ value: Number(c.value), label: w(c.label) || c.label }))
          .concat(seats.map(s => ({ value: s.seat, label: s.name })));
        return el("div", { class: "field option", "data-key": "so:" + o.name },
          el("label", { for: id, text: w(o.label) || o.label }),
          el("select", { id, name: id, "data-option": o.name, onchange: (ev) => { chosen[v.table_id + "|" + o.name] = Number(ev.target.value); fill(); } },
            choices.map(c => el("option", { value: String(c.value), text: c.label, selected: c.value === now }))));
      }),
      el("h4", { text: w("who") }),
      el("ul", { class: "who-list", id: "station-summary", "data-key": "station-summary", "aria-live": "polite" }, rows()));
  }

  // whoHasWhat is, for each player who joined, the stations the current
  // picks give them (the summary the host reads before Start).
  function whoHasWhat(v, opts, seats) {
    return seats.map(s => ({ seat: s.seat, name: s.name,
      stations: opts.filter(o => pick(v, o, seats) === s.seat).map(o => w(o.label) || o.label) }));
  }

  // startOptions are the picks to send with the start request, or null.
  function startOptions(v, info) {
    const opts = seatOptions(info);
    const seats = ((v && v.seats) || []).filter(s => !s.removed);
    if (!opts.length || !seats.length) return null;
    const out = {};
    for (const o of opts) out[o.name] = pick(v, o, seats);
    return out;
  }

  window.TW_STATIONS = { panels, lobby, startOptions };
})();
