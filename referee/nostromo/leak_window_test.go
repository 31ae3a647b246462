package nostromo

import (
	"fmt"
	"testing"
)

// hideAll plays a whole hiding phase up to the moment the last token is
// placed: windows are passed, each placer places all its tokens, the Crew
// tokens in rooms by placement count and the Blips in the first free room.
// With flip the identities are taken in the other order (the last
// placeable token first, the Blips reversed), the rooms staying the same.
func (x *tg) hideAll(flip bool) {
	x.t.Helper()
	for placed := 0; x.st.Phase == PhaseHiding && x.st.Stage != stEnding; {
		switch p := x.st.hidingPlacer(); {
		case x.windowOpen():
			x.pass()
		case p == x.st.Alien:
			blips := x.st.BlipReserve
			k := blips[0]
			if flip {
				k = blips[len(blips)-1]
			}
			x.ok(p, "place_blip", map[string]any{"blip": k, "room": x.st.blipRooms()[0]})
		case p >= 0:
			toks := x.st.placeable(p)
			tok := toks[0]
			if flip {
				tok = toks[len(toks)-1]
			}
			x.ok(p, "place_crew_token", map[string]any{"token": tokenValue(tok), "room": 1 + placed%10})
			placed++
		default:
			x.t.Fatalf("hiding phase waits for nobody (stage %s)", x.st.Stage)
		}
	}
}

// TestLeakLastTokenPlaced checks the moment the last Crew or Blip token is
// placed, for every player count: the phase is still hiding and the crew
// is asked for mission orders before the posture phase, but nobody may
// look at the tokens any more (1 - Hiding Phase). Two games whose tokens
// lie in the same rooms with other identities give every viewer, each
// token's owner included, the same view and the same log.
func TestLeakLastTokenPlaced(t *testing.T) {
	for n := 2; n <= 7; n++ {
		t.Run(fmt.Sprintf("%dPlayers", n), func(t *testing.T) {
			a, b := newTG(t, n, ""), newTG(t, n, "")
			a.hideAll(false)
			b.hideAll(true)
			if a.st.Phase != PhaseHiding || !a.windowOpen() || a.st.top().Reason != "before the posture phase" {
				t.Fatalf("phase %s, stage %s, tasks %+v: want the hiding phase's last mission-order window", a.st.Phase, a.st.Stage, a.st.Tasks)
			}
			same := 0
			for i := range a.st.Board {
				if a.st.Board[i].Token == b.st.Board[i].Token {
					same++
				}
			}
			if same == len(a.st.Board) {
				t.Fatal("both games placed the same tokens: the test compares nothing")
			}
			sameFor(t, a, b)
			sameLog(t, a, b)
		})
	}
}
