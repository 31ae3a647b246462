package nostromo

import (
	"fmt"
	"strings"
)

// Flipping Crew tokens, attack phases and captures (Alien; Attack Phase (Special Phase); Crew Member Capture).

// flip turns the face-down Crew tokens of a room face up, removes the
// Passage tokens revealed, and reports whether any Presence token is face
// up there afterwards.
func revealRoom(a *turn, room int, why string) {
	s := a.S
	var shown []string
	kept := s.Board[:0:0]
	for _, t := range s.Board {
		if t.Room == room && t.Shown == nil {
			tok := t.Token
			t.Shown = &tok
			shown = append(shown, fmt.Sprintf("#%d %s", t.Handle, tokenLabel(tok)))
			a.Reveal()
		}
		if t.Room == room && t.Shown != nil && t.Shown.Kind == Passage {
			s.Removed = append(s.Removed, *t.Shown)
			continue
		}
		kept = append(kept, t)
	}
	s.Board = kept
	if len(shown) > 0 {
		a.Public("reveal", "Crew tokens flipped face up in %s (%s): %s. Passage tokens revealed are removed.", s.Data.RoomName(room), why, strings.Join(shown, ", "))
	}
}

// startAttack starts an attack phase in room (Attack Phase).
func startAttack(a *turn, room int) {
	s := a.S
	s.AttackRoom = room
	s.Attack = &Attack{Room: room}
	s.push(Task{Kind: taskAttackEnd, Room: room})
	s.push(Task{Kind: taskCaptureResolve, Room: room})
	a.Public("attack", "Attack phase in %s.", s.Data.RoomName(room))
	if s.Posture != Aggressive {
		s.push(Task{Kind: taskWindow, Room: room, Reason: "attack: save crew members with mission orders or Items, or pass"})
	} else {
		a.Public("attack_aggressive", "The Alien is Aggressive: no mission orders nor Items in this attack.")
	}
}

// alienCheck reveals the face-down Crew tokens in the face-up Alien token's
// room and starts an attack phase when a Presence token is face up there.
// It reports whether it changed anything.
func alienCheck(a *turn) bool {
	s := a.S
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
		revealRoom(a, s.AlienRoom, "the Alien is there")
	}
	if len(s.faceUpPresence(s.AlienRoom)) > 0 {
		startAttack(a, s.AlienRoom)
		return true
	}
	return changed || n != len(s.Removed)
}

// captureResolve removes the Presence tokens left in the attack room and
// queues one capture per token.
func captureResolve(a *turn, room int) {
	s := a.S
	for _, t := range s.Board {
		if t.Room == room && t.Shown == nil {
			revealRoom(a, room, "the Alien is there")
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
			a.Public("capture", "The Alien captures %s's %s Presence token in %s.", s.name(seat), t.Shown.Color, s.Data.RoomName(room))
			if s.Attack != nil {
				s.Attack.Caught = append(s.Attack.Caught, t.Shown.Color)
			}
			continue
		}
		kept = append(kept, t)
	}
	s.Board = kept
	for i := len(caps) - 1; i >= 0; i-- {
		s.push(caps[i])
	}
}

// runCapture runs the automatic sub-steps of one captured Presence token
// (Capture a Crew Member, Hard-core penalties, Survival capture).
func runCapture(a *turn, t *Task) bool {
	s := a.S
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
				c := h[a.RNG.Intn(len(h))]
				a.Reveal()
				discardFromHand(a, seat, c, "at random, capture penalty")
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
			dropItem(a, seat, held[0], room)
			return true
		}
		return false
	}
	return false
}

func dropItem(a *turn, seat int, item string, room int) {
	s := a.S
	i := s.itemIndex(item)
	s.Items[i].Holder, s.Items[i].Room = -1, room
	a.Public("drop_item", "%s drops the %s in %s.", s.name(seat), itemLabel(item), s.Data.RoomName(room))
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
