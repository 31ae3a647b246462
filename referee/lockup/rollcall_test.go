package lockup

import (
	"testing"

	"tablewarden/referee/kit"
)

func TestRollCall(t *testing.T) {
	st := setup(t, 1, "", "Ana", "Bia", "Caio")
	q := quietLocation(st)
	t.Run("ErrNotYourTurn", func(t *testing.T) {
		refuse(t, st, seat(1), "assign", M{"token": "crew2", "location": q, "face_down": false}, "not_your_turn")
	})
	t.Run("ErrUnknownLocation", func(t *testing.T) {
		refuse(t, st, seat(0), "assign", M{"token": "crew2", "location": 8, "face_down": false}, "unknown_location")
	})
	t.Run("ErrUnknownToken", func(t *testing.T) {
		refuse(t, st, seat(0), "assign", M{"token": "crew9", "location": q, "face_down": false}, "unknown_token")
	})
	t.Run("ErrTokenNotInCell", func(t *testing.T) {
		s, _ := play(t, st, seat(0), "assign", M{"token": "crew2", "location": q, "face_down": false})
		s, _ = play(t, s, seat(1), "assign", M{"token": "crew2", "location": q, "face_down": false})
		s, _ = play(t, s, seat(2), "assign", M{"token": "crew2", "location": q, "face_down": false})
		refuse(t, s, seat(0), "assign", M{"token": "crew2", "location": q, "face_down": false}, "token_not_in_cell")
	})
	t.Run("ErrCannotPassYet", func(t *testing.T) {
		refuse(t, st, seat(0), "pass", nil, "cannot_pass_yet")
	})
	t.Run("ErrMustPassSeventhToken", func(t *testing.T) {
		s := st.Clone()
		for i := 1; i < 7; i++ { // six tokens on board locations
			s.Players[0].Tokens[i].Place, s.Players[0].Tokens[i].Location = PlaceLocation, q
		}
		refuse(t, s, seat(0), "assign", M{"token": "explorer", "location": q, "face_down": false}, "must_pass")
	})
	t.Run("PassPutsLastTokenFaceDownOnLegend", func(t *testing.T) {
		s := rollCall(t, st, nil, map[int]string{0: "crew6"})
		p := s.Players[0]
		i := p.token("crew6")
		if got := p.Tokens[i]; got.Place != PlaceLegend || !got.FaceDown {
			t.Fatalf("last token = %+v, want face down on the legend", got)
		}
		if got := len(p.tokensIn(PlaceLocation, q)); got != 6 {
			t.Fatalf("tokens on locations = %d, want 6", got)
		}
	})
	t.Run("ErrAlreadyPassed", func(t *testing.T) {
		s := st.Clone()
		s.Players[0].Passed = true
		refuse(t, s, seat(0), "pass", nil, "already_passed")
	})
	t.Run("ErrWrongPhase", func(t *testing.T) {
		refuse(t, st, seat(0), "advance", M{"to": "STAIRS"}, "wrong_phase")
	})
	t.Run("ErrSeatOnly", func(t *testing.T) {
		refuse(t, st, kit.HostActor, "assign", M{"token": "crew2", "location": q, "face_down": false}, "seat_only")
	})
	t.Run("ErrHostOnly", func(t *testing.T) {
		s := st.Clone()
		s.Phase = PhaseLastRaid
		refuse(t, s, seat(1), "finish_raid", nil, "host_only")
	})
	t.Run("ErrBadArgs", func(t *testing.T) {
		refuse(t, st, seat(0), "assign", M{"token": "crew2", "location": q, "face_down": false, "x": 1}, "bad_args")
	})
	t.Run("ErrUnknownMove", func(t *testing.T) {
		refuse(t, st, seat(0), "dance", nil, "unknown_move")
	})
}

// TestFaceDownLimit: two with 3–5 players, three with 2 (and solo,
// assumed); the token passed onto the legend does not count.
func TestFaceDownLimit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seats []string
		limit int
	}{
		{"ThreePlayers", []string{"A", "B", "C"}, 2},
		{"FivePlayers", []string{"A", "B", "C", "D", "E"}, 2},
		{"TwoPlayers", []string{"A", "B"}, 3},
		{"Solo", []string{"A"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, 2, "", tc.seats...)
			q := quietLocation(st)
			for i := 0; i < tc.limit; i++ {
				for s := range tc.seats {
					st, _ = play(t, st, seat(s), "assign", M{"token": st.Players[s].Tokens[i+1].ID, "location": q, "face_down": true})
				}
			}
			refuse(t, st, seat(0), "assign", M{"token": "explorer", "location": q, "face_down": true}, "face_down_limit")
			st = rollCall(t, st, nil, nil)
			if got := st.Players[0].FaceDown; got != tc.limit {
				t.Fatalf("face-down count = %d, want %d (legend token not counted)", got, tc.limit)
			}
		})
	}
}

// TestSoloEighthGuardCard: at the start of every Roll Call an 8th guard
// card lies face down on the legend.
func TestSoloEighthGuardCard(t *testing.T) {
	st := setup(t, 5, "", "Ana")
	st = withTunnels(st, "", "", "", "", "", "", "")
	st = rollCall(t, st, nil, nil)
	if st.Phase != PhaseLegend || !st.GuardState.LegendRevealed {
		t.Fatalf("phase %s, guard legend revealed %v; want the legend step with the 8th card revealed", st.Phase, st.GuardState.LegendRevealed)
	}
	st = hostResolvesLegend(t, st)
	if st.Round != 2 || st.GuardState.OnLegend.Colour == "" || st.GuardState.LegendRevealed {
		t.Fatalf("round %d: 8th card %+v revealed %v; want a new face-down card", st.Round, st.GuardState.OnLegend, st.GuardState.LegendRevealed)
	}
}
