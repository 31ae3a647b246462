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
  const LABEL = 25, NOTE = 24, PIECE = 40, PAD = 8, GAP = 10;
  // drawn is the box size the last drawing was laid out for; redraw (set by
  // the page) draws again when the box turns out to be another size.
  let drawn = null;
  // toggles counts the counters' moves under the drawing and back (a page
  // stops moving them after four, so that they never flicker).
  let toggles = 0;
  // laidOut is the last drawing's search result, with the key of what it
  // depended on (drawBoard).
  let laidOut = null;
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
  // A leading article ("The ship", "O navio") is skipped: "Sh", not "Th".
  // A seat's piece starts with the seat's initial (its colour alone would
  // carry whose it is), then the first letter of what it is ("Al": Ann's
  // lantern; "A?": a face-down piece of Ann's).
  function shortText(pc, who) {
    // A piece that says what it shows (a tentacle's letter, the ship's
    // arrow) shows that.
    if (pc.short && pc.kind !== "back") return pc.short;
    const what = (pc.label || "").replace(/^#\d+\s*/, "").replace(/^(the|a|an|o|os|as)\s+/i, "");
    // A piece that is the seat itself (labelled with its name) is the
    // name's first two letters.
    if (pc.seat !== undefined && pc.seat !== null && who && pc.label !== who) return initialOf(who, pc.seat) + (pc.kind === "back" ? "?" : what.slice(0, 1).toLowerCase());
    if (pc.seat !== undefined && pc.seat !== null && who && pc.kind !== "back") return initialOf(who, pc.seat) + who.slice(1, 2);
    const two = (what || who || "").slice(0, 2);
    return pc.kind === "back" ? "?" : two.charAt(0).toUpperCase() + two.slice(1);
  }
  function initialOf(who, seat) { return window.TW_GLANCE ? window.TW_GLANCE.initial(who, seat) : String(who).slice(0, 1).toUpperCase(); }

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
  // shorter way out, or the other way at the drawing's edge). The places
  // grow to their full size in steps, pushed apart at each, so that their
  // order on the drawing stays the layout's. It reports whether they all
  // stand apart in the end.
  function layout(boxes, size) {
    const xs = boxes.map(b => b.n.x), ys = boxes.map(b => b.n.y);
    const x0 = Math.min(...xs), xw = Math.max(...xs) - x0, y0 = Math.min(...ys), yh = Math.max(...ys) - y0;
    for (const b of boxes) {
      const u = xw ? (b.n.x - x0) / xw : 0.5, v = yh ? (b.n.y - y0) / yh : 0.5;
      b.x = b.w / 2 + u * Math.max(0, size.w - b.w);
      b.y = b.h / 2 + v * Math.max(0, size.h - b.h);
    }
    let clear = false;
    for (const grow of [0.4, 0.55, 0.7, 0.85, 1]) clear = relax(boxes, size, grow, grow === 1 ? 1500 : 300);
    return clear;
  }

  // rows lays the places out in the layout's rows (places whose y differ
  // by less than 0.06), each row left to right in the layout's order, the
  // rows one under the other: places kept near where the layout stretched
  // them, moved only as far as needed to stand apart. It reports whether
  // the rows fit the drawing.
  function rows(boxes, size) {
    const sorted = boxes.slice().sort((a, b) => a.n.y - b.n.y);
    const lines = [];
    for (const b of sorted) {
      const line = lines[lines.length - 1];
      if (line && b.n.y - line[0].n.y < 0.06) line.push(b);
      else lines.push([b]);
    }
    const heights = lines.map(l => Math.max(...l.map(b => b.h)));
    if (heights.reduce((a, h) => a + h + GAP, -GAP) > size.h) return false;
    // Each row: left to right, then back from the right edge.
    for (const line of lines) {
      line.sort((a, b) => a.n.x - b.n.x);
      if (line.reduce((a, b) => a + b.w + GAP, -GAP) > size.w) return false;
      let right = -GAP;
      for (const b of line) { b.x = Math.max(b.x, right + GAP + b.w / 2); right = b.x + b.w / 2; }
      let left = size.w + GAP;
      for (const b of line.slice().reverse()) { b.x = Math.min(b.x, left - GAP - b.w / 2); left = b.x - b.w / 2; }
    }
    // The rows: top to bottom, then back from the bottom edge.
    const mid = lines.map(l => l.reduce((a, b) => a + b.y, 0) / l.length);
    let bottom = -GAP;
    lines.forEach((l, i) => { mid[i] = Math.max(mid[i], bottom + GAP + heights[i] / 2); bottom = mid[i] + heights[i] / 2; });
    let top = size.h + GAP;
    for (let i = lines.length - 1; i >= 0; i--) { mid[i] = Math.min(mid[i], top - GAP - heights[i] / 2); top = mid[i] - heights[i] / 2; }
    lines.forEach((l, i) => { for (const b of l) b.y = mid[i]; });
    return true;
  }

  // hangers maps each place that hangs from another (a connection tagged
  // "on-tile": a Space Cadets square on its map tile) to that place's id.
  function hangers(edges) {
    const up = {};
    for (const e of edges || []) if ((e.tags || []).includes("on-tile")) up[e.to] = e.from;
    return up;
  }

  // hang lays out a board whose places hang from others: the places they
  // hang from (the map tiles) in a band along the top, in the layout's
  // rows; under it, room for the connections' labels; then the hanging
  // places of each tile in a part of the width as large as its share of
  // them, in the layout's order inside it (the map's rows and columns
  // pushed apart, or else in rows). It reports whether they all stand
  // apart inside the drawing.
  function hang(boxes, size, up, labelled) {
    const top = boxes.filter(b => !up[b.n.id]), kids = boxes.filter(b => up[b.n.id]);
    // The band: the top places' rows, one under the other.
    const lines = [];
    for (const b of top.slice().sort((a, c) => a.n.y - c.n.y)) {
      const line = lines[lines.length - 1];
      if (line && b.n.y - line[0].n.y < 0.06) line.push(b); else lines.push([b]);
    }
    const band = lines.reduce((a, l) => a + Math.max(...l.map(b => b.h)) + GAP, -GAP);
    const xs = top.map(b => b.n.x), x0 = Math.min(...xs), xw = Math.max(...xs) - x0;
    for (const b of top) b.x = b.w / 2 + (xw ? (b.n.x - x0) / xw : 0.5) * Math.max(0, size.w - b.w);
    let y = 0;
    for (const l of lines) { const h = Math.max(...l.map(b => b.h)); for (const b of l) b.y = y + h / 2; y += h + GAP; }
    if (!rows(top, { w: size.w, h: band })) return false;
    if (!kids.length) return true;
    // The hanging places: each tile's share of the width, in the tiles'
    // order, under the band and the labels' room.
    const y0 = band + (labelled ? NOTE * 1.3 + 2 * GAP : GAP), h = size.h - y0;
    if (h < Math.max(...kids.map(b => b.h))) return false;
    const owners = top.filter(b => kids.some(k => up[k.n.id] === b.n.id)).sort((a, b) => a.x - b.x);
    let x = 0, clear = true;
    for (const o of owners) {
      const mine = kids.filter(k => up[k.n.id] === o.n.id);
      const w = size.w * mine.length / kids.length - (o === owners[owners.length - 1] ? 0 : GAP);
      // First in a box no larger than the places' distinct columns and
      // rows need (with some air), under the tile; else in its whole part.
      const cols = new Set(mine.map(k => k.n.x)).size, lines = new Set(mine.map(k => k.n.y)).size;
      const near = { w: Math.min(w, 1.3 * cols * (Math.max(...mine.map(k => k.w)) + GAP)), h: Math.min(h, 1.3 * lines * (Math.max(...mine.map(k => k.h)) + GAP)) };
      let ok = false, left = x;
      for (const part of near.w < w || near.h < h ? [near, { w, h }] : [{ w, h }]) {
        left = Math.min(Math.max(x, o.x - part.w / 2), x + w - part.w);
        ok = layout(mine, part) || (layout(mine, part), rows(mine, part));
        if (ok) break;
      }
      if (!ok) clear = false;
      for (const k of mine) { k.x += left; k.y += y0; }
      x += w + GAP;
    }
    return clear;
  }

  // relax pushes apart the places (at grow times their size) for at most
  // rounds rounds; it reports whether none covers another.
  function relax(boxes, size, grow, rounds) {
    const clamp = (b) => {
      b.x = Math.min(Math.max(b.x, b.w * grow / 2), Math.max(b.w * grow / 2, size.w - b.w * grow / 2));
      b.y = Math.min(Math.max(b.y, b.h * grow / 2), Math.max(b.h * grow / 2, size.h - b.h * grow / 2));
    };
    boxes.forEach(clamp);
    // How far two places overlap along x and along y (no arrays: this
    // runs millions of times on a crowded board).
    const overX = (a, b) => (a.w + b.w) * grow / 2 + GAP - Math.abs(b.x - a.x);
    const overY = (a, b) => (a.h + b.h) * grow / 2 + GAP - Math.abs(b.y - a.y);
    let moved = true;
    for (let round = 0; round < rounds && moved; round++) {
      moved = false;
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const ox = overX(a, b);
        if (ox <= 0) continue;
        const oy = overY(a, b);
        if (oy <= 0) continue;
        const dx = b.x - a.x, dy = b.y - a.y;
        moved = true;
        const ax = a.x, bx = b.x, ay = a.y, by = b.y;
        const push = (alongX) => {
          if (alongX) { const s = (dx > 0 || (dx === 0 && i < j) ? 1 : -1) * (ox / 2 + 0.5); a.x -= s; b.x += s; }
          else { const s = (dy > 0 || (dy === 0 && i < j) ? 1 : -1) * (oy / 2 + 0.5); a.y -= s; b.y += s; }
          clamp(a); clamp(b);
        };
        push(ox < oy);
        if (overX(a, b) > 1 && overY(a, b) > 1) {
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
    // A place is at most as wide as the drawing shared by the most places
    // of the layout on one row, and never narrower than a readable name.
    // Places that hang from another (map squares on their tile) are laid
    // out under it and do not count in the rows.
    const up = hangers(board.edges);
    if (!Object.keys(up).length && nodes.some(n => n.rows > 0 && n.cols > 0)) return drawGrid(board, names, label, size);
    const free = nodes.filter(n => !up[n.id]);
    const cols = Math.max(1, ...free.map(n => free.filter(o => Math.abs(o.y - n.y) < 0.08).length));
    const maxW = Math.max(130, Math.min(340, size.w / cols - GAP));
    // When the places cannot all stand apart at full size, wider places
    // (fewer wrapped lines, so lower) are tried first; then they are laid
    // out on a larger drawing that the screen shows smaller (the test of
    // the board page reports that: the game's layout needs room).
    let room = size, spots = [], boxes = [], at = {}, links = [], chosen = 1;
    let tries = [];
    // The search below is the page's heaviest work. Its result depends
    // only on the drawing's size, the places' layout spots, the sizes of
    // their boxes at each width it tries, and the connections: a view that
    // changes none of these (most moves: a piece that comes or goes seldom
    // changes a box's size) reuses the last one's positions.
    const key = JSON.stringify([size, maxW, nodes.map(n => [n.id, n.x, n.y, ...[1, 1.4, 1.8].map(wide => { const b = placeBox(n, maxW * wide); return [b.w, b.h]; })]), (board.edges || []).map(e => [e.from, e.to, e.label])]);
    if (laidOut && laidOut.key === key) {
      ({ room, spots, tries, chosen } = laidOut);
      boxes = nodes.map(n => placeBox(n, maxW * chosen));
      boxes.forEach((b, i) => { b.x = laidOut.at[i][0]; b.y = laidOut.at[i][1]; });
      at = {};
      for (const b of boxes) at[b.n.id] = b;
      links = (board.edges || []).filter(e => at[e.from] && at[e.to]);
    } else {
      search:
      for (let f = 1; f < 3; f *= 1.12) {
        room = { w: Math.round(size.w * f), h: Math.round(size.h * f) };
        for (const wide of [1, 1.4, 1.8]) {
          if (wide > 1 && maxW * wide > room.w / 2) break;
          chosen = wide;
          boxes = nodes.map(n => placeBox(n, maxW * wide));
          at = {};
          for (const b of boxes) at[b.n.id] = b;
          links = (board.edges || []).filter(e => at[e.from] && at[e.to]);
          // Pushed apart, or else in rows.
          const hung = boxes.some(b => up[b.n.id]);
          if (hung ? !hang(boxes, room, up, links.some(e => e.label)) : !layout(boxes, room) && !(layout(boxes, room), rows(boxes, room))) { tries.push("places×" + wide); continue; }
          // Every connection's label must find a free spot too.
          const labels = [];
          spots = links.map(e => e.label ? labelSpot(at[e.from], at[e.to], measure(e.label, NOTE, 400) + 12, boxes, labels, room) : [0, 0]);
          if (spots.every(p => p)) break search;
          tries.push("labels×" + wide + " (" + links.filter((e, i) => !spots[i]).map(e => e.label).join(", ") + ")");
        }
      }
      laidOut = { key, room, spots, tries, chosen, at: boxes.map(b => [b.x, b.y]) };
    }
    const edges = links.map((e, i) => {
      const a = at[e.from], b = at[e.to];
      const lw = e.label ? measure(e.label, NOTE, 400) + 12 : 0;
      const [mx, my] = spots[i] || [(a.x + b.x) / 2, (a.y + b.y) / 2];
      return sv("g", { class: classes("edge", e.tags), "data-key": "e:" + e.from + ">" + e.to },
        sv("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
        e.label ? sv("rect", { class: "edge-label-back", x: mx - lw / 2, y: my - NOTE * 0.65, width: lw, height: NOTE * 1.3, rx: 6 }) : null,
        e.label ? sv("text", { x: mx, y: my + NOTE * 0.35, class: "edge-label", "font-size": NOTE }, e.label) : null);
    });
    const places = boxes.map(b => drawPlace(b, names));
    soonCheckSize();
    return sv("svg", { viewBox: "0 0 " + room.w + " " + room.h, class: "board-svg", id: "board-svg", "data-tries": tries.join(" ") + " in " + size.w + "x" + size.h, role: "img", "aria-label": label || board.title || "" },
      sv("g", { class: "edges" }, edges), sv("g", { class: "nodes" }, places));
  }

  // A map drawn as a grid (assumed layout values, in CSS pixels): cells
  // at least GRID_MIN high hold pieces of at most the cell's height less
  // 2 * CELL_PAD; tiles stand TILE_GAP apart; a tile's name takes a band
  // above its cells when the cells stay at least GRID_MIN high with it.
  const GRID_MIN = 34, CELL_PAD = 2, TILE_GAP = 6;

  // drawGrid draws a board whose map tiles give their rows and columns
  // (kit.BoardNode Rows, Cols): the tiles side by side as one grid, with
  // the row numbers on the left and the column numbers on top, each tile's
  // name in a band above its cells, and every square the board lists as
  // the cell at its row and column, showing only its mark and its pieces
  // (its name and note are in the cell's title). Other places (off the
  // map) stand in a column on the right. Connections between squares are
  // lines between their cells' centres.
  function drawGrid(board, names, label, size) {
    const nodes = board.nodes || [];
    const tiles = nodes.filter(n => n.rows > 0 && n.cols > 0);
    const squares = nodes.filter(n => n.row > 0 && n.col > 0 && !(n.rows > 0));
    const others = nodes.filter(n => !tiles.includes(n) && !squares.includes(n));
    const r0 = Math.min(...tiles.map(t => t.row)), r1 = Math.max(...tiles.map(t => t.row + t.rows - 1));
    const c0 = Math.min(...tiles.map(t => t.col)), c1 = Math.max(...tiles.map(t => t.col + t.cols - 1));
    const tileRows = [...new Set(tiles.map(t => t.row))].sort((a, b) => a - b);
    const tileCols = [...new Set(tiles.map(t => t.col))].sort((a, b) => a - b);
    // The places off the map stand in a column on the right, or in a row
    // under the map, whichever leaves the larger cells.
    const side = others.map(n => placeBox(n, Math.min(220, Math.round(size.w * 0.3))));
    const sideW = side.length ? Math.max(...side.map(b => b.w)) : 0, sideH = side.length ? Math.max(...side.map(b => b.h)) : 0;
    const headW = Math.ceil(measure(String(r1), NOTE, 700)) + 12, headH = Math.ceil(NOTE * 1.3);
    const band = Math.ceil(LABEL * 1.3);
    const nr = r1 - r0 + 1, nc = c1 - c0 + 1;
    // cells sizes the cells for a grid area of w × h, with or without the
    // tiles' name bands: no wider than 2.5 times their height, nor higher
    // than 1.5 times their width.
    const cells = (w, h, bands) => {
      let ch = (h - headH - bands * band * tileRows.length - TILE_GAP * (tileRows.length - 1)) / nr;
      let cw = (w - headW - TILE_GAP * (tileCols.length - 1)) / nc;
      cw = Math.min(cw, 2.5 * ch);
      ch = Math.min(ch, 1.5 * cw);
      return { cw, ch, bands };
    };
    const fit = (w, h) => { const with1 = cells(w, h, 1); return with1.ch >= GRID_MIN && with1.cw >= GRID_MIN ? with1 : cells(w, h, 0); };
    const right = side.length ? fit(size.w - sideW - GAP, size.h) : fit(size.w, size.h);
    const under = side.length ? fit(size.w, size.h - sideH - GAP) : right;
    const below = Math.min(under.cw, under.ch) > Math.min(right.cw, right.ch);
    let { cw, ch, bands } = below ? under : right;
    const room = { w: size.w, h: size.h };
    if (ch < GRID_MIN || cw < GRID_MIN) {
      // The map needs a larger drawing than the box: the screen shows it
      // smaller (the board page's test reports that).
      const f = GRID_MIN / Math.min(ch, cw);
      cw *= f; ch *= f;
      room.w = Math.ceil(size.w * f); room.h = Math.ceil(size.h * f);
    }
    // Where a row's and a column's cells start.
    const colX = (c) => headW + (c - c0) * cw + TILE_GAP * (tileCols.filter(x => x <= c).length - 1);
    const rowY = (r) => headH + (r - r0) * ch + (TILE_GAP + bands * band) * tileRows.filter(x => x <= r).length - TILE_GAP;
    const tileOf = (n) => tiles.find(t => n.row >= t.row && n.row < t.row + t.rows && n.col >= t.col && n.col < t.col + t.cols);
    const heads = [];
    for (let c = c0; c <= c1; c++) heads.push(sv("text", { class: "grid-head", x: colX(c) + cw / 2, y: headH - NOTE * 0.35, "font-size": NOTE }, String(c)));
    for (let r = r0; r <= r1; r++) heads.push(sv("text", { class: "grid-head", x: headW / 2, y: rowY(r) + ch / 2 + NOTE * 0.35, "font-size": NOTE }, String(r)));
    const grid = [], tileGs = [];
    for (const t of tiles) {
      for (let r = t.row; r < t.row + t.rows; r++) for (let c = t.col; c < t.col + t.cols; c++) {
        grid.push(sv("rect", { class: "grid-cell", x: colX(c), y: rowY(r), width: cw, height: ch }));
      }
      const x = colX(t.col), y = rowY(t.row) - bands * band, w = t.cols * cw, h = t.rows * ch + bands * band;
      tileGs.push(sv("g", { class: classes("node", t.tags) + " grid-tile", "data-key": "n:" + t.id, "data-node": t.id, "data-grid": "tile" },
        sv("title", {}, [t.label, t.note].filter(Boolean).join(" · ")),
        sv("rect", { x, y, width: w, height: h, rx: 4 }),
        bands ? sv("text", { class: "node-label", x: x + w / 2, y: y + band - LABEL * 0.35, "font-size": LABEL }, fitText(t.label, LABEL, 700, w - 2 * PAD)) : null));
    }
    const centre = {};
    const squareGs = squares.map(n => {
      const t = tileOf(n);
      const x = colX(n.col), y = rowY(n.row);
      centre[n.id] = [x + cw / 2, y + ch / 2];
      return drawCell(n, t, x, y, cw, ch, names);
    });
    const lines = (board.edges || []).filter(e => centre[e.from] && centre[e.to]).map(e =>
      sv("g", { class: classes("edge", e.tags) + " grid-edge", "data-key": "e:" + e.from + ">" + e.to },
        sv("line", { x1: centre[e.from][0], y1: centre[e.from][1], x2: centre[e.to][0], y2: centre[e.to][1] })));
    // The places off the map: one under the other on the right, or side
    // by side under the map.
    let at = 0;
    for (const b of side) {
      if (below) { b.x = at + b.w / 2; b.y = room.h - sideH / 2; at += b.w + GAP; }
      else { b.x = room.w - sideW / 2; b.y = at + b.h / 2; at += b.h + GAP; }
    }
    drawn = size;
    soonCheckSize();
    return sv("svg", { viewBox: "0 0 " + room.w + " " + room.h, class: "board-svg board-grid-map", id: "board-svg", "data-tries": (room.h > size.h ? "grid of " + Math.round(cw) + "x" + Math.round(ch) + " px cells" : "") + " in " + size.w + "x" + size.h, role: "img", "aria-label": label || board.title || "" },
      sv("g", { class: "nodes grid-tiles" }, tileGs), sv("g", { class: "grid-cells" }, grid), sv("g", { class: "grid-heads" }, heads),
      sv("g", { class: "edges" }, lines), sv("g", { class: "nodes" }, squareGs, side.map(b => drawPlace(b, names))));
  }

  // fitText shortens a text with "…" until it is no wider than max.
  function fitText(text, size, weight, max) {
    let t = String(text || "");
    while (t.length > 1 && measure(t, size, weight) > max) t = t.slice(0, -2) + "…";
    return t;
  }

  // drawCell draws one square of a grid in its cell: its mark on the left,
  // then its pieces in a row with their short names (two letters, or one
  // when two do not fit); when they do not all fit, as small shapes of
  // their kind without names (the cell's title names them); when even
  // those do not fit, as many as fit and "+n".
  function drawCell(n, tile, x, y, cw, ch, names) {
    const mark = n.mark ? String(n.mark) : "";
    const markW = mark ? measure(mark, NOTE, 700) + 6 : 0;
    const pieces = groupPieces(n.pieces);
    const room = cw - 2 * CELL_PAD - markW;
    const who = (pc) => pc.seat !== undefined && pc.seat !== null ? (names[pc.seat] || "") : "";
    const more = (k) => k < pieces.length ? "+" + (pieces.length - k) : "";
    // plan lists the widths of the pieces at a size, with names of so many
    // letters (0: none).
    const plan = (side, letters) => pieces.map(pc => (letters ? Math.max(side, measure(shortText(pc, who(pc)).slice(0, letters), NOTE, 800) + 2) : side) + (pc.count > 1 ? measure("×" + pc.count, NOTE, 700) + 4 : 0));
    const width = (ws, k) => ws.slice(0, k).reduce((a, w) => a + w + 4, 0) + (k < pieces.length ? measure(more(k), NOTE, 700) : -4);
    let side = Math.min(PIECE, ch - 2 * CELL_PAD - 4, room), letters = 2, ws = plan(side, 2), shown = pieces.length;
    // Smaller pieces (down to 28 px, about their names' width) first,
    // then names of one letter.
    while (width(ws, shown) > room && side > 28) ws = plan(side = Math.max(28, side - 2), 2);
    if (width(ws, shown) > room) ws = plan(side, letters = 1);
    if (width(ws, shown) > room) {
      side = Math.max(14, Math.min(side, 28, Math.floor((room - 4 * (pieces.length - 1)) / pieces.length))); letters = 0; ws = plan(side, 0);
      while (shown > 0 && width(ws, shown) > room) shown--;
    }
    const rest = more(shown);
    let px = x + cw / 2 - (markW + Math.max(0, width(ws, shown))) / 2;
    const cy = y + ch / 2;
    const out = [];
    if (mark) { out.push(sv("text", { class: "cell-mark", x: px + (markW - 6) / 2, y: cy + NOTE * 0.35, "font-size": NOTE }, mark)); px += markW; }
    for (let i = 0; i < shown; i++) {
      const g = piece(pieces[i], px + (ws[i] - side - (pieces[i].count > 1 ? measure("×" + pieces[i].count, NOTE, 700) + 4 : 0)) / 2, cy - side / 2, names, side);
      for (const t of g.querySelectorAll(":scope > text:not(.piece-count)")) {
        if (letters) t.textContent = t.textContent.slice(0, letters); else t.remove();
      }
      out.push(g);
      px += ws[i] + 4;
    }
    if (rest) out.push(sv("text", { class: "cell-more", x: px + measure(rest, NOTE, 700) / 2, y: cy + NOTE * 0.35, "font-size": NOTE }, rest));
    const title = [n.label, n.note].concat(pieces.map(pc => (pc.kind === "back" ? "Face down" : pc.label) + (pc.count > 1 ? " ×" + pc.count : ""))).filter(Boolean).join(" · ");
    return sv("g", { class: classes("node", n.tags) + " grid-square", "data-key": "n:" + n.id, "data-node": n.id, "data-grid": "square", "data-in": tile ? tile.id : "" },
      sv("title", {}, title),
      sv("rect", { x: x + 2, y: y + 2, width: cw - 4, height: ch - 4, rx: 4 }), out);
  }

  // drawPlace draws one laid-out place: its box, label, note and pieces.
  function drawPlace(b, names) {
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
  }

  // labelSpot finds where a connection's label of width lw stands: along
  // the connection or beside it, where it covers no place and no other
  // label, inside the drawing; null when there is no such spot.
  function labelSpot(a, b, lw, boxes, labels, room) {
    const lh = NOTE * 1.3;
    const inside = (x, y) => x - lw / 2 >= 0 && x + lw / 2 <= room.w && y - lh / 2 >= 0 && y + lh / 2 <= room.h;
    const free = (x, y) => inside(x, y) && boxes.concat(labels).every(o => Math.abs(o.x - x) * 2 >= o.w + lw + 2 || Math.abs(o.y - y) * 2 >= o.h + lh + 2);
    // Along the connection first, then beside it, then a little further.
    const offsets = [[0, 0], [0, -1], [0, 1], [-0.5, 0], [0.5, 0], [0, -2], [0, 2], [-1, 0], [1, 0], [-0.5, -1], [0.5, 1], [0.5, -1], [-0.5, 1],
      [-1, -1], [1, 1], [1, -1], [-1, 1], [0, -3], [0, 3], [-1.5, 0], [1.5, 0]];
    for (const [dx, dy] of offsets) for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9]) {
      const x = a.x + (b.x - a.x) * t + dx * lw, y = a.y + (b.y - a.y) * t + dy * lh;
      if (free(x, y)) { labels.push({ x, y, w: lw, h: lh }); return [x, y]; }
    }
    // Else the free spot nearest to the connection, on an 8 px grid, no
    // further from it than half the label's width and two lines.
    const near = (x, y) => {
      const dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
      const t = l2 ? Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / l2)) : 0;
      return Math.hypot(x - a.x - t * dx, y - a.y - t * dy);
    };
    const far = lw / 2 + 2 * lh, spots = [];
    for (let x = Math.min(a.x, b.x) - far; x <= Math.max(a.x, b.x) + far; x += 8) {
      for (let y = Math.min(a.y, b.y) - far; y <= Math.max(a.y, b.y) + far; y += 8) {
        const d = near(x, y);
        if (d <= far) spots.push([d, x, y]);
      }
    }
    spots.sort((p, q) => p[0] - q[0]);
    for (const [, x, y] of spots) if (free(x, y)) { labels.push({ x, y, w: lw, h: lh }); return [x, y]; }
    return null;
  }

  // sideFull reports whether the result or a seat beside the board is cut
  // by the bottom of its column.
  function sideFull(side) {
    const bottom = side.getBoundingClientRect().bottom;
    return Array.from(side.querySelectorAll("#outcome, #seats > li")).some(e => e.getBoundingClientRect().bottom > bottom + 1);
  }

  // checkSize draws again when the drawing's box is not the size it was
  // laid out for (the first drawing guesses; the window may change).
  function checkSize() {
    const live = document.getElementById("board-svg");
    if (!live || !drawn || !Board.redraw) return;
    // The counters stand beside the tracks, under the seats; when the seats
    // leave them no room, they move under the drawing (for this page).
    const grid = live.closest(".board-grid"), counters = grid && grid.querySelector(".counters"), side = grid && grid.querySelector(".board-side");
    const below = document.body.classList.contains("counters-below");
    if (counters && side && !below && toggles < 4 && (counters.getBoundingClientRect().bottom > innerHeight + 1 || sideFull(side))) {
      document.body.classList.add("counters-below");
      toggles++;
      Board.redraw();
      return;
    }
    // They come back beside the tracks when the seats leave room again (in
    // three columns there, they take about twice the height they take
    // under the drawing in six).
    if (counters && side && below && toggles < 4) {
      const used = Array.from(side.querySelectorAll(":scope > #outcome, :scope > section.outcome, :scope > #seats")).reduce((a, e) => a + e.getBoundingClientRect().height + 12, 0);
      if (side.getBoundingClientRect().height - used > 2.2 * counters.getBoundingClientRect().height + 24) {
        document.body.classList.remove("counters-below");
        toggles++;
        Board.redraw();
        return;
      }
    }
    // The log takes what the side leaves; a sliver of it (under two
    // lines) is hidden rather than shown as an empty box.
    const log = side && side.querySelector(".log-wrap");
    if (log) log.style.visibility = log.getBoundingClientRect().height < 56 ? "hidden" : "";
    const r = live.getBoundingClientRect();
    if (r.width > 50 && r.height > 50 && (Math.abs(r.width - drawn.w) > 3 || Math.abs(r.height - drawn.h) > 3)) Board.redraw();
  }
  addEventListener("resize", soonCheckSize);

  // soonCheckSize runs checkSize at the next frame; checks counts those
  // still to run.
  let checks = 0;
  function soonCheckSize() {
    checks++;
    requestAnimationFrame(() => { checks--; checkSize(); });
  }

  // settled reports whether the drawing is laid out for the box it is
  // shown in, with no check of its size still to run (the page tests
  // wait for it before they measure the drawing).
  Board.settled = () => {
    if (checks > 0) return false;
    const live = document.getElementById("board-svg");
    if (!live || !drawn) return true;
    const r = live.getBoundingClientRect();
    return !(r.width > 50 && r.height > 50 && (Math.abs(r.width - drawn.w) > 3 || Math.abs(r.height - drawn.h) > 3));
  };

  // piece draws one piece with its top left corner at x, y, by kind; a
  // face-down piece ("back") shows only its back.
  function piece(pc, x, y, names, size) {
    const side = size || PIECE;
    const who = pc.seat !== undefined && pc.seat !== null ? (names[pc.seat] || "") : "";
    const count = pc.count > 1 ? "×" + pc.count : "";
    const title = (pc.kind === "back" ? "" : (pc.label || "")) + (who ? " · " + who : "") + (count ? " " + count : "");
    const r = side / 2, cx = x + r, cy = y + r;
    const shape = pc.kind === "enemy" ? sv("path", { d: `M${cx} ${y}L${x + side} ${cy}L${cx} ${y + side}L${x} ${cy}Z` })
      : pc.kind === "marker" || pc.kind === "back" ? sv("rect", { x, y, width: side, height: side, rx: 6 })
        : sv("circle", { cx, cy, r });
    // A seat's piece is drawn in the seat's colour (glance.js).
    if (who && window.TW_GLANCE) shape.setAttribute("style", "fill:" + window.TW_GLANCE.seatColour(pc.seat));
    const tags = (pc.tags || []).map(tg => " piece-" + String(tg).replace(/[^a-z0-9_-]/gi, "")).join("");
    return sv("g", { class: "piece piece-" + pc.kind + tags + (who ? " seat-" + pc.seat : ""), "data-seat": who ? String(pc.seat) : null },
      sv("title", {}, title), shape,
      sv("text", { x: cx, y: cy + NOTE * 0.35, "font-size": NOTE }, shortText(pc, who)),
      count ? sv("text", { x: x + side + 2, y: cy + NOTE * 0.35, class: "piece-count", "font-size": NOTE }, count) : null);
  }

  // long reports whether a counter's value needs a whole row of the
  // counters: more than 16 characters, a word longer than 8 (a word is
  // never broken inside: "Shapeshifter"), or a name with a note in brackets
  // ("Ratman (remove)").
  function long(value) {
    const s = String(value || "");
    return s.length > 16 || s.split(/\s+/).some(w => w.length > 8) || (s.length > 12 && s.includes("("));
  }

  // counters and slots as big HTML boxes.
  function drawCounters(board) {
    const out = [];
    for (const c of board.counters || []) {
      const n = String(c.value || "").length;
      out.push(el("div", { class: "counter" + (long(c.value) ? " long" : ""), "data-key": "c:" + c.label }, el("span", { class: "counter-value" + (n > 24 ? " prose" : ""), text: c.value }), el("span", { class: "counter-label", text: c.label })));
    }
    // A long value takes a whole row of the counters; a value that is a
    // sentence rather than a name or a count ("Captured: face down with
    // the Alien player") is set smaller, on at most two lines.
    for (const s of board.slots || []) {
      const n = String(s.value || "").length;
      // A short phrase in a one-column box ("1 damage card") is set as
      // prose too: at full size it would stand on three lines and take the
      // drawing's room.
      const phrase = !long(s.value) && n > 12 && /\s/.test(String(s.value));
      out.push(el("div", { class: classes("slot", s.tags) + (long(s.value) ? " long" : ""), "data-key": "s:" + s.label },
        el("span", { class: "slot-label", text: s.label }), el("span", { class: "slot-value" + (n > 24 || phrase ? " prose" : ""), text: s.value || "—", title: s.value || "" })));
    }
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

  // legend lists what the drawing's two-letter pieces stand for ("Be:
  // Beak", "Te: Tentacle"), each once, in the order they first appear;
  // face-down pieces ("?") and pieces whose name is their short form are
  // left out. A piece's seat name, when it has one, is what it stands for.
  // A name's part in brackets ("explorer (strength 1)", "Tentacle C
  // (Subdued)") is left out, and the pieces of one short form with
  // different names are named by the words their names share ("Tentacle"),
  // or by all of them when they share none.
  function legend(board, names) {
    const byShort = new Map(), owner = new Map();
    for (const n of board.nodes || []) {
      for (const pc of n.pieces || []) {
        if (pc.kind === "back") continue;
        const who = pc.seat !== undefined && pc.seat !== null ? (names[pc.seat] || "") : "";
        const full = (pc.label || who).replace(/\s*\(.*\)\s*$/, "").replace(/^#\d+\s*/, "");
        const short = shortText(pc, who);
        if (!full || full === short) continue;
        if (!byShort.has(short)) byShort.set(short, []);
        if (!byShort.get(short).includes(full)) byShort.get(short).push(full);
        // A seat's piece names its seat too ("crew token (Bob)").
        if (pc.label && who && pc.label !== who) owner.set(short, owner.has(short) && owner.get(short) !== who ? "" : who);
      }
    }
    return Array.from(byShort, ([short, fulls]) => {
      const words = fulls.map(f => f.split(/\s+/));
      let k = 0;
      while (words.every(w => k < w.length && w[k] === words[0][k])) k++;
      const full = k > 0 ? words[0].slice(0, k).join(" ") : fulls.join(" / ");
      return { short, full: owner.get(short) ? full + " (" + owner.get(short) + ")" : full };
    });
  }

  Board.drawBoard = drawBoard; Board.drawCounters = drawCounters; Board.legend = legend; Board.Sound = Sound;
  window.TW_BOARD = Board;
})();
