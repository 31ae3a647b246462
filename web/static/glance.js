// tablewarden pages: what a table reads at a glance. Join codes written
// as two groups of four; each seat's own colour and initial (on its seat
// card and its pieces, on every page); a hand as a row of compact cards.
"use strict";
(function () {
  const { el } = window.TW_DOM;

  // code writes a join code as two groups of four ("ACDE FHJK"); a code
  // of another length stays as it is.
  function code(c) {
    c = String(c || "");
    return c.length === 8 ? c.slice(0, 4) + " " + c.slice(4) : c;
  }
  // normalCode is a typed code as the server reads it: upper case,
  // without spaces or dashes.
  function normalCode(c) { return String(c || "").toUpperCase().replace(/[\s-]+/g, ""); }

  // SEAT_COLOURS are twelve colours far apart from each other and from
  // the page's own (turn yellow, danger red), light enough to carry dark
  // text; a seat's colour is its number's.
  const SEAT_COLOURS = ["#4fc3f7", "#f48fb1", "#aed581", "#ffb74d", "#ce93d8", "#4db6ac", "#e6ee9c", "#90a4ae", "#ff8a65", "#9fa8da", "#80deea", "#bcaaa4"];
  function seatColour(seat) { return SEAT_COLOURS[((seat % SEAT_COLOURS.length) + SEAT_COLOURS.length) % SEAT_COLOURS.length]; }
  // initial is the first letter of a seat's name (upper case), or its
  // number when the name has no letter.
  function initial(name, seat) {
    const m = /\p{L}|\p{N}/u.exec(String(name || ""));
    return m ? m[0].toUpperCase() : String(seat + 1);
  }
  // seatChip is a seat's colour swatch with its initial, for a seat card.
  function seatChip(seat, name) {
    return el("span", { class: "seat-chip", style: "background:" + seatColour(seat), "aria-hidden": "true", "data-seat-colour": seatColour(seat) }, initial(name, seat));
  }

  // isCards reports whether a hand's part is a list of cards: records with
  // a name ("label" or "name"), and a kind or a text.
  function isCards(items) {
    return Array.isArray(items) && items.length > 0 && items.every(x => x && typeof x === "object" && !Array.isArray(x) &&
      typeof (x.label || x.name) === "string" && (typeof x.kind === "string" || typeof x.text === "string"));
  }
  // cardRow draws a hand of cards as a row of compact cards, each its name
  // and kind; a tap on a card opens its text (and closes it again).
  function cardRow(items, key) {
    return el("div", { class: "card-row", "data-key": "cards:" + key }, items.map((c, i) => {
      // "Mission card 32 (Emergency procedure D)" of kind "Emergency
      // procedure D" reads "Mission card 32" over its kind.
      let name = String(c.label || c.name);
      if (c.kind) name = name.replace(" (" + c.kind + ")", "");
      const kind = c.kind && !name.includes(c.kind) ? c.kind : "";
      const id = c.card !== undefined ? c.card : c.id !== undefined ? c.id : i;
      return el("details", { class: "hand-card", "data-key": "card:" + id },
        el("summary", {}, el("span", { class: "card-name", text: name }), kind ? el("span", { class: "card-kind", text: kind }) : null),
        c.text ? el("p", { class: "card-text", text: c.text }) : null);
    }));
  }

  window.TW_GLANCE = { code, normalCode, seatColour, initial, seatChip, isCards, cardRow };
})();
