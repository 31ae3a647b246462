// Package lockup referees Lockup: Breakout, the expansion of Lockup: A Roll
// Player Tale, from its Portuguese rulebook (lockup-breakout.pt.txt).
//
// The referee enforces what the Breakout book states: setup by player
// count (tunnel markers, loot stacks, legend deck, lanterns, seven crew
// tokens with the explorer), the six rounds (Roll Call with the 6-of-7
// rule, passing to the legend card and the face-down limit; Lights Out with
// tunnel locations resolved in order and the legend card last; Patrol),
// catacomb movement on a board graph, TOMB and ESCAPED, the solo guards,
// the new icons and minions, and final scoring with a per-category
// breakdown. What the base game decides (location rewards, crafting costs,
// base minion and valuable scoring) is entered by the table.
//
// Game data lives in data.json, each value marked "rulebook" or "assumed",
// and a table overrides it key by key with the game_data option. The
// decisions taken where the book is silent are:
//
//   - The catacomb board is an ASSUMED placeholder (the book's text breaks
//     off before it): spaces, arrows, costs, loot spaces and final-space
//     points. The referee enforces forward-only arrows (the graph must be
//     acyclic), forks, costs and loot on whatever board is loaded.
//   - Solo counts the guards as a second player (solo_counts_as_players =
//     2): the 2-player tunnel set (5 collapsed, 1 single, 1 double), loot
//     stacks of 2 tokens because the guards take loot too, and the
//     2-player face-down limit of 3.
//   - Solo, a tunnel location where the player has the only explorer but
//     the guards have the most strength: both advance, the player first
//     (lone_explorer_vs_stronger_guards = "both"; "guards_only" is the
//     alternative).
//   - The guards sit after the solo player in seating order, so ties go to
//     the player (guards_win_ties = false). At a fork with no cost path the
//     guards take the first path listed. Whether they can pay a cost is
//     answered by the solo player ("guards_pay").
//   - Base-game solo placement: each Roll Call the guard deck (8 blue + 6
//     of the difficulty colour) is reshuffled and one card goes face up on
//     each location 1–7; the book's 8th card goes face down on the legend.
//   - Roll Call: players assign one token per turn, clockwise from the
//     first player; the first-player marker passes clockwise each round.
//   - Crew strengths are summed per player at a location; the six base crew
//     tokens have strengths 0–5 (assumed).
//   - Face-down tokens are revealed when their location is resolved; those
//     on the legend card when it is resolved.
//   - Latecomers: a player may send their tokens at a resolved location to
//     the LIBRARY until the legend card is resolved, except from a
//     location whose reward they received through the app, in either
//     order: a tunnel they advanced from, the Advance lantern icon of the
//     location's reward once the lantern moved (advanced_no_library), a
//     reserved item crafted at the CELL BLOCK (rewarded_no_library); and
//     tokens sent from the CELL BLOCK to the LIBRARY craft no reserved
//     item there (cell_block_latecomers). Claiming a location's icon and
//     then stopping before the first space declines it, as at a tunnel.
//     The LIBRARY's own effect is the base game's.
//   - Kept loot tokens are face up; the tokens returned to a stack are
//     reshuffled.
//   - The minion row has 3 spaces; cards leaving the last space are
//     discarded; the discard is reshuffled when the deck runs out.
//   - Final scoring is one move per player, the score pad
//     (submit_final_score), the only way to submit a score: the stars on
//     their track (at least the ESCAPED and loot stars the app saw, which
//     are split out and never counted twice), in solo the guards' track
//     too, minions by type (at most the minion deck's count less those
//     other players recruited through the app), barrel icons, valuables,
//     wild valuables entered by the type they count as, and other
//     base-game points. Bounds the book and the state do not give are
//     assumed maxima in score_pad_max. Every pad inside the bounds is
//     accepted.
//   - Golems: the book lets each Golem count as a Dwarf or a Ratman, only
//     as a type its owner has at least one of. The pad has no entry for
//     it: the referee takes, Golem by Golem, the split that scores the
//     most (ties: more as Dwarves), which is what an owner would choose,
//     since the type matters for nothing else. The breakdown's note says
//     how many count as each type.
//   - During final scoring the public view gives the pad's rules
//     (score_pad: the scoring tables and each player's catacomb points
//     and loot tokens, view_scorepad.go), so that a phone shows the
//     running total the referee will score before the pad is sent. Ties:
//     tie_break criteria from the data (stars in play, then loot tokens),
//     then shared. Solo: the player wins with more points than the guards
//     (solo_victory).
//   - Screens list a location's tokens in the order they were placed (a
//     counter per round), never in a player's token order, which would
//     tell whether a face-down token is weaker or stronger than a face-up
//     one.
//   - The Advance lantern icon is claimed with its source: the reward of a
//     resolved location where the player's crew stands (not sent to the
//     LIBRARY), once per location and round; the active legend card while
//     it is resolved, once per round, by a player with a token on it; an
//     item the player has, once for the game; a tome played, once, and
//     only while its play is being resolved: within the step of the round
//     it was played in (the location being resolved, or the legend card
//     when the tome's text allows it there), never in a later step or
//     round. Each
//     source gives one space (the icon's "um espaço"); each claim is a
//     public log entry for the host. Whether a location's or card's printed
//     reward really shows the icon is the base game's and the table's to
//     check.
//   - Path costs: the resources are the base game's and not tracked, so a
//     cost is "paid, not checked" (path_costs in the data, with the
//     reason): the player confirms paying and the log says so.
//   - The host's screen or the first player's phone resolves the legend
//     card and ends the last raid (kit.ByHostOrSeat, offered to both);
//     another player's phone is refused "host_only", as before the move
//     table.
//   - Setup is logged from the initial state (tunnels, loot stack sizes and
//     spaces, the first legend card, the minion row, round 1 and, solo, the
//     guard cards on the locations); loot tokens stay unnamed.
//   - The board page's layout is data (board_layout, assumed, drawing
//     only); a space a table's own board adds is placed by its distance
//     from ENTRANCE.
//   - Message-catalog keys beside the kit's: "prompt.*", "outcome.*",
//     "board.*", "group.*", "confirm.<move>", "fact.<seat fact>",
//     "status.<seat status>", "panel.<Public or Private key>" and
//     "choice.<value>" for fixed choices, "option_help.<option>".
//   - The names of the game's things inside the texts a view sends (crew
//     tokens, catacomb spaces, locations, loot, legend and guard cards,
//     minions, score notes, the board's words) are built as terms, "§code"
//     or "§code(name=value;…)" (terms.go), and View writes them out in the
//     table's language (kit.Viewer.Lang, "term.<code>" of both catalogs;
//     "en" holds only the terms): a view holds no "§". A crew token also
//     gives its term as data (term, params). Log entries, refusals and the
//     outcome keep their English text as before (terms expanded); log
//     entries carry the terms in their Params, for the pages. A
//     name is a term only where the built-in data names it so: a table's
//     own board or location names show as written, in every language.
//     The built-in locations, legend cards (assumed placeholders),
//     valuables and path-cost resources have pt-BR names of ours, marked
//     in terms.go; guard cards read "blue guard, strength 2" in the log.
package lockup
