package nostromo

import (
	"fmt"
	"strconv"
	"strings"

	"tablewarden/referee/kit"
)

// Task kinds. Automatic tasks run as soon as they reach the top of the
// stack; the others wait for a move.
const (
	taskDiscardDeck    = "discard_deck"    // automatic: discard N cards one by one
	taskCaptureResolve = "capture_resolve" // automatic: remove the Presence tokens left
	taskAttackEnd      = "attack_end"      // automatic: the attack phase is over
	taskWindow         = "window"          // the crew answers play or pass
	taskEffect         = "effect"          // a card effect applied with effect moves
	taskBehaviour      = "behaviour"       // the Alien plays 1 drawn Behaviour card
	taskCapture        = "capture"         // one captured Presence token, in sub-steps
	taskDetector       = "detector"        // owners move their tokens (Motion detector)
	taskActivate       = "activate"        // activate 1 emergency procedure
	taskInfirmary      = "infirmary"       // take a card from the discard pile
	taskLiberate       = "liberate"        // liberate 1 crew member (Survival)
	taskPassSet        = "pass_set"        // pass Reminder sets (5–6 players)
)

// Effect sources.
const (
	srcMissionOrder = "mission_order"
	srcWeyland      = "weyland_protocol"
	srcBehaviour    = "behaviour"
	srcCrewPower    = "crew_power"
)

// Capture sub-steps.
const (
	capGive     = 0
	capDeck     = 1
	capHand     = 2
	capDropItem = 3
)

// applier carries one Apply: the cloned state, the move's generator and
// what the move produced.
type applier struct {
	s       *State
	rng     *kit.RNG
	events  []kit.Event
	reveals bool
}

func (a *applier) pub(code, format string, args ...any) {
	a.events = append(a.events, kit.PublicEvent(code, fmt.Sprintf(format, args...)))
}

func (a *applier) priv(code, text string, seats ...int) {
	a.events = append(a.events, kit.PrivateEvent(code, text, seats...))
}

// name is a seat's player name.
func (s *State) name(seat int) string {
	if seat >= 0 && seat < len(s.Names) {
		return s.Names[seat]
	}
	return "nobody"
}

// isCrew reports whether seat is a Crew player's seat.
func (s *State) isCrew(seat int) bool {
	return s.Alien >= 0 && seat >= 0 && seat < len(s.Names) && seat != s.Alien
}

// crewSeats lists the Crew players clockwise from the Alien player's left.
func (s *State) crewSeats() []int {
	n := len(s.Names)
	out := make([]int, 0, n-1)
	for i := 1; i < n; i++ {
		out = append(out, (s.Alien+i)%n)
	}
	return out
}

func (s *State) colorIndex(c string) int {
	for i, x := range s.Data.Colors {
		if x == c {
			return i
		}
	}
	return -1
}

// owner is the seat holding the Reminder card of a color.
func (s *State) owner(color string) int {
	if i := s.colorIndex(color); i >= 0 {
		return s.Sets[i]
	}
	return -1
}

