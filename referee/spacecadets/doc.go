// Package spacecadets referees Space Cadets: Resistance Is Mostly Futile
// (the expansion rulebook space-cadets-rimf.txt): missions 7–10 and H1–H4,
// the shared step timers, the Science station, and the Star Kraken with the
// team's own second part of Mission 10 (served by web/kraken).
//
// The game is real-time and co-operative: phones report what happened at
// the table (the ship's square, enemies locked on or destroyed, a
// successful Tractor Beam), the host or the Captain runs the timers and the
// steps, and the referee applies what the book states: mission tracks, win
// and loss, the Science procedure, the Kraken's Grab/Attack/Spin, shared
// dice. Everything is public to the crew except what the book keeps face
// down: the deck orders, the face-down Component cards, Mission 8's enemy
// deck and H4's Invisible Planet token.
//
// Where the book is silent, the team decided (each also in data.json,
// marked "assumed", and overridable with the game_data option):
//
//   - The base game's steps are modelled as Step 1, the Science step, Step 2,
//     Steps 3A and 3B (timed, 30 s each by default), Steps 4–7. Engineering
//     is in 3A (see below for 2 players). The Nemesis marker moves at the end
//     of Step 7. Crew size 2–6; 2 only in missions 8, 9 and H1.
//   - Starting equipment: the kept cards must total exactly 3 Science
//     points when some choice of the five drawn cards makes 3; otherwise the
//     largest total below 3 (never more than 3).
//   - The Component cards are chosen by setting aside the one unused card
//     during the 30 seconds; when time runs out with none set aside the
//     attempt fails. Aborting (or cancelling the Science timer) discards the
//     card like a failure. Used one-use equipment goes to the discard pile.
//   - Research is allowed in Mission 10 only, once per turn, on a turn with
//     no Experimental Equipment draw.
//   - Range is counted orthogonally; the shield "facing" a source is the
//     side of the ship towards it (north–south axis on a tie).
//   - Mission 10's map is 2×2 tiles of 5×5 squares numbered clockwise from
//     the top left; the Beak's squares are the four centre squares; a spin
//     slides each tentacle 5 squares into the next tile; a tentacle crossing
//     the ship hits the shield facing where it came from; the Beak's 2 dice
//     per square each go to a new random shield. Players report where the
//     tentacle moved (it must not move away from them).
//   - Mission 7: tile 1's enemies and Gate are placed by dice too; "Tile 4"
//     is the fourth tile reached; enemy classes per tile by difficulty.
//   - Mission 8: the movement path is a spiral from the Enemy Start square to
//     the centre; '*' in the deck list is shown as printed.
//   - H3: destroying the Thrall (instead of deactivating it) loses.
//   - H1/H4: the Nemesis marker moves down each turn; at 0 the app reminds
//     the table to apply the base game's Nemesis rules.
//   - Losses the app cannot see (the ship destroyed) are declared by the
//     host or the Captain, after a confirmation on the phone.
//   - Mission 7: a Gate opened by a Tractor Beam is passed on a later turn
//     ("on any future turn"), and at most one Gate a turn: after passing,
//     "any remaining movement is cancelled", so the ship's square is not
//     reported again until the next turn (movement_cancelled).
//   - Mission 9: the enemies and crystals start on squares of the game data
//     (assumed: the book's map figure is not reproduced), three of each,
//     their classes by difficulty (assumed, like Mission 7's). A table
//     enters its own with the game_data option, which is laid over the
//     embedded data (kit.LoadData) and marked table-entered.
//   - Engineering moves to Step 3B only with two players in Missions 8 and
//     H1, where the book says so; Mission 9 with two players keeps Step 3A.
//     The engineering_step option lets a table choose 3A or 3B instead.
//   - Mission 10: only the Captain starts part 2 (the public view names
//     them and carries the continuation's link path); the Sensors player
//     holds the cards and is shown the link.
//   - What each base-game step does is named in the prompts from the data
//     (assumed step notes: the book only refers to the steps; the Helm's
//     move is assumed to be Step 5).
//   - The board draws each mission's map tiles where the data's board
//     layout puts them (a drawing layout only), and the squares where
//     something stands; enemies whose squares the app does not know (H1,
//     H2, H3) stand in an "on the squares shown in the mission" place.
//   - The current step's timer is shown with its length before it starts.
//   - The stations (captain_seat, science_seat, sensors_seat) are seat
//     options (kit.OptSeat): the host assigns them in the lobby, once
//     players have joined, and sends them with the start.
//     By default each player holds one while there are players for them
//     (defaultRoles): the first to join is the Captain, the second runs
//     Sensors, the last is the Science Officer. The book prints no table
//     of stations by player count; the lobby names the player each
//     default gives (kit.OptionSpec.PerPlayers).
//   - Players read an Experimental Equipment card by its name where the
//     data has one (the book's three, or the table's), otherwise "Card 5"
//     (its number in the data), always with its Science points and use; a Component card
//     by the pieces it shows. The data's names stay the cards' keys in
//     moves and state.
//   - Reading: the Science step runs its 30 seconds once ("At the end of
//     the 30 seconds, look at the components on the Workbench"), and so
//     does each timed step: a timer is not paused ("no_pause") and is not
//     started a second time in the same step, whether it ran out or was
//     cancelled ("timer_already_run"); the next turn's step starts afresh.
//     A table that pauses its timers sets the house rule option
//     timer_pauses, which the board and every view show ("House rule:
//     Timers can be paused"); restarts stay refused.
//   - Mission 10: a move that ends on a Beak square the ship was not on
//     entered at least one Beak square, so it costs at least one square's
//     dice even when the report says beak_squares 0.
//   - The expansion's enemy cards are 5 Easy, 3 Normal, 2 Hard and 8
//     Historical (Components), plus the 4 Kraken cards (the tentacles);
//     the three base-game cards the book names (Sniper, Battle Platform,
//     Carrier) are in the data too, marked base_game.
//
// Moves go through one table (moves.go, kit.Moves): the host or the
// Captain's phone runs the steps, the timers and "Mission failed"; any
// phone or the host rolls the shared dice; the moves of one role (Captain,
// Science Officer, Sensors) are checked by their handler, so that the
// host's screen too gets the role's refusal ("not_captain"); the reports
// from the table are made from any player's phone ("seats_only" for the
// host); only the server reports a timer expiry ("system_only"), and an
// expiry that arrives after the mission ended stays "stale_timer" (the end
// cancelled every timer). A move the handler accepts but the phones are
// not offered is "not_offered".
package spacecadets
