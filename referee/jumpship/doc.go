// Package jumpship referees Jumpship (../shared/rules/jumpship.txt), a
// hidden-role game for 5 to 10 players: the phones deal the Role and Bio ID
// cards, run the close-your-eyes ritual privately and are the token bag.
//
// # Moves
//
// A turn is a sequence of moves so that a generic phone UI can render it:
// "draw" (two tokens, shown to all; Countdown tokens go on the board at
// once), then "redraw", "give" (one token to one player) and "place_repair"
// until no drawn token is left, which ends the turn. Instead of drawing a
// seat may "scan", or use its role's ability: "chef_remove_countdown",
// "doctor_move_medical", "engineer_remove_repair", "security_take_target".
// Events that need a decision wait for "captain_break_tie", "quarantine",
// "kill" or "kill_nobody". View.Moves lists exactly the legal moves with
// their choices narrowed, so any offered combination is accepted.
//
// # Error codes
//
// player_count, bad_option (Setup); game_over, not_a_player, unknown_move,
// bad_args, unknown_seat (any move); event_pending, not_your_turn,
// already_drawn, draw_first (turn moves); redraw_not_drawn,
// redraw_after_give, redraw_limit, token_not_held (redraw); token_not_held,
// repair_not_given, give_to_self, diplomat_self_limit,
// give_twice_to_player, not_aboard (give); no_repair_held (place_repair);
// scanners_offline, not_enough_scans, scan_self, scan_first_mate (scan);
// wrong_role (abilities); unknown_track, track_finished,
// no_countdown_to_remove (Chef); no_medical_in_play, no_medical_held,
// medical_to_same_player, not_aboard (Doctor); no_repair_on_track
// (Engineer); no_target_in_bag (Security); no_event_choice,
// not_your_choice, not_tied, not_aboard (event choices).
//
// # Game data and decisions where the book is silent
//
// Values the book does not print live in data.json, each marked "rulebook"
// or "assumed":
//
//   - The countdown tracks' lengths are assumed to be 5/5/5 (15 Countdown
//     tokens); the options quarantine_track, eject_track and kill_track
//     (1–15 each) override them.
//   - The three Quarantine cards' texts are not in the book: placeholders
//     name the physical cards, and the option quarantine_cards replaces
//     them. The referee records who holds the card but does not enforce its
//     effect.
//   - The Stowaway has no ability (the book lists none).
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
package jumpship
