// tablewarden pages: the drawn board and the timer's sounds.
//
// drawBoard turns a view's board (kit.BoardView: places on a unit square,
// connections, pieces, counters, slots) into inline SVG and HTML, for any
// game. Sound plays the timer's beeps and buzzer with Web Audio once the
// player has tapped to enable it; in test mode (localStorage "tw:test")
// it records what it would play in window.TW_TEST.sounds instead.
"use strict";
(function () {
  const { el, sv } = window.TW_DOM;

  // The drawing's size in SVG units; the SVG scales to its box.
  const W = 800, H = 480, NW = 190, NH = 84;

  function classes(prefix, tags) { return [prefix].concat((tags || []).map(t => prefix + "-" + String(t).replace(/[^a-z0-9_-]/gi, ""))).join(" "); }

  // drawBoard returns the SVG of a board's places and connections, or null
  // when the board has no places. names maps seats to player names.
  function drawBoard(board, names, label) {
    const nodes = board.nodes || [];
    if (!nodes.length) return null;
    const pos = {};
    for (const n of nodes) pos[n.id] = { x: 10 + NW / 2 + n.x * (W - 20 - NW), y: 10 + NH / 2 + n.y * (H - 70 - NH) };
    const edges = (board.edges || []).filter(e => pos[e.from] && pos[e.to]).map(e => {
      const a = pos[e.from], b = pos[e.to];
      return sv("g", { class: classes("edge", e.tags), "data-key": "e:" + e.from + ">" + e.to },
        sv("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
        e.label ? sv("text", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 6, class: "edge-label" }, e.label) : null);
    });
    const places = nodes.map(n => {
      const p = pos[n.id];
      const pieces = (n.pieces || []).map((pc, i) => piece(pc, i, p, names));
      return sv("g", { class: classes("node", n.tags), "data-key": "n:" + n.id, "data-node": n.id },
        sv("rect", { x: p.x - NW / 2, y: p.y - NH / 2, width: NW, height: NH, rx: 10 }),
        sv("text", { x: p.x, y: p.y - (n.note ? 12 : 0), class: "node-label" }, n.label),
        n.note ? sv("text", { x: p.x, y: p.y + 26, class: "node-note" }, n.note) : null,
        pieces);
    });
    return sv("svg", { viewBox: "0 0 " + W + " " + H, class: "board-svg", id: "board-svg", role: "img", "aria-label": label || board.title || "" },
      sv("g", { class: "edges" }, edges), sv("g", { class: "nodes" }, places));
  }

  // piece draws one piece under its place, by kind; a face-down piece
  // ("back") shows only its back.
  function piece(pc, i, p, names) {
    const x = p.x - NW / 2 + 24 + (i % 4) * 50, y = p.y + NH / 2 + 28 + Math.floor(i / 4) * 50;
    const who = pc.seat !== undefined && pc.seat !== null ? (names[pc.seat] || "") : "";
    const text = pc.kind === "back" ? "?" : (pc.label || who || "").slice(0, 2);
    const count = pc.count > 1 ? "×" + pc.count : "";
    const title = (pc.kind === "back" ? "" : (pc.label || "")) + (who ? " · " + who : "") + (count ? " " + count : "");
    const shape = pc.kind === "enemy" ? sv("path", { d: `M${x} ${y - 24}L${x + 24} ${y}L${x} ${y + 24}L${x - 24} ${y}Z` })
      : pc.kind === "marker" || pc.kind === "back" ? sv("rect", { x: x - 22, y: y - 22, width: 44, height: 44, rx: 6 })
        : sv("circle", { cx: x, cy: y, r: 23 });
    return sv("g", { class: "piece piece-" + pc.kind + (pc.seat !== undefined && pc.seat !== null ? " seat-" + pc.seat : "") },
      sv("title", {}, title), shape, sv("text", { x: x, y: y + 9 }, text), count ? sv("text", { x: x + 30, y: y - 14, class: "piece-count" }, count) : null);
  }

  // counters and slots as big HTML boxes.
  function drawCounters(board) {
    const out = [];
    for (const c of board.counters || []) out.push(el("div", { class: "counter", "data-key": "c:" + c.label }, el("span", { class: "counter-value", text: c.value }), el("span", { class: "counter-label", text: c.label })));
    for (const s of board.slots || []) out.push(el("div", { class: classes("slot", s.tags), "data-key": "s:" + s.label }, el("span", { class: "slot-label", text: s.label }), el("span", { class: "slot-value", text: s.value || "—" })));
    return out;
  }

  // ---------- sound ----------
  const test = window.TW_TEST || null;
  let ctx = null;
  const Sound = {
    enabled: false,
    // enable is called from a tap (browsers allow audio only then).
    enable() {
      this.enabled = true;
      if (test) return;
      try { ctx = ctx || new (window.AudioContext || window.webkitAudioContext)(); ctx.resume(); } catch (e) { ctx = null; }
    },
    play(kind) {
      if (!this.enabled) return;
      if (test) { test.sounds.push({ kind, at: Date.now() }); return; }
      if (!ctx) return;
      const spec = { beep: [880, 0.12, "sine"], buzzer: [160, 1.2, "sawtooth"], turn: [660, 0.2, "triangle"] }[kind] || [440, 0.1, "sine"];
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.type = spec[2]; o.frequency.value = spec[0];
      g.gain.setValueAtTime(0.3, ctx.currentTime);
      g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + spec[1]);
      o.connect(g); g.connect(ctx.destination);
      o.start(); o.stop(ctx.currentTime + spec[1]);
    }
  };

  window.TW_BOARD = { drawBoard, drawCounters, Sound };
})();
