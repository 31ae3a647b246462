// Package jumpship referees Jumpship (../shared/rules/jumpship.txt), a
// hidden-role game for 5 to 10 players: the phones deal the Role and Bio ID
// cards, run the close-your-eyes ritual privately and are the token bag.
//
// # Files
//
// game.go (Game, Info computed once, Apply, Outcome, Decode), state.go,
// setup.go (options, deal, setup log), moves.go (the move table and the
// rulebook sections), moves_turn.go (draw, redraw, give, place a Repair
// token), moves_flow.go (the bag, Countdown tokens, the end of a turn and
// of the game), moves_ability.go (scan and the roles' abilities),
// moves_event.go (the countdown events and their choices),
// view.go, prompt.go, board.go, data.go with data.json, invariants.go.
//
// # Moves
//
// One row per move type in the kit.Moves table, each with its Offer and a
// typed handler on *kit.Turn[State]; a move is legal exactly when it is
// offered. A turn is a sequence of moves so that a generic phone UI can
// render it: "draw" (two tokens, shown to all; Countdown tokens go on the
// board at once), then "redraw", "give" (one token to one player) and
// "place_repair" until no drawn token is left, which ends the turn. Instead
// of drawing a seat may "scan", or use its role's ability:
// "chef_remove_countdown", "doctor_move_medical", "engineer_remove_repair",
// "security_take_target". Events that need a decision wait for
// "captain_break_tie", "quarantine", "kill" or "kill_nobody". The host's
// screen has no move: every move is a player's.
//
// # Error codes
//
// player_count, bad_option (Setup; bad_option names the section the option
// belongs to: the countdown track it sizes, Components for the Quarantine
// cards, Set Up for an unknown option); game_over (naming the section that
// ended the game), unknown_move, seat_only (the host or the server),
// bad_args (naming the move's section), not_offered (any move);
// event_pending, not_your_turn, already_drawn, draw_first (turn moves);
// redraw_not_drawn, redraw_after_give, redraw_limit, token_not_held
// (redraw); token_not_held, repair_not_given, give_to_self,
// diplomat_self_limit, give_twice_to_player, not_aboard, unknown_seat
// (give); no_repair_held (place_repair); scanners_offline,
// not_enough_scans, scan_self, scan_first_mate (scan); wrong_role
// (abilities); unknown_track, track_finished, no_countdown_to_remove
// (Chef); no_medical_in_play, no_medical_held, medical_to_same_player,
// not_aboard (Doctor); no_repair_on_track (Engineer); no_target_in_bag
// (Security); no_event_choice, not_your_choice, not_tied, not_aboard
// (event choices).
//
// # Game data and decisions where the book is silent
//
// Values the book does not print live in data.json, each group marked
// "rulebook" or "assumed" (kit.Sourced):
//
//   - The countdown tracks' lengths are assumed to be 5/5/5 (15 Countdown
//     tokens); the options quarantine_track, eject_track and kill_track
//     (1–15 each) override them.
//   - The three Quarantine cards' texts are not in the book: placeholders
//     name the physical cards, and the option quarantine_cards replaces
//     them. The referee records who holds the card but does not enforce its
//     effect.
//   - The Stowaway has no ability (the book lists none). The ability texts
//     the phones show are the project's short wording of Special Abilities.
//
// Decisions, each tested:
//
//   - Redrawing comes before giving: once a token is given or placed the
//     seat may not redraw. Returned tokens go into the bag before the new
//     ones are drawn, so the same token may come back. Repair tokens may be
//     redrawn (they are not Countdown tokens).
//   - Repair tokens are placed by the seat with "place_repair" (not given).
//     The 9th Repair ends the game at once, before any countdown event of
//     that turn resolves.
//   - A seat holding more Scan tokens than it needs returns 3 (the
//     Scientist 2) and keeps all the rest. A seat cannot scan itself. An
//     ejected player can be scanned; the First Mate cannot. Everyone sees
//     that a scan happened and whom it looked at; only the scanner sees the
//     Bio ID (a private event and the scans list of its private view).
//   - The Security Officer's Target goes into his hand like a drawn token:
//     he must give it under the Basic Token Rules (never to himself) and
//     cannot redraw it.
//   - The Diplomat's token given to himself counts as his one token for
//     that player this turn.
//   - The Doctor's move is one argument, "transfer", whose choices are the
//     legal (from, to) pairs written "from>to" with seat indices and
//     labelled "From Bo to Ada": the move table offers one spec per move,
//     and two independent seat arguments would offer a token back to the
//     player it leaves.
//   - Medical cancels Target one for one, never below zero: the net Target
//     decides the Eject and the Kill's Command tie.
//   - Ties include everyone at zero (FAQ). A Captain in play breaks any
//     Part 1 or Part 2 tie, even an all-zero one, choosing among the tied
//     players (herself included); without a Captain a tie means no one.
//   - Quarantine: the chooser may quarantine any player aboard, himself
//     included. All Command tokens return to the bag even when no one is
//     quarantined.
//   - Kill: the chooser may kill any player aboard (himself included) or
//     nobody. On a Command tie the player with the most net Target dies; if
//     that ties too, nobody is killed, so the Aliens win.
//   - Events resolve after the turn's last token is given, in the order
//     their tracks completed; play then continues with the next seat
//     aboard clockwise (seat index order) from the one whose turn it was.
//   - A Countdown token drawn when every track is full goes back to the bag.
//   - Winners are every seat of the winning side, ejected or killed ones
//     included. Every Bio ID is revealed at the end, whatever the ending.
//   - Views show how many tokens the bag holds, never which.
//   - The setup log tells the table the bag, the Role cards, the turn
//     order, the Quarantine card in use and the tracks; each Bio ID goes to
//     its seat alone, and each alien alone learns its fellow aliens with
//     the Queen marked (with two aliens the Queen need not show herself, but
//     each alien knows its own card, so both know who she is).
//   - Prompts: the seat whose turn it is is told what to do; every other
//     seat and the host are told whom the table waits for ("Waiting for Ada
//     to give the drawn tokens"); the board says whose turn it is. The host
//     records nothing in Jumpship.
//   - Move hints: the draw, a redraw and a scan ask to confirm (they draw
//     from the bag or reveal a Bio ID and cannot be undone), as do the
//     quarantine, the kill, killing nobody, the Captain's eject choice and
//     the last Repair (which ends the game). Exactly one offered move is
//     Primary: the draw, the give (or the Repair placement when nothing is
//     left to give), or the event's choice.
//   - The board shows counters (bag, three countdown tracks, Ship Repair,
//     scanners) and slots (the Quarantine card and its holder, then one
//     slot per seat in turn order tagged current, deciding, ejected,
//     killed or quarantined); it needs no nodes, so data.json holds no
//     layout. The tracks also go out as kit.TrackView with every step
//     listed and the thresholds in the step labels.
package jumpship
