package kit

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"
)

// counter is a toy game for the move table: seats add to a shared count
// up to a limit; the host resets; anyone may "ping".
type counter struct {
	Count int
	Phase string
	Pings int
}

type addArgs struct {
	N int `json:"n"`
}

func newCounterMoves() *Moves[counter] {
	return NewMoves(MovesConfig[counter]{
		Game:  "Counter",
		Rule:  "Counter › Turns",
		Clone: func(c *counter) *counter { cp := *c; return &cp },
		Over: func(c *counter) *RuleError {
			if c.Count >= 10 {
				return Errorf("game_over", "Counter › End", "The count reached 10.")
			}
			return nil
		},
		Seats: func(*counter) int { return 2 },
		Phase: func(c *counter) string { return c.Phase },
		After: func(t *Turn[counter]) { t.Public("after", "checked") },
	},
		MoveDef[counter]{
			Spec: MoveSpec{Type: "add", Label: "Add", Rule: "Counter › Adding",
				Args: []ArgSpec{{Name: "n", Label: "How many", Kind: ArgInt}}},
			Phases: []string{"play"},
			Who:    BySeat,
			// Offers 1 or 2 only; Apply also accepts 3 (a drift the wrapper
			// must refuse).
			Offer: func(c *counter, seat int) *MoveSpec {
				return &MoveSpec{Type: "add", Label: "Add", Rule: "Counter › Adding",
					Args: []ArgSpec{{Name: "n", Label: "How many", Kind: ArgInt, Choices: []Choice{{Value: 1, Label: "one"}, {Value: 2, Label: "two"}}}}}
			},
			Apply: Args("Counter › Adding", func(t *Turn[counter], seat int, a addArgs) error {
				if a.N < 1 || a.N > 3 {
					return Errorf("bad_amount", "Counter › Adding", "Add 1 to 3.")
				}
				t.S.Count += a.N
				t.Public("added", "Seat %d added %d.", seat, a.N)
				return nil
			}),
		},
		MoveDef[counter]{
			Spec: MoveSpec{Type: "reset", Label: "Reset", Rule: "Counter › Host"},
			Who:  ByHost,
			Offer: func(c *counter, seat int) *MoveSpec {
				return &MoveSpec{Type: "reset", Label: "Reset", Rule: "Counter › Host"}
			},
			Apply: NoArgs("Counter › Host", func(t *Turn[counter], seat int) error {
				t.S.Count = 0
				t.Reveal()
				return nil
			}),
		},
		MoveDef[counter]{
			Spec: MoveSpec{Type: "ping", Label: "Ping", Rule: "Counter › Pings",
				Args: []ArgSpec{{Name: "n", Label: "Which", Kind: ArgInt}}},
			Who: ByHostOrSeat,
			OfferAll: func(c *counter, seat int) []MoveSpec {
				if seat < 0 {
					return []MoveSpec{{Type: "ping", Label: "Ping", Args: []ArgSpec{{Name: "n", Kind: ArgInt, Choices: []Choice{{Value: 9}}}}}}
				}
				return []MoveSpec{
					{Type: "ping", Label: "Ping", Args: []ArgSpec{{Name: "n", Kind: ArgInt, Choices: []Choice{{Value: 1}}}}},
					{Type: "ping", Label: "Ping", Args: []ArgSpec{{Name: "n", Kind: ArgInt, Choices: []Choice{{Value: 2}}}}},
				}
			},
			Apply: Args("Counter › Pings", func(t *Turn[counter], seat int, a addArgs) error {
				t.S.Pings++
				return nil
			}),
		},
	)
}

func moveOf(typ string, args any) Move {
	b, _ := json.Marshal(args)
	return Move{Type: typ, Args: b}
}

