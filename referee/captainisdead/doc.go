// Package captainisdead referees The Captain Is Dead: Episode III –
// Lockdown (rulebook captain-is-dead-lockdown.txt). The game is
// co-operative: the referee is the crew's shared memory of the Concealment
// Level and Ship Control tracks, the alarms and what suppressed them, the
// aliens aboard by rank and room, the systems' Locked/Unlocked sides, the
// stacked alert deck by colour and count, the hands (counts, tools,
// grenades, scent bombs) and each player's secret contraband.
//
// The texts of alert, skill, tool, ability, upgrade, Battle Plan and
// contraband cards are not in the book. An alert card the game data knows
// (alert_cards: the book's Bridge Investigation and Patrol, and any a
// table enters) is chosen from the data and applied by the referee
// (resolve_alert). Any other card the table reads and applies through
// primitive moves, whose arguments are all choices (add_alien,
// move_alien, remove_alien, kill_aliens, raise_track, lower_ship_control,
// sound_alarm, arm_suppression, lock_system, place_honeypot, injure, heal,
// place_character, gain_item, card_action). The referee enforces every
// rule the book states around them: alarms and contraband, the shortage
// and four-Commander rules, kill order and costs, the Ship Control bonus,
// Perform Hostile Alien Actions, SET TO KILL, elimination and the end.
//
// Game data the book leaves to Episode 1 components lives in data.json,
// loaded with kit.LoadData, every group marked (kit.Sourced) "rulebook",
// "assumed" or, where a table's game_data option gives it, "table-entered":
// the rooms (those the book names) and their connections (assumed), the
// Patrol path (assumed, a cycle), the systems' rooms (assumed; five system
// names are placeholders) and their repair costs in skill cards (Episode 1
// values, assumed until the table enters them), how many alerts the
// Surveillance Scanners show (assumed 1), the board's drawing layout
// (assumed), the 21 roles with actions, hand sizes, ranks and start rooms (the three new roles and the
// Hologram's and Sympathizer's starts from the book, the rest assumed),
// the seven colours' role triples (assumed), the alien pawns per rank
// (exactly 4 Commanders from the book, the others assumed), the 11 tools
// (Rifle and Alarm Suppressor named by the book, the others placeholders),
// 3 scent bombs (assumed) and the action costs (kill 1, Lieutenant 2 and
// scent bomb 1 from the book; move, grenade and system actions 1,
// assumed).
//
// Decisions where the book is silent:
//
//   - CPU Core and Computer Core are kept as two rooms; a table whose board
//     shows one room maps one name onto the other with an alias entry.
//   - Kill order holds per room: a kill must take the lowest rank present in
//     the killer's room. Card-effect kills (kill_aliens) take the lowest
//     ranks first too.
//   - The Ship Control bonus fires when a move takes the last alien off the
//     ship (aliens aboard go from some to none). It does not fire again
//     while the ship stays empty, nor at the start when no alien has come
//     aboard yet; it fires again after aliens come back and are all
//     removed. Its extra alert is drawn at once during a turn (the turn
//     then resumes) or right after the alert in progress.
//   - Suppression is armed before the alarm (arm_suppression, with its
//     source) and absorbs the next alarm; the counts per source are kept.
//     A suppressed alarm was still triggered, so it still gives contraband.
//     A source whose holder the referee tracks must be held: the Alarm
//     Suppressor tool only while a living character has it in hand (the
//     tools start in the Cargo Pod; suppressor_not_held otherwise, and it
//     is not offered). A character or veteran ability is always held while
//     the game runs; ship upgrades and Battle Plans are not tracked, so
//     the table says when one suppresses. An armed suppression stays armed
//     if its tool then leaves the hand (the card's text, not in the book,
//     may say otherwise; cancel_suppression takes it back).
//   - Every alarm sounded during a turn (also one entered by the host for
//     that player's card) is the active player's own action for
//     contraband; alarms during alerts and Perform Hostile Alien Actions
//     are not.
//   - Perform Hostile Alien Actions: SET TO KILL is checked when a round of
//     steps 1–3 begins (at the start, and again for each room a Patrol
//     enters); steps 2 and 3 act on the characters found away from their
//     start; an alien escorts only if it takes someone; Patrols move even
//     when nobody was found (the Example); a Hacker alien's locking of an
//     unlocked system is a relock and so an alarm.
//   - The Hacker role sounds no alarm when unlocking, repairing or hacking
//     (bringing a system online), honeypot included; using a system in a
//     honeypot room still alarms.
//   - A system is used, repaired, unlocked or hacked only by a character in
//     the system's own room (the book keys the alarms to that location);
//     a Locked system can be neither used nor repaired until it is
//     unlocked or hacked. Unlocking and hacking cost actions only.
//   - A repair costs one action and the skill cards the game data gives
//     for the system (an Episode 1 value the table enters), less the
//     role's discounts of that skill (the Hacker's 1 engineering and 1
//     science). Skill cards are counted, not told apart, so the referee
//     discards the count due to the Discarded Skills pile and logs the
//     cost and its source; the table discards the right kind.
//   - Repairing Ship Control raises it one step each time; repairing the
//     other systems is recorded (their Episode 1 effects are the table's).
//   - An empty Grenade Locker cannot be used.
//   - Using the Surveillance Scanners shows what is coming: the referee
//     names the colours of the next alert cards (how many: game data,
//     assumed 1), the table looks at them without changing their order,
//     and the move reveals (the host cannot undo it). How many of them
//     were seen is kept until they are drawn.
//   - A card effect (a host row of the move table) may also be made by the
//     player whose turn it is, who draws and reads the alerts: Game.Apply
//     makes it on the host's behalf. Another seat gets not_your_turn.
//   - A game_data override replaces the parts it gives: its lists replace
//     the embedded lists whole, its objects the fields they name; what it
//     gives without a source of its own is marked table-entered.
//   - While all four Commanders are aboard the Concealment Level cannot be
//     raised. An add_alien with no alien of that rank or higher left adds
//     nothing.
//   - The end of the Alert deck (reading): "should you reach the end of
//     the Alert deck without setting Ship Control to WIN!" the ship is
//     destroyed. The game is lost as soon as the last alert of the deck has
//     been resolved (Perform Hostile Alien Actions included) and Ship
//     Control is not at WIN!: nobody gets a further turn, so nobody can
//     repair Ship Control after it. Ship Control reaching WIN! while the
//     last alert is applied still wins. A table that reads it the other
//     way sets the house rule last_turn_after_deck: play goes on and the
//     game is lost when an alert is due (the end of a turn, a bonus alert)
//     and none is left.
//   - Turn order is fixed by the ranks of the first characters chosen
//     (lowest rank number first); a respawned character takes its seat's
//     place. A player whose character is dead still has a turn (to spawn,
//     when allowed, and to draw the end-of-turn alert); a player whose game
//     is over (a death without the elimination rules, or a third death) is
//     skipped. The crew loses when no character is alive.
//   - A hand over its size is flagged in the seat facts and in the log
//     with the number of cards to discard; nothing is refused.
//   - Discarded skills go to the Discarded Skills pile, tools to the Cargo
//     Pod, grenades and scent bombs back to their supply; used grenades and
//     scent bombs leave the game.
//   - Injury is recorded; its effect is an Episode 1 rule the table applies.
//   - Contraband is private to its holder: gaining, noting, using and
//     revealing it are private events, the contraband deck count is hidden.
//     It never appears on the board page.
//   - Prompts: during an alert both the host and the player whose turn it
//     is are told to read the alert aloud and choose it (resolve_alert),
//     or, when the data knows no card left of that colour, to apply what
//     it prints and tap Alert applied; the others wait for it. The alert
//     cards the data knows whose colour the book does not give are offered
//     with every colour; each is drawn as many times as its copies
//     (assumed 1). A player over the hand size is told to
//     discard (discard is then their primary move), except the player
//     applying an alert. View.Phase stays the phase code ("alert" for
//     every alert); PhaseLabel says which ("Setup alert 2 of 5",
//     "End-of-turn alert", "Ann's turn").
//   - Confirmations: ending the turn and finishing an alert draw or act
//     irreversibly; using or revealing contraband loses it; a repair or a
//     raise that takes Ship Control to WIN!, a kill of the last alien
//     aboard (bonus alert) and using the Surveillance Scanners are
//     confirmed too.
//   - The board page draws the rooms at the game data's drawing layout
//     (assumed; a room the layout leaves out goes on a circle). A room's
//     tags say "locked" or "unlocked" for its systems, "honeypot",
//     "danger" (aliens) and "current" (the active character's room).
package captainisdead
