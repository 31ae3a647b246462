// Package web holds the pages: plain HTML, CSS and JS embedded in the
// binary, with no build step and no inline script (the CSP forbids it).
//
// static/app.html is the one shell of every page; static/dom.js builds
// trees and morphs the live page into them (keyed, so focus, an open
// disclosure, a picked choice and the scroll position survive another
// player's move); static/board.js draws a view's board (kit.BoardView) as
// SVG and plays the timer's sounds; static/stations.js draws the Space
// Cadets station panels on a phone; static/lockup_pad.js gives the running
// total of Lockup's score pad; static/app.js renders any game from its
// view; static/i18n.js holds every page string in English and pt-BR.
//
// static/manifest.webmanifest and static/icons/ make the pages an
// installable app; static/pwa.js registers static/sw.js, served at /sw.js
// with its version and shell filled in (api/pwa.go), where a secure
// context allows it.
//
// Decisions where the issues were silent:
//   - A screen knows no game except through its view and the game's own
//     page file. The score pad is the move a game's file names in
//     window.TW_PADS: one row per whole-number argument, a running total
//     from the file's scoring (from the rules in the view), and one
//     submission, confirmed once.
//   - Private view keys naming what is in hand ("hand", "holding_cell",
//     "workbench", "in_hand") stay on screen as tokens; every other private
//     key hides behind press-and-hold.
//   - Every picker with more than one choice starts empty; a single choice
//     is made for the player. A submitted form empties at once and gets its
//     picks back if the move is refused.
//   - While one move is on its way every move button waits (no queue of
//     taps); a move with Confirm, the host's Undo, Remove and Revoke ask in
//     a dialog first.
//   - Before games mark moves (Primary/Group), a list of up to four moves
//     is shown as primary, a longer one under one open heading.
//   - Game strings come from the game's catalog (Info.messages) under the
//     keys of referee/kit/info.go plus: the prompt's code, "group.<group>",
//     "confirm.<move>", "field.<key>" (private/public data keys),
//     "fact.<key>" and "status.<status>" (seat facts), "side.<side>",
//     "track.<name>", "timer.<name>". Numbers and yes/no are not looked up.
//     In test mode (localStorage "tw:test" = "1") the page lists the keys
//     it could not find and unfilled placeholders in window.TW_TEST.
//   - /h/<x> is the host screen when this browser holds the host token of
//     table x, and otherwise a hand-over link that claims a seat.
//   - The board's drawing is laid out in screen pixels (its viewBox is its
//     box's size; drawn again when the box changes): names 25 px, notes,
//     pieces and counts 24 px. A place is as wide as its wrapped label,
//     at most the drawing's width shared by the most places of the
//     layout's rows; places are pushed apart in growing steps (keeping the
//     layout's order), else set in the layout's rows; only when neither
//     fits is the drawing laid out larger and shown smaller (the board
//     test reports it). Connection labels stand where they cover nothing.
//   - Beside a drawing, the counters stand under the seats next to the
//     tracks, and move under the drawing while the seats need the room; a
//     seat there shows two lines of facts (each phone has them all). A
//     counter or slot value over 16 characters takes a whole row; one over
//     28 (a sentence, not a name or a count) is set at 18 px on two lines.
//   - Without a drawing (Jumpship) the seats take two columns.
//   - A Space Cadets phone shows its private view's stations as panels
//     instead of the generic private data (nothing in it is secret: the
//     book turns the Component cards over on the table), with a running
//     timer large above them; the page's tick plays its beeps and buzzer
//     on the phone as on the board, once sound is enabled.
//   - The board page shows the join code in the lobby only when its view
//     carries join_code or join_url; the QR code shows either way.
package web

import "embed"

// Static is the embedded files under static/.
//
//go:embed static
var Static embed.FS