func TestMovesApply(t *testing.T) {
	ms := newCounterMoves()
	ctx := NewCtx(1, 1, time.Unix(0, 0))
	play := &counter{Phase: "play"}
	tests := []struct {
		name string
		st   State
		who  Actor
		m    Move
		want string // error code, "" for accepted
	}{
		{"OK", play, SeatActor(0), moveOf("add", addArgs{2}), ""},
		{"ErrGameOver", &counter{Count: 10, Phase: "play"}, SeatActor(0), moveOf("add", addArgs{1}), "game_over"},
		{"ErrUnknownMove", play, SeatActor(0), moveOf("jump", nil), "unknown_move"},
		{"ErrSeatOnly", play, HostActor, moveOf("add", addArgs{1}), "seat_only"},
		{"ErrSeatOutOfRange", play, SeatActor(2), moveOf("add", addArgs{1}), "seat_only"},
		{"ErrHostOnly", play, SeatActor(0), moveOf("reset", nil), "host_only"},
		{"ErrWrongPhase", &counter{Phase: "setup"}, SeatActor(0), moveOf("add", addArgs{1}), "wrong_phase"},
		{"ErrBadArgs", play, SeatActor(0), Move{Type: "add", Args: json.RawMessage(`{"n":"x"}`)}, "bad_args"},
		{"ErrBadArgsUnknownField", play, SeatActor(0), Move{Type: "add", Args: json.RawMessage(`{"m":1}`)}, "bad_args"},
		{"ErrRuleOwnRefusal", play, SeatActor(0), moveOf("add", addArgs{7}), "bad_amount"},
		{"ErrNotOffered", play, SeatActor(0), moveOf("add", addArgs{3}), "not_offered"},
		{"OKHostOrSeatAsHost", play, HostActor, moveOf("ping", addArgs{9}), ""},
		{"OKHostOrSeatAsSeatSecondOffer", play, SeatActor(1), moveOf("ping", addArgs{2}), ""},
		{"ErrHostOrSeatNotInAnyOffer", play, SeatActor(1), moveOf("ping", addArgs{9}), "not_offered"},
		{"OKHost", play, HostActor, moveOf("reset", nil), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := *tt.st.(*counter)
			res, err := ms.Apply(tt.st, tt.who, tt.m, ctx)
			if got := ErrorCode(err); got != tt.want {
				t.Fatalf("error code = %q (%v), want %q", got, err, tt.want)
			}
			if *tt.st.(*counter) != before {
				t.Fatalf("Apply changed its input: %+v, want %+v", *tt.st.(*counter), before)
			}
			if tt.want != "" {
				return
			}
			if res.State == nil || len(res.Events) == 0 || res.Events[len(res.Events)-1].Code != "after" {
				t.Fatalf("result %+v: want a new state and After's event last", res)
			}
		})
	}
	t.Run("RevealsKept", func(t *testing.T) {
		res, err := ms.Apply(play, HostActor, moveOf("reset", nil), ctx)
		if err != nil || !res.Reveals {
			t.Fatalf("reset: err %v, Reveals %v; want accepted with Reveals", err, res.Reveals)
		}
	})
	t.Run("ErrStateType", func(t *testing.T) {
		_, err := ms.Apply(&struct{}{}, SeatActor(0), moveOf("add", addArgs{1}), ctx)
		if !errors.Is(err, ErrStateType) {
			t.Fatalf("err = %v, want ErrStateType", err)
		}
	})
	t.Run("BadArgsNamesTheMovesSection", func(t *testing.T) {
		_, err := ms.Apply(play, SeatActor(0), Move{Type: "add", Args: json.RawMessage(`[]`)}, ctx)
		re, ok := AsRuleError(err)
		if !ok || re.Rule != "Counter › Adding" {
			t.Fatalf("err = %v, want bad_args naming Counter › Adding", err)
		}
	})
}

func TestMovesOffers(t *testing.T) {
	ms := newCounterMoves()
	types := func(specs []MoveSpec) []string {
		var out []string
		for _, s := range specs {
			out = append(out, s.Type)
		}
		return out
	}
	if got, want := types(ms.Offers(&counter{Phase: "play"}, 0)), []string{"add", "ping", "ping"}; !slices.Equal(got, want) {
		t.Fatalf("seat offers = %v, want %v", got, want)
	}
	if got, want := types(ms.Offers(&counter{Phase: "play"}, -1)), []string{"reset", "ping"}; !slices.Equal(got, want) {
		t.Fatalf("host offers = %v, want %v", got, want)
	}
	if got, want := types(ms.Offers(&counter{Phase: "setup"}, 0)), []string{"ping", "ping"}; !slices.Equal(got, want) {
		t.Fatalf("seat offers outside the phase = %v, want %v", got, want)
	}
	if got := ms.Offers(&counter{Count: 10}, 0); len(got) != 0 {
		t.Fatalf("offers after the end = %v, want none", got)
	}
	if spec, _ := ms.Def("reset"); !spec.Spec.Host {
		t.Fatalf("reset's spec is not marked Host")
	}
}
