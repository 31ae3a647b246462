package givetoken

import (
	"fmt"

	"tablewarden/referee/kit"
)

// Invariants checks that the bag and hands are as dealt, that the tokens
// held add up to the count given, that the secrets are distinct and that
// the winner, if any, holds the target. It names the first one broken.
func (g *Game) Invariants(st kit.State) error { return moves.Check(st, invariants) }

func invariants(st *State) error {
	if len(st.Bag) != len(Colours) {
		return fmt.Errorf("bag has %d colours, want %d", len(st.Bag), len(Colours))
	}
	for i, c := range Colours {
		if st.Bag[i] != data.Bag.Counts[c] {
			return fmt.Errorf("bag holds %d %s, want %d", st.Bag[i], c, data.Bag.Counts[c])
		}
	}
	held, secrets := 0, map[string]bool{}
	for i, s := range st.Seats {
		if s.Hand != data.Hand.Size || s.Tokens < 0 {
			return fmt.Errorf("seat %d: hand %d, tokens %d", i, s.Hand, s.Tokens)
		}
		if len(s.Secret) != len(fmt.Sprintf("secret-%d-", i))+secretLetters || secrets[s.Secret] {
			return fmt.Errorf("seat %d: secret %q", i, s.Secret)
		}
		secrets[s.Secret] = true
		held += s.Tokens
	}
	if held != st.Given {
		return fmt.Errorf("seats hold %d tokens, %d given", held, st.Given)
	}
	switch {
	case st.Winner >= len(st.Seats):
		return fmt.Errorf("winner %d of %d seats", st.Winner, len(st.Seats))
	case st.Winner >= 0 && (st.Phase != PhaseOver || st.Seats[st.Winner].Tokens < st.Target || st.Target == 0):
		return fmt.Errorf("winner %d in phase %s", st.Winner, st.Phase)
	case st.Winner < 0 && st.Phase != PhasePlay:
		return fmt.Errorf("no winner in phase %s", st.Phase)
	}
	return nil
}
