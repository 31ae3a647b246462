// tablewarden pages: one press-and-hold for every secret on a phone.
//
// A seat's secrets (its private view, its private log lines, the pick made
// in a picker of face-down things) show only while the player holds a
// secret's button or the secret itself; a picker's choices show after a
// tap on its button, until a choice is made (one hand is enough). While nothing is held, a secret is not in the page at
// all: a secret span shows "(private)" and keeps its text here, so that a
// glance at the phone (or its page text) tells nothing. Every hold target
// and every secret follow the same one state.
"use strict";
(function () {
  const { el } = window.TW_DOM;
  const texts = new Map();   // data-secret key → the text shown while held
  let held = false;
  let holder = null;         // the pointer that holds (another may tap a choice)
  const listeners = [];

  function word(key) {
    const lang = document.documentElement.lang || "en";
    const m = window.TW_MESSAGES || {};
    return (m[lang] && m[lang][key]) || (m.en && m.en[key]) || key;
  }

  // set shows (on) or hides every secret of the page.
  function set(on) {
    if (held === on) return;
    held = on;
    paint();
    for (const f of listeners) f(on);
  }
  function paint() {
    for (const s of document.querySelectorAll("[data-secret]")) {
      const text = held ? (texts.get(s.dataset.secret) || "") : word("private_line");
      if (s.textContent !== text) s.textContent = text;
      s.classList.toggle("held", held);
    }
    for (const p of document.querySelectorAll("[data-secret-box]")) p.hidden = !held;
    for (const b of document.querySelectorAll("[data-hold]")) b.setAttribute("aria-pressed", held ? "true" : "false");
  }

  // holdAttrs are the attributes that make an element a hold target:
  // pressed (pointer, or Space/Enter held) it shows the secrets, released
  // (or left, or cancelled) it hides them.
  function holdAttrs() {
    const hold = (on) => (ev) => {
      if (on && ev.type === "pointerdown") { ev.preventDefault(); holder = ev.pointerId; }
      if (!on && ev.pointerId !== undefined && holder !== null && ev.pointerId !== holder) return;
      if ((ev.type === "keydown" || ev.type === "keyup") && ev.key !== " " && ev.key !== "Enter") return;
      if (ev.type === "keydown") ev.preventDefault();
      if (!on) holder = null;
      set(on);
    };
    return { "data-hold": "1", "aria-pressed": held ? "true" : "false", tabindex: "0",
      onpointerdown: hold(true), onpointerup: hold(false), onpointercancel: hold(false), onpointerleave: hold(false),
      onkeydown: hold(true), onkeyup: hold(false), oncontextmenu: (ev) => ev.preventDefault() };
  }

  // A secret picker opens with one tap and one hand: a tap on its button
  // reveals its choices (what is left to place) until a choice is made,
  // the button is tapped again, the page is hidden, or REVEAL_MS pass.
  // Only one picker is revealed at a time; holding the secrets does not
  // reveal a picker's choices.
  const REVEAL_MS = 8000;
  let revealed = null;       // the key of the revealed picker
  let revealTimer = null;
  function reveal(key) {
    revealed = key;
    clearTimeout(revealTimer);
    revealTimer = setTimeout(conceal, REVEAL_MS);
    paintRevealed();
  }
  function conceal() {
    clearTimeout(revealTimer);
    revealTimer = null;
    if (revealed === null) return;
    revealed = null;
    paintRevealed();
  }
  function paintRevealed() {
    for (const b of document.querySelectorAll("[data-reveal-box]")) b.hidden = b.dataset.revealBox !== revealed;
    for (const b of document.querySelectorAll("[data-reveal]")) {
      const on = b.dataset.reveal === revealed;
      b.setAttribute("aria-expanded", on ? "true" : "false");
      const text = word(on ? "hide_choices" : "show_choices");
      if (b.textContent !== text) b.textContent = text;
    }
  }
  // revealAttrs make a button the one-tap switch of picker key's choices.
  function revealAttrs(key) {
    return { "data-reveal": key, "aria-expanded": revealed === key ? "true" : "false",
      onclick: (ev) => { ev.preventDefault(); if (revealed === key) conceal(); else reveal(key); } };
  }
  // setSecret changes the text a secret shows while held (a pick just
  // made), and repaints.
  function setSecret(key, text) { texts.set(key, text); paint(); }

  // secret is a span that shows text only while the secrets are held; key
  // names it among the page's secrets (the same key keeps its node).
  function secret(key, text, attrs) {
    texts.set(key, text);
    return el("span", Object.assign({ class: "secret" + (held ? " held" : ""), "data-secret": key, "data-key": "secret:" + key }, attrs || {}), held ? text : word("private_line"));
  }

  // forget drops the texts of secrets no longer on the page.
  function forget() {
    const live = new Set(Array.from(document.querySelectorAll("[data-secret]"), s => s.dataset.secret));
    for (const k of Array.from(texts.keys())) if (!live.has(k)) texts.delete(k);
  }

  window.TW_PRIVACY = { set, held: () => held, holdAttrs, secret, setSecret, paint, forget, onChange: (f) => listeners.push(f),
    reveal, conceal, revealed: () => revealed, revealAttrs, choicesWord: () => word(revealed === null ? "show_choices" : "hide_choices") };
  // The holding finger lifted anywhere (outside the target it pressed)
  // lets go too; another finger's tap (a choice in a secret picker) does
  // not.
  document.addEventListener("pointerup", (ev) => { if (holder === null || ev.pointerId === holder) { holder = null; set(false); } });
  document.addEventListener("visibilitychange", () => { if (document.visibilityState !== "visible") { set(false); conceal(); } });
})();
