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

  window.TW_GLANCE = { code, normalCode, seatColour, initial, seatChip };
})();
