// Package nostromo referees Alien: USCSS Nostromo (rulebook
// alien-uscss-nostromo.txt): 1 Alien player against 1–6 Crew players, the
// double-blind hiding done on the phones.
//
// # Shape
//
// The state is a phase (setup, hiding, posture, appearance, hunting,
// action, end_of_turn, over) with a stage, plus a stack of tasks: automatic
// steps (discarding from the Mission deck one card at a time, resolving a
// capture) and decisions the game waits for (a mission-order window, a card
// effect, a crew member card to give, an emergency procedure to activate…).
// After every move the referee runs automatic steps until it waits for a
// move. An attack phase is a group of tasks pushed over the appearance or
// hunting phase; views show the phase "attack" while it lasts.
//
// # Secrets
//
// A face-down Crew token's identity is in BoardToken.Token (hidden) and a
// Blip's in BlipToken.Kind (hidden); Shown is filled when it is flipped.
// During the hiding phase crew seats see every Crew token (the book lets
// them look) and the Alien seat its Blips, in their private views (from
// the state, never from the log), until the last token is placed. From
// then on nobody does, the owner included, also in the mission-order
// window before the posture phase while the phase is still hiding ("Players can NOT look at the Crew tokens or the Blip tokens
// anymore"): no view, log entry or event names a face-down token, and a
// phone shows its own placements only by number and room. Tokens
// on the board carry a handle given at placement, which reveals only who
// placed them (visible at the table too). Hands are private; the deck
// orders are hidden; Behaviour cards drawn are the Alien's. Captured crew
// member cards lie face down but their identity is public: the book does not
// make it secret.
//
// # Mission-order windows
//
// The book makes the Alien player ask before handling any component or
// changing phase. The referee opens a window (a task) at these points: in
// the hiding phase before each Blip placement step and before the posture
// phase; in the hunting phase (unless Aggressive) before each hunting
// action, after each move before the reveal, and before the action phase;
// at the start of every attack phase (unless Aggressive); in the action
// phase before each room is resolved and before the end of the turn. Any
// Crew seat answers: play_mission_order (the card goes to the discard pile
// and its effect is applied, then the window reopens) or
// pass_mission_orders; in an attack, use_item too. In the hiding and action
// phases "Crew players can ALWAYS play mission orders": there
// play_mission_order is also offered and accepted with no window open,
// whenever the game waits for a crew placement, a room to resolve or a
// Presence token's action (assumed: not in the middle of another card's
// effect or decision, which is settled first; it is then no_window). In
// the hunting phase and attacks mission orders are played only through
// windows.
//
// A Crew player may say "I have no mission orders this turn"
// (skip_orders_this_turn, offered whenever passing is; 54 of 185 moves of
// a recorded game were passes). It is said aloud at the table, so it is
// public. A window then waits only for the Crew players who did not say
// so, and the referee passes by itself when none is left (event
// orders_pass_auto). It lasts until the next game turn (the start of the
// next hiding phase), the players' next turn in this game where every turn
// is shared; resume_mission_orders takes it back at any time. In an attack
// where he could use an Item, the player is still asked: the switch is
// about mission orders.
//
// # Screens
//
// Every view carries a prompt for its viewer (names, never seat numbers):
// the seats the game waits for read what to do, everybody else whom the
// table waits for; the Alien reads "Ask the crew…" in a mission-order
// window (the book makes him ask). The host records only the Alien player;
// its other prompts say whom the table waits for. The phase label names an
// attack "Alien attack in 4 The Kitchen", and the public view's attack
// banner says where and who was caught, until the action phase. The board
// (kit.BoardView, the same for every viewer) draws the rooms at an assumed
// layout (data.json "layout": a drawing layout only), the connections,
// face-down Crew tokens as backs counted per placer, Blips as backs until
// flipped, face-up tokens, the Alien, Jonesy and the Items; beside it the
// game turn, phase, Mission deck and discard counts, the 5 emergency
// procedures and the 6 crew member cards as slots. A phone shows its hand
// as cards and the tokens it placed by number and room (their identity
// during the hiding phase only).
//
// # Card effects
//
// The book does not print Mission, Behaviour or crew member card texts. An
// effect is an open task; its owner applies it with effect_draw,
// effect_discard_deck, effect_move_token, effect_save (mission orders in an
// attack), effect_take_discard, and any crew seat may effect_discard_hand;
// end_effect closes it. The referee enforces the book around them: mission
// orders never affect a token in the Nest (moving or saving one there is
// refused; moving a token into the Nest is allowed), every Weyland
// protocol discarded from the Mission deck (and, Hard-core, from a hand) opens
// a Weyland effect for the Alien, the game ends as soon as a condition holds.
//
// # Decisions where the book is silent (assumed)
//
//   - Game data (data.json, overridable by the "data" option): room
//     connections, the 6 colors, crew member names, the 5 procedure names,
//     5 Emergency Procedure cards per procedure, Behaviour card names, the
//     board layout. The "data" option keeps its flat shape ({"connections":
//     [[1,2]], "colors": […]}), easier to type than data.json's groups; the
//     embedded file is read with kit.LoadData and the option is checked as
//     strictly (bad_option naming Component List).
//   - Crew players place in seat order clockwise from the Alien's left;
//     "left" in 6-player set passing is the next Crew seat clockwise.
//   - A played mission order's card goes to the discard pile.
//   - Hunting actions are all spent (no skipping).
//   - Blip effects other than the Alien's apply in placement order.
//   - Focused with an empty Breakdown stock gains nothing; Instinctive is
//     refused with an empty Behaviour deck.
//   - Room effect D at Mother is always allowed: its 2 cards are discarded
//     from the Mission deck, and only then is the activation refused when
//     the player cannot activate (2 procedures this turn, or no new
//     procedure in hand): the book's limit is on activating, not on the
//     room effect. At the Shuttle, whose effect is only the activation, D
//     is refused then. A Presence token leaves the board as soon as it has
//     acted; tokens moved into a room during its resolution stay for a
//     later resolution.
//   - Capture penalties (Hard-core, Survival) apply per captured Presence
//     token; in Heroic mode a captured player gives one of his own crew
//     member cards while he has one; a liberated card goes to the liberator.
//   - The Motion detector requires every face-up Presence token to move.
//   - Extra Reminder sets (5–6 players) are the lowest-numbered undealt colors.
package nostromo
