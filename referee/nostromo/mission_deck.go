package nostromo

import (
	"strings"

	"tablewarden/referee/kit"
)

// The Mission deck: drawing, discarding (Weyland protocols) and the Survival reshuffle.

// draw moves n cards from the Mission deck to a crew seat's hand.
func draw(a *turn, seat, n int, why string) {
	s := a.S
	var got []string
	for i := 0; i < n; i++ {
		if s.Deck.Len() == 0 {
			refillDeck(a)
		}
		c, ok := s.Deck.Draw()
		if !ok {
			break
		}
		s.Hands[seat] = append(s.Hands[seat], c)
		got = append(got, s.Data.CardName(c))
		a.Reveal()
		if s.Deck.Len() == 0 && !refillDeck(a) {
			break
		}
	}
	if len(got) == 0 {
		return
	}
	a.Public("draw", "%s draws %d Mission card(s) (%s).", s.name(seat), len(got), why)
	a.Private("draw_private", "You draw "+strings.Join(got, ", ")+".", seat)
}

// refillDeck reshuffles the discard pile into a new Mission deck when the
// deck is empty in Survival mode. It reports whether the deck has cards.
func refillDeck(a *turn) bool {
	s := a.S
	if s.Deck.Len() > 0 {
		return true
	}
	if !s.Options.Survival || len(s.Discard) == 0 {
		return false
	}
	s.Deck = kit.NewDeck(s.Discard...)
	s.Deck.Shuffle(a.RNG)
	s.Discard = nil
	a.Public("deck_reshuffled", "The Mission deck is depleted: the discard pile is shuffled into a new Mission deck (Survival mode).")
	return true
}

// discardFromDeck discards the top Mission card. A Weyland protocol is
// applied by the Alien player: its effect task is pushed.
func discardFromDeck(a *turn, why string) {
	s := a.S
	refillDeck(a)
	c, ok := s.Deck.Draw()
	if !ok {
		return
	}
	a.Reveal()
	s.Discard = append(s.Discard, c)
	a.Public("deck_discard", "%s is discarded from the Mission deck (%s).", s.Data.CardName(c), why)
	if s.Data.IsWeyland(c) {
		s.push(Task{Kind: taskEffect, Source: srcWeyland, Card: c, Seat: s.Alien})
		a.Public("weyland", "The Alien player applies the Weyland protocol of Mission card %d.", c)
	}
	refillDeck(a)
}

// discardFromHand moves a card from a crew hand to the discard pile. With
// the Hard-core (Veteran) difficulty a discarded Weyland protocol is
// played by the Alien player.
func discardFromHand(a *turn, seat, card int, how string) {
	s := a.S
	s.Hands[seat], _ = without(s.Hands[seat], card)
	s.Discard = append(s.Discard, card)
	a.Public("hand_discard", "%s discards %s from hand (%s).", s.name(seat), s.Data.CardName(card), how)
	if s.veteran() && s.Data.IsWeyland(card) {
		s.push(Task{Kind: taskEffect, Source: srcWeyland, Card: card, Seat: s.Alien})
		a.Public("weyland", "The Alien player plays the Weyland protocol of Mission card %d discarded from a hand (Hard-core).", card)
	}
}
