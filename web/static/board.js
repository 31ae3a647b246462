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

  // The drawing is laid out in CSS pixels: its viewBox is the size of the
  // box it is drawn in, so a font size in the SVG is the size on screen.
  // Names and counts are at least 24 px (read from a metre away).
  const LABEL = 26, NOTE = 24, PIECE = 44, PAD = 10, GAP = 14;
  // drawn is the box size the last drawing was laid out for; redraw (set by
  // the page) draws again when the box turns out to be another size.
  let drawn = null;
  const Board = { redraw: null };

  // boxSize is the size of the drawing's box: the live one when the page
  // already shows a drawing, else a guess from the window.
  function boxSize() {
    const live = document.getElementById("board-svg");
    if (live) {
      const r = live.getBoundingClientRect();
      if (r.width > 50 && r.height > 50) return { w: Math.round(r.width), h: Math.round(r.height) };
    }
    return { w: Math.round(innerWidth * 0.62), h: Math.round(innerHeight * 0.5) };
  }

  // measure returns the width of a text in the page's font.
  let pen = null;
  function measure(text, size, weight) {
    if (!pen) pen = document.createElement("canvas").getContext("2d");
    pen.font = (weight || 400) + " " + size + "px " + getComputedStyle(document.body).fontFamily;
    return pen.measureText(text).width;
  }

  // wrap breaks a text into lines no wider than max (at spaces); a word
  // wider than max stays whole on its own line.
  function wrap(text, size, weight, max) {
    const words = String(text || "").split(/\s+/).filter(Boolean);
    const lines = [];
    for (const w of words) {
      const last = lines.length ? lines[lines.length - 1] + " " + w : null;
      if (last !== null && measure(last, size, weight) <= max) lines[lines.length - 1] = last;
      else lines.push(w);
    }
    return lines;
  }

  // groupPieces joins identical pieces (same kind, label and seat) into one
  // with a count.
  function groupPieces(pieces) {
    const out = [];
    for (const pc of pieces || []) {
      const same = out.find(o => o.kind === pc.kind && o.label === pc.label && o.seat === pc.seat);
      if (same) same.count = (same.count || 1) + (pc.count || 1);
      else out.push(Object.assign({}, pc, { count: pc.count || 1 }));
    }
    return out;
  }

  function classes(prefix, tags) { return [prefix].concat((tags || []).map(t => prefix + "-" + String(t).replace(/[^a-z0-9_-]/gi, ""))).join(" "); }

  // shortText is what a piece shows on itself: "?" for a back, else the
  // first two letters of its label or of its owner's name.
  function shortText(pc, who) { return pc.kind === "back" ? "?" : (pc.label || who || "").slice(0, 2); }

  // placeBox sizes one place: its label and note wrapped to at most maxW,
  // its pieces in rows under them.
  function placeBox(n, maxW) {
    const inner = maxW - 2 * PAD;
    const label = wrap(n.label, LABEL, 700, inner);
    const note = n.note ? wrap(n.note, NOTE, 400, inner) : [];
    const pieces = groupPieces(n.pieces);
    const widths = pieces.map(pc => PIECE + (pc.count > 1 ? measure("×" + pc.count, NOTE, 700) + 4 : 0));
    const textW = Math.max(0, ...label.map(l => measure(l, LABEL, 700)), ...note.map(l => measure(l, NOTE, 400)));
    let w = Math.max(textW, Math.min(inner, widths.reduce((a, b) => a + b + 6, 0)), PIECE) + 2 * PAD;
    // Pieces fill rows as wide as the place.
    const rows = [];
    let row = [], used = 0;
    pieces.forEach((pc, i) => {
      if (row.length && used + widths[i] > w - 2 * PAD) { rows.push(row); row = []; used = 0; }
      row.push({ pc, w: widths[i] });
      used += widths[i] + 6;
    });
    if (row.length) rows.push(row);
    const h = 2 * PAD + label.length * LABEL * 1.15 + note.length * NOTE * 1.15 + rows.length * (PIECE + 6);
    return { n, label, note, rows, w: Math.ceil(w), h: Math.ceil(h) };
  }

  // layout places the boxes on the drawing: the game's layout stretched to
  // the drawing, then places that cover each other pushed apart (along the
  // shorter way out) until none does, inside the drawing.
  function layout(boxes, size) {
    const xs = boxes.map(b => b.n.x), ys = boxes.map(b => b.n.y);
    const x0 = Math.min(...xs), xw = Math.max(...xs) - x0, y0 = Math.min(...ys), yh = Math.max(...ys) - y0;
    for (const b of boxes) {
      const u = xw ? (b.n.x - x0) / xw : 0.5, v = yh ? (b.n.y - y0) / yh : 0.5;
      b.x = b.w / 2 + u * Math.max(0, size.w - b.w);
      b.y = b.h / 2 + v * Math.max(0, size.h - b.h);
    }
    const clamp = (b) => {
      b.x = Math.min(Math.max(b.x, b.w / 2), Math.max(b.w / 2, size.w - b.w / 2));
      b.y = Math.min(Math.max(b.y, b.h / 2), Math.max(b.h / 2, size.h - b.h / 2));
    };
    let moved = true;
    for (let round = 0; round < 1500 && moved; round++) {
      moved = false;
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const dx = b.x - a.x, dy = b.y - a.y;
        const ox = (a.w + b.w) / 2 + GAP - Math.abs(dx), oy = (a.h + b.h) / 2 + GAP - Math.abs(dy);
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        // Along the shorter way out; when the drawing's edge stops that
        // push, the other way.
        const ax = a.x, bx = b.x, ay = a.y, by = b.y;
        const push = (alongX) => {
          if (alongX) { const s = (dx > 0 || (dx === 0 && i < j) ? 1 : -1) * (ox / 2 + 0.5); a.x -= s; b.x += s; }
          else { const s = (dy > 0 || (dy === 0 && i < j) ? 1 : -1) * (oy / 2 + 0.5); a.y -= s; b.y += s; }
          clamp(a); clamp(b);
        };
        push(ox < oy);
        if ((a.w + b.w) / 2 + GAP - Math.abs(b.x - a.x) > 1 && (a.h + b.h) / 2 + GAP - Math.abs(b.y - a.y) > 1) {
          a.x = ax; b.x = bx; a.y = ay; b.y = by;
          push(ox >= oy);
        }
      }
    }
    return !moved;
  }

  // drawBoard returns the SVG of a board's places and connections, or null
  // when the board has no places. names maps seats to player names.
  function drawBoard(board, names, label) {
    const nodes = board.nodes || [];
    if (!nodes.length) return null;
    const size = boxSize();
    drawn = size;
    // A place is at most as wide as a column of a grid that would hold
    // them all, and never narrower than a readable name.
    const cols = Math.max(1, Math.round(Math.sqrt(nodes.length * size.w / size.h)));
    const maxW = Math.max(130, Math.min(340, size.w / cols - GAP));
    const boxes = nodes.map(n => placeBox(n, maxW));
    // When the places cannot all stand apart at full size, they are laid
    // out on a larger drawing that the screen shows smaller (the test of
    // the board page fails then: the game's layout needs room).
    let room = size;
    for (let f = 1; !layout(boxes, room) && f < 3; f *= 1.12) room = { w: Math.round(size.w * f), h: Math.round(size.h * f) };
    const at = {};
    for (const b of boxes) at[b.n.id] = b;
    const labels = [];
    const edges = (board.edges || []).filter(e => at[e.from] && at[e.to]).map(e => {
      const a = at[e.from], b = at[e.to];
      const lw = e.label ? measure(e.label, NOTE, 400) + 12 : 0;
      const [mx, my] = e.label ? labelSpot(a, b, lw, boxes, labels) : [0, 0];
      return sv("g", { class: classes("edge", e.tags), "data-key": "e:" + e.from + ">" + e.to },
        sv("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
        e.label ? sv("rect", { class: "edge-label-back", x: mx - lw / 2, y: my - NOTE * 0.65, width: lw, height: NOTE * 1.3, rx: 6 }) : null,
        e.label ? sv("text", { x: mx, y: my + NOTE * 0.35, class: "edge-label", "font-size": NOTE }, e.label) : null);
    });
    const places = boxes.map(b => {
      const n = b.n, left = b.x - b.w / 2, top = b.y - b.h / 2;
      let y = top + PAD;
      const label = sv("text", { class: "node-label", "font-size": LABEL }, b.label.map(l => { y += LABEL * 1.15; return sv("tspan", { x: b.x, y: y - LABEL * 0.3 }, l); }));
      const note = b.note.length ? sv("text", { class: "node-note", "font-size": NOTE }, b.note.map(l => { y += NOTE * 1.15; return sv("tspan", { x: b.x, y: y - NOTE * 0.3 }, l); })) : null;
      const pieces = [];
      for (const row of b.rows) {
        const rw = row.reduce((s, p) => s + p.w + 6, -6);
        let x = b.x - rw / 2;
        for (const p of row) { pieces.push(piece(p.pc, x, y + 3, names)); x += p.w + 6; }
        y += PIECE + 6;
      }
      return sv("g", { class: classes("node", n.tags), "data-key": "n:" + n.id, "data-node": n.id },
        sv("rect", { x: left, y: top, width: b.w, height: b.h, rx: 10 }), label, note, pieces);
    });
    requestAnimationFrame(checkSize);
    return sv("svg", { viewBox: "0 0 " + room.w + " " + room.h, class: "board-svg", id: "board-svg", role: "img", "aria-label": label || board.title || "" },
      sv("g", { class: "edges" }, edges), sv("g", { class: "nodes" }, places));
  }

  // labelSpot finds where a connection's label of width lw stands: along
  // the connection, where it covers no place and no other label (else at
  // the middle).
  function labelSpot(a, b, lw, boxes, labels) {
    const lh = NOTE * 1.3;
    const free = (x, y) => boxes.concat(labels).every(o => Math.abs(o.x - x) * 2 >= o.w + lw + 2 || Math.abs(o.y - y) * 2 >= o.h + lh + 2);
    for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
      for (const off of [0, -lh, lh]) {
        const x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t + off;
        if (free(x, y)) { labels.push({ x, y, w: lw, h: lh }); return [x, y]; }
      }
    }
    return [(a.x + b.x) / 2, (a.y + b.y) / 2];
  }

  // checkSize draws again when the drawing's box is not the size it was
  // laid out for (the first drawing guesses; the window may change).
  function checkSize() {
    const live = document.getElementById("board-svg");
    if (!live || !drawn || !Board.redraw) return;
    const r = live.getBoundingClientRect();
    if (r.width > 50 && r.height > 50 && (Math.abs(r.width - drawn.w) > 3 || Math.abs(r.height - drawn.h) > 3)) Board.redraw();
  }
  addEventListener("resize", () => requestAnimationFrame(checkSize));

  // piece draws one piece with its top left corner at x, y, by kind; a
  // face-down piece ("back") shows only its back.
  function piece(pc, x, y, names) {
    const who = pc.seat !== undefined && pc.seat !== null ? (names[pc.seat] || "") : "";
    const count = pc.count > 1 ? "×" + pc.count : "";
    const title = (pc.kind === "back" ? "" : (pc.label || "")) + (who ? " · " + who : "") + (count ? " " + count : "");
    const r = PIECE / 2, cx = x + r, cy = y + r;
    const shape = pc.kind === "enemy" ? sv("path", { d: `M${cx} ${y}L${x + PIECE} ${cy}L${cx} ${y + PIECE}L${x} ${cy}Z` })
      : pc.kind === "marker" || pc.kind === "back" ? sv("rect", { x, y, width: PIECE, height: PIECE, rx: 6 })
        : sv("circle", { cx, cy, r });
    return sv("g", { class: "piece piece-" + pc.kind + (who ? " seat-" + pc.seat : "") },
      sv("title", {}, title), shape,
      sv("text", { x: cx, y: cy + NOTE * 0.35, "font-size": NOTE }, shortText(pc, who)),
      count ? sv("text", { x: x + PIECE + 2, y: cy + NOTE * 0.35, class: "piece-count", "font-size": NOTE }, count) : null);
  }

  // counters and slots as big HTML boxes.
  function drawCounters(board) {
    const out = [];
    for (const c of board.counters || []) out.push(el("div", { class: "counter", "data-key": "c:" + c.label }, el("span", { class: "counter-value", text: c.value }), el("span", { class: "counter-label", text: c.label })));
    // A long value takes a whole row of the counters.
    for (const s of board.slots || []) out.push(el("div", { class: classes("slot", s.tags) + (String(s.value || "").length > 16 ? " long" : ""), "data-key": "s:" + s.label }, el("span", { class: "slot-label", text: s.label }), el("span", { class: "slot-value", text: s.value || "—" })));
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

  Board.drawBoard = drawBoard; Board.drawCounters = drawCounters; Board.Sound = Sound;
  window.TW_BOARD = Board;
})();
