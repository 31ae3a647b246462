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
    // The layout is stretched to use the whole drawing.
    const xs = nodes.map(n => n.x), ys = nodes.map(n => n.y);
    const x0 = Math.min(...xs), xw = Math.max(...xs) - x0 || 1, y0 = Math.min(...ys), yh = Math.max(...ys) - y0 || 1;
    for (const n of nodes) pos[n.id] = { x: 10 + NW / 2 + (xs.length > 1 ? (n.x - x0) / xw : 0.5) * (W - 20 - NW), y: 10 + NH / 2 + (ys.length > 1 ? (n.y - y0) / yh : 0.5) * (H - 70 - NH) };
    // Places close together are drawn smaller, so that they do not cover
    // each other: the scale is what the closest pair allows.
    let k = 1;
    const ps = Object.values(pos);
    for (let i = 0; i < ps.length; i++) for (let j = i + 1; j < ps.length; j++) {
      const fx = Math.abs(ps[i].x - ps[j].x) / (NW + 8), fy = Math.abs(ps[i].y - ps[j].y) / (NH + 8);
      k = Math.min(k, Math.max(fx, fy));
    }
    k = Math.max(0.45, k);
    const edges = (board.edges || []).filter(e => pos[e.from] && pos[e.to]).map(e => {
      const a = pos[e.from], b = pos[e.to];
      return sv("g", { class: classes("edge", e.tags), "data-key": "e:" + e.from + ">" + e.to },
        sv("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
        e.label ? sv("text", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 6, class: "edge-label" }, e.label) : null);
    });
    const places = nodes.map(n => {
      const p = pos[n.id];
      const pieces = (n.pieces || []).map((pc, i) => piece(pc, i, p, names, k));
      const w = NW * k, h = NH * k;
      return sv("g", { class: classes("node", n.tags), "data-key": "n:" + n.id, "data-node": n.id },
        sv("rect", { x: p.x - w / 2, y: p.y - h / 2, width: w, height: h, rx: 10 * k }),
        sv("text", { x: p.x, y: p.y - (n.note ? 12 * k : 0), class: "node-label", "font-size": Math.round(34 * k) }, n.label),
        n.note ? sv("text", { x: p.x, y: p.y + 26 * k, class: "node-note", "font-size": Math.round(24 * k) }, n.note) : null,
        pieces);
    });
    return sv("svg", { viewBox: "0 0 " + W + " " + H, class: "board-svg", id: "board-svg", role: "img", "aria-label": label || board.title || "" },
      sv("g", { class: "edges" }, edges), sv("g", { class: "nodes" }, places));
  }

  // piece draws one piece under its place, by kind; a face-down piece
  // ("back") shows only its back.
  function piece(pc, i, p, names, k) {
    const x = p.x - NW * k / 2 + 24 * k + (i % 4) * 50 * k, y = p.y + NH * k / 2 + 28 * k + Math.floor(i / 4) * 50 * k;
    const who = pc.seat !== undefined && pc.seat !== null ? (names[pc.seat] || "") : "";
    const text = pc.kind === "back" ? "?" : (pc.label || who || "").slice(0, 2);
    const count = pc.count > 1 ? "×" + pc.count : "";
    const title = (pc.kind === "back" ? "" : (pc.label || "")) + (who ? " · " + who : "") + (count ? " " + count : "");
    const r = 23 * k;
    const shape = pc.kind === "enemy" ? sv("path", { d: `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z` })
      : pc.kind === "marker" || pc.kind === "back" ? sv("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 6 * k })
        : sv("circle", { cx: x, cy: y, r });
    return sv("g", { class: "piece piece-" + pc.kind + (pc.seat !== undefined && pc.seat !== null ? " seat-" + pc.seat : "") },
      sv("title", {}, title), shape, sv("text", { x: x, y: y + 9 * k, "font-size": Math.round(26 * k) }, text), count ? sv("text", { x: x + 30 * k, y: y - 14 * k, class: "piece-count", "font-size": Math.round(26 * k) }, count) : null);
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