// setsOf lists the color indexes of the Reminder sets a seat holds.
func (s *State) setsOf(seat int) []int {
	var out []int
	for c, o := range s.Sets {
		if o == seat {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) top() *Task {
	if len(s.Tasks) == 0 {
		return nil
	}
	return &s.Tasks[len(s.Tasks)-1]
}

func (s *State) push(t Task) { s.Tasks = append(s.Tasks, t) }

func (s *State) pop() { s.Tasks = s.Tasks[:len(s.Tasks)-1] }

func (s *State) twoPlayers() bool { return len(s.Names) == 2 }

func (s *State) veteran() bool { return s.Options.Difficulty == HardCore }

func (s *State) blueSide() bool { return s.Options.Difficulty != Novice }

// tokenIndex returns the index in Board of a handle, or -1.
func (s *State) tokenIndex(h int) int {
	for i, t := range s.Board {
		if t.Handle == h {
			return i
		}
	}
	return -1
}

func (s *State) itemIndex(name string) int {
	for i, it := range s.Items {
		if it.Name == name {
			return i
		}
	}
	return -1
}

// hasCrewTokens reports whether a room holds any Crew token (room 0: any).
func (s *State) hasCrewTokens(room int) bool {
	for _, t := range s.Board {
		if room == 0 || t.Room == room {
			return true
		}
	}
	return false
}

// faceUpPresence lists the handles of face-up Presence tokens in a room.
func (s *State) faceUpPresence(room int) []int {
	var out []int
	for _, t := range s.Board {
		if t.Room == room && t.Shown != nil && t.Shown.Kind == Presence {
			out = append(out, t.Handle)
		}
	}
	return out
}

// hasFaceUpPresence reports whether seat owns a face-up Presence token in a room.
func (s *State) hasFaceUpPresence(seat, room int) bool {
	for _, h := range s.faceUpPresence(room) {
		if s.owner(s.Board[s.tokenIndex(h)].Shown.Color) == seat {
			return true
		}
	}
	return false
}

// crewHasTokens reports whether the Crew side still has tokens to place.
func (s *State) crewHasTokens() bool {
	if s.Options.Survival {
		return len(s.Pool) > 0
	}
	for _, seat := range s.crewSeats() {
		if len(s.Reserve[seat]) > 0 {
			return true
		}
	}
	return false
}

// placeable lists the tokens seat may place now (its own, or the pool).
func (s *State) placeable(seat int) []CrewToken {
	if s.Options.Survival {
		return s.Pool
	}
	return s.Reserve[seat]
}

func tokenLabel(t CrewToken) string {
	return t.Color + " " + strings.ToUpper(t.Kind[:1]) + t.Kind[1:]
}

func tokenValue(t CrewToken) string { return t.Color + "/" + t.Kind }

func blipLabel(k string) string {
	switch k {
	case BlipAlien:
		return "Alien"
	case BlipJonesy:
		return "Jonesy"
	case BlipBreakdown:
		return "Breakdown"
	}
	return k
}

func itemLabel(n string) string {
	if n == FlameThrower {
		return "Flame-thrower"
	}
	return "Motion detector"
}

func removeInt(xs []int, x int) ([]int, bool) {
	for i, y := range xs {
		if y == x {
			return append(xs[:i:i], xs[i+1:]...), true
		}
	}
	return xs, false
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// draw moves n cards from the Mission deck to a crew seat's hand.
func (a *applier) draw(seat, n int, why string) {
	s := a.s
	var got []string
	for i := 0; i < n; i++ {
		if s.Deck.Len() == 0 {
			a.refillDeck()
		}
		c, ok := s.Deck.Draw()
		if !ok {
			break
		}
		s.Hands[seat] = append(s.Hands[seat], c)
		got = append(got, s.Data.CardName(c))
		a.reveals = true
		if s.Deck.Len() == 0 && !a.refillDeck() {
			break
		}
	}
	if len(got) == 0 {
		return
	}
	a.pub("draw", "%s draws %d Mission card(s) (%s).", s.name(seat), len(got), why)
	a.priv("draw_private", "You draw "+strings.Join(got, ", ")+".", seat)
}

// refillDeck reshuffles the discard pile into a new Mission deck when the
// deck is empty in Survival mode. It reports whether the deck has cards.
func (a *applier) refillDeck() bool {
	s := a.s
	if s.Deck.Len() > 0 {
		return true
	}
	if !s.Options.Survival || len(s.Discard) == 0 {
		return false
	}
	s.Deck = kit.NewDeck(s.Discard...)
	s.Deck.Shuffle(a.rng)
	s.Discard = nil
	a.pub("deck_reshuffled", "The Mission deck is depleted: the discard pile is shuffled into a new Mission deck (Survival mode).")
	return true
}

// discardFromDeck discards the top Mission card. A Weyland protocol is
// applied by the Alien player: its effect task is pushed.
func (a *applier) discardFromDeck(why string) {
	s := a.s
	a.refillDeck()
	c, ok := s.Deck.Draw()
	if !ok {
		return
	}
	a.reveals = true
	s.Discard = append(s.Discard, c)
	a.pub("deck_discard", "%s is discarded from the Mission deck (%s).", s.Data.CardName(c), why)
	if s.Data.IsWeyland(c) {
		s.push(Task{Kind: taskEffect, Source: srcWeyland, Card: c, Seat: s.Alien})
		a.pub("weyland", "The Alien player applies the Weyland protocol of Mission card %d.", c)
	}
	a.refillDeck()
}

// discardFromHand moves a card from a crew hand to the discard pile. With
// the Hard-core (Veteran) difficulty a discarded Weyland protocol is
// played by the Alien player.
func (a *applier) discardFromHand(seat, card int, how string) {
	s := a.s
	s.Hands[seat], _ = removeInt(s.Hands[seat], card)
	s.Discard = append(s.Discard, card)
	a.pub("hand_discard", "%s discards %s from hand (%s).", s.name(seat), s.Data.CardName(card), how)
	if s.veteran() && s.Data.IsWeyland(card) {
		s.push(Task{Kind: taskEffect, Source: srcWeyland, Card: card, Seat: s.Alien})
		a.pub("weyland", "The Alien player plays the Weyland protocol of Mission card %d discarded from a hand (Hard-core).", card)
	}
}

// flip turns the face-down Crew tokens of a room face up, removes the
// Passage tokens revealed, and reports whether any Presence token is face
// up there afterwards.
func (a *applier) revealRoom(room int, why string) {
	s := a.s
	var shown []string
	kept := s.Board[:0:0]
	for _, t := range s.Board {
		if t.Room == room && t.Shown == nil {
			tok := t.Token
			t.Shown = &tok
			shown = append(shown, fmt.Sprintf("#%d %s", t.Handle, tokenLabel(tok)))
			a.reveals = true
		}
		if t.Room == room && t.Shown != nil && t.Shown.Kind == Passage {
			s.Removed = append(s.Removed, *t.Shown)
			continue
		}
		kept = append(kept, t)
	}
	s.Board = kept
	if len(shown) > 0 {
		a.pub("reveal", "Crew tokens flipped face up in %s (%s): %s. Passage tokens revealed are removed.", s.Data.RoomName(room), why, strings.Join(shown, ", "))
	}
}

// startAttack starts an attack phase in room (Attack Phase).
func (a *applier) startAttack(room int) {
	s := a.s
	s.AttackRoom = room
	s.push(Task{Kind: taskAttackEnd, Room: room})
	s.push(Task{Kind: taskCaptureResolve, Room: room})
	a.pub("attack", "Attack phase in %s.", s.Data.RoomName(room))
	if s.Posture != Aggressive {
		s.push(Task{Kind: taskWindow, Room: room, Reason: "attack: save crew members with mission orders or Items, or pass"})
	} else {
		a.pub("attack_aggressive", "The Alien is Aggressive: no mission orders nor Items in this attack.")
	}
}

// alienCheck reveals the face-down Crew tokens in the face-up Alien token's
// room and starts an attack phase when a Presence token is face up there.
// It reports whether it changed anything.
func (a *applier) alienCheck() bool {
	s := a.s
	if s.AlienRoom == 0 || s.AttackRoom != 0 {
		return false
	}
	n := len(s.Removed)
	changed := false
	for _, t := range s.Board {
		if t.Room == s.AlienRoom && t.Shown == nil {
			changed = true
		}
	}
	if changed {
		a.revealRoom(s.AlienRoom, "the Alien is there")
	}
	if len(s.faceUpPresence(s.AlienRoom)) > 0 {
		a.startAttack(s.AlienRoom)
		return true
	}
	return changed || n != len(s.Removed)
}

// advance runs automatic steps until the game waits for a move or ends.
func (a *applier) advance() {
	for i := 0; i < 100000; i++ {
		if a.checkEnd() {
			return
		}
		var progressed bool
		if t := a.s.top(); t != nil {
			progressed = a.runTask(t)
		} else {
			progressed = a.runPhase()
		}
		if !progressed {
			return
		}
	}
	panic("nostromo: advance does not settle")
}

// checkEnd ends the game as soon as a winning condition holds (Game End).
func (a *applier) checkEnd() bool {
	s := a.s
	if s.Phase == PhaseOver {
		return true
	}
	if s.Phase == PhaseSetup {
		return false
	}
	done := map[int]bool{}
	for _, c := range s.Activated {
		done[s.Data.Procedure(c)] = true
	}
	switch {
	case len(done) == len(s.Data.Procedures):
		a.end("Crew", "All 5 different emergency procedures are activated: the crew escapes and the Nostromo self-destructs with the Alien.")
	case s.capturedCards() == len(s.CrewCards):
		a.end("Alien", "All 6 crew member cards belong to the Alien player.")
	case s.Deck.Len() == 0 && !a.refillDeck():
		if s.Options.Survival {
			return false
		}
		a.end("Alien", "The Mission deck is depleted.")
	default:
		return false
	}
	return true
}

func (s *State) capturedCards() int {
	n := 0
	for _, c := range s.CrewCards {
		if c.Captured {
			n++
		}
	}
	return n
}

func (a *applier) end(side, reason string) {
	s := a.s
	s.Phase, s.Stage, s.Winner, s.Reason = PhaseOver, "", side, reason
	s.Tasks = nil
	s.AttackRoom = 0
	a.pub("game_over", "Game over: the %s wins. %s", side, reason)
}

// runTask runs the top task when it is automatic and reports whether it
// made progress; a task waiting for a move returns false.
func (a *applier) runTask(t *Task) bool {
	s := a.s
	switch t.Kind {
	case taskDiscardDeck:
		t.N--
		why := t.Reason
		if t.N <= 0 {
			s.pop()
		}
		a.discardFromDeck(why)
		return true
	case taskCaptureResolve:
		room := t.Room
		s.pop()
		a.captureResolve(room)
		return true
	case taskAttackEnd:
		s.pop()
		s.AttackRoom = 0
		a.pub("attack_over", "The attack phase in %s is over.", s.Data.RoomName(t.Room))
		return true
	case taskCapture:
		return a.runCapture(t)
	case taskDetector:
		var left []int
		for _, h := range t.Handles {
			if i := s.tokenIndex(h); i >= 0 && s.Board[i].Room == t.Room {
				left = append(left, h)
			}
		}
		t.Handles = left
		if len(left) == 0 {
			s.pop()
			return true
		}
		return false
	case taskActivate:
		if err := s.canActivate(t.Seat); err != nil {
			a.pub("no_activation", "%s cannot activate an emergency procedure: %s", s.name(t.Seat), err.Message)
			s.pop()
			return true
		}
		return false
	case taskInfirmary:
		if len(s.Discard) == 0 {
			a.pub("infirmary_empty", "The discard pile is empty: %s takes nothing.", s.name(t.Seat))
			s.pop()
			return true
		}
		return false
	case taskLiberate:
		if len(s.Captured) == 0 || s.capturedCards() == 0 {
			s.pop()
			return true
		}
		return false
	case taskPassSet:
		if len(t.Handles) == 0 {
			s.pop()
			return true
		}
		return false
	}
	return false
}

// runCapture runs the automatic sub-steps of one captured Presence token
// (Capture a Crew Member, Hard-core penalties, Survival capture).
func (a *applier) runCapture(t *Task) bool {
	s := a.s
	seat := t.Seat
	switch t.Sub {
	case capGive:
		if len(s.giveChoices(seat)) == 0 {
			t.Sub = capDeck
			return true
		}
		return false
	case capDeck:
		t.Sub = capHand
		if s.veteran() || s.Options.Survival {
			s.push(Task{Kind: taskDiscardDeck, N: 1, Reason: "capture penalty"})
		}
		return true
	case capHand:
		switch {
		case s.veteran():
			t.Sub = capDropItem
			if h := s.Hands[seat]; len(h) > 0 {
				c := h[a.rng.Intn(len(h))]
				a.reveals = true
				a.discardFromHand(seat, c, "at random, capture penalty")
			}
			return true
		case s.Options.Survival && len(s.Hands[seat]) > 0:
			return false
		}
		t.Sub = capDropItem
		return true
	case capDropItem:
		held := s.heldItems(seat)
		switch len(held) {
		case 0:
			s.pop()
			return true
		case 1:
			room := t.Room
			s.pop()
			a.dropItem(seat, held[0], room)
			return true
		}
		return false
	}
	return false
}

func (s *State) heldItems(seat int) []string {
	var out []string
	for _, it := range s.Items {
		if it.Holder == seat {
			out = append(out, it.Name)
		}
	}
	return out
}

func (a *applier) dropItem(seat int, item string, room int) {
	s := a.s
	i := s.itemIndex(item)
	s.Items[i].Holder, s.Items[i].Room = -1, room
	a.pub("drop_item", "%s drops the %s in %s.", s.name(seat), itemLabel(item), s.Data.RoomName(room))
}

// captureResolve removes the Presence tokens left in the attack room and
// queues one capture per token.
func (a *applier) captureResolve(room int) {
	s := a.s
	for _, t := range s.Board {
		if t.Room == room && t.Shown == nil {
			a.revealRoom(room, "the Alien is there")
			break
		}
	}
	var caps []Task
	kept := s.Board[:0:0]
	for _, t := range s.Board {
		if t.Room == room && t.Shown != nil && t.Shown.Kind == Presence {
			seat := s.owner(t.Shown.Color)
			caps = append(caps, Task{Kind: taskCapture, Seat: seat, Color: t.Shown.Color, Room: room})
			if s.Options.Survival {
				s.Captured = append(s.Captured, t.Shown.Color)
			} else {
				s.Removed = append(s.Removed, *t.Shown)
			}
			a.pub("capture", "The Alien captures %s's %s Presence token in %s.", s.name(seat), t.Shown.Color, s.Data.RoomName(room))
			continue
		}
		kept = append(kept, t)
	}
	s.Board = kept
	for i := len(caps) - 1; i >= 0; i-- {
		s.push(caps[i])
	}
}

// giveChoices lists the crew member cards seat may give the Alien: any
// card the Alien does not hold; in Heroic mode the player's own cards when
// he still has one (assumed, see the package doc).
func (s *State) giveChoices(seat int) []int {
	var own, any []int
	for i, c := range s.CrewCards {
		if c.Captured {
			continue
		}
		any = append(any, i)
		if c.Owner == seat {
			own = append(own, i)
		}
	}
	if s.Options.Heroic && len(own) > 0 {
		return own
	}
	return any
}

// canActivate says whether seat may activate an emergency procedure now.
func (s *State) canActivate(seat int) *kit.RuleError {
	if !s.Options.Survival && s.ActivatedThisTurn >= 2 {
		return kit.Errorf("procedure_limit", ruleActivating, "The crew cannot activate more than 2 emergency procedures per game turn.")
	}
	if len(s.activatable(seat)) == 0 {
		return kit.Errorf("no_procedure", ruleActivating, "%s has no emergency procedure card in hand for a procedure not yet activated.", s.name(seat))
	}
	return nil
}

// activatable lists the cards in seat's hand whose procedure is not active.
func (s *State) activatable(seat int) []int {
	var out []int
	for _, c := range s.Hands[seat] {
		if p := s.Data.Procedure(c); p >= 0 && !s.procedureActive(p) {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) procedureActive(p int) bool {
	for _, c := range s.Activated {
		if s.Data.Procedure(c) == p {
			return true
		}
	}
	return false
}

func itoaInt(n int) string { return strconv.Itoa(n) }
