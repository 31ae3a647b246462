// tablewarden pages: building and updating the DOM in place.
//
// Pages build a fresh tree for every view with el() and sv(), then morph()
// patches the live page to match it: nodes of the same tag (and data-key)
// are kept, so focus, an open <details>, a half-filled form, a chosen
// option and the scroll position survive another player's move. Event
// handlers are not attached to nodes but stored on them (node._on) and
// called by one listener per event type on the document, so a kept node
// runs the newest handler.
"use strict";
(function () {
  // Test mode (set by the browser tests): pages record the catalog keys
  // they could not translate, unfilled placeholders, sounds and vibrations.
  try {
    if (localStorage.getItem("tw:test") === "1") window.TW_TEST = { missing: [], unfilled: [], sounds: [], vibrations: [] };
  } catch (e) { /* no storage: no test mode */ }
  const SVG = "http://www.w3.org/2000/svg";

  function setAttrs(e, attrs) {
    for (const k in (attrs || {})) {
      const v = attrs[k];
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.setAttribute("class", v);
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) { e._on = e._on || {}; e._on[k.slice(2)] = v; }
      else e.setAttribute(k, v === true ? "" : v);
    }
  }
  function append(e, kids) {
    for (const kid of kids.flat(Infinity)) if (kid !== null && kid !== undefined && kid !== false) e.append(kid.nodeType ? kid : document.createTextNode(String(kid)));
  }
  // el builds an HTML element: attributes ("class", "text", "onclick"…)
  // and children (nodes, strings, arrays; null is skipped).
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    setAttrs(e, attrs);
    append(e, kids);
    return e;
  }
  // sv builds an SVG element.
  function sv(tag, attrs, ...kids) {
    const e = document.createElementNS(SVG, tag);
    setAttrs(e, attrs);
    append(e, kids);
    return e;
  }

  function key(n) { return n.nodeType === 1 ? n.getAttribute("data-key") : null; }
  function same(a, b) { return a.nodeType === b.nodeType && a.nodeName === b.nodeName && key(a) === key(b); }

  // morph makes the live node a look like b (same tag and key).
  function morph(a, b) {
    if (a.nodeType !== 1) { if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue; return; }
    const keepOpen = a.nodeName === "DETAILS";
    for (const at of Array.from(a.attributes)) {
      if (keepOpen && at.name === "open") continue;
      if (!b.hasAttribute(at.name)) a.removeAttribute(at.name);
    }
    for (const at of Array.from(b.attributes)) {
      if (keepOpen && at.name === "open") continue;
      if (a.getAttribute(at.name) !== at.value) a.setAttribute(at.name, at.value);
    }
    // A control's disabled state is a property too.
    if ("disabled" in a && a.disabled !== b.hasAttribute("disabled")) a.disabled = b.hasAttribute("disabled");
    a._on = b._on;
    morphChildren(a, b);
  }

  // morphChildren makes a's children look like b's, keeping matching nodes:
  // first it pairs each new child with an old one (by key, else the next
  // unkeyed old child of the same tag), then removes the old children left
  // over, then puts the kept and new children in order, moving a kept node
  // only when it is out of place (moving a node blurs what it holds).
  function morphChildren(a, b) {
    const olds = Array.from(a.childNodes);
    const keyed = new Map();
    for (const o of olds) { const k = key(o); if (k) keyed.set(k, o); }
    const used = new Set();
    let oi = 0;
    const pairs = Array.from(b.childNodes).map(n => {
      const k = key(n);
      let match = null;
      if (k) {
        const c = keyed.get(k);
        if (c && !used.has(c) && same(c, n)) match = c;
      } else {
        while (oi < olds.length && (used.has(olds[oi]) || key(olds[oi]))) oi++;
        const c = olds[oi];
        if (c && same(c, n)) { match = c; oi++; }
      }
      if (match) used.add(match);
      return [n, match];
    });
    for (const o of olds) if (!used.has(o)) a.removeChild(o);
    let ref = a.firstChild;
    for (const [n, match] of pairs) {
      const node = match || n;
      if (node === ref) ref = ref.nextSibling;
      else a.insertBefore(node, ref);
      if (match) morph(match, n);
    }
  }

  // One listener per event type runs the handlers stored on the target
  // and its ancestors (innermost first).
  for (const type of ["click", "submit", "change", "input", "pointerdown", "pointerup", "pointercancel", "pointerleave", "keydown", "keyup", "contextmenu"]) {
    document.addEventListener(type, (ev) => {
      for (let n = ev.target; n && n !== document; n = n.parentNode) {
        if (n._on && n._on[type]) { n._on[type](ev); if (ev.cancelBubble) break; }
      }
    }, type === "pointerleave");
  }

  window.TW_DOM = { el, sv, morph, morphChildren };
})();
