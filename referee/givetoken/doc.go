// Package givetoken is Give a Token, the smallest complete game of the
// table kit and the worked example of referee/README.md.
//
// It is the workload the two peer harnesses (boardgame.io and Colyseus,
// beside the project) play, so that tablewarden can be measured against
// them doing the same work: six seats (two to ten here), a public bag of
// coloured tokens that never changes, a public hand size of three per
// seat, a public token count per seat, a count of tokens given, and one
// secret per seat that only its owner sees. Any seat may move at any time:
// "give" {to} adds one token to another seat and one to the count given.
//
// There is no printed rulebook. Its one rule, "Give a Token › Giving", is
// stated here:
//
//   - A seat gives a token to another seat at the table: never to itself
//     ("give_to_self") and never to a seat that is not at the table
//     ("unknown_seat").
//   - The host's screen and the board give nothing ("not_a_player").
//   - With the table option "target" above 0, the first seat to hold that
//     many tokens wins and the game ends ("game_over" for every later
//     move). The default, 0, never ends: the load tool plays it so.
//
// Decisions taken where a peer leaves something open:
//   - The secret is "secret-<seat>-" followed by 24 letters drawn at setup
//     from the table's generator, 33 characters like the peers' fixed one,
//     so that it is a real secret (two tables differ) and replay deals the
//     same one.
//   - The bag and the hand size are game data (data.json, "assumed": they
//     are the peers' values, not a book's).
//
// It is served only by the bench build (go build -tags bench, referee/
// catalog's bench.go): the production binary does not link it, and
// players of the home page never see it.
package givetoken
