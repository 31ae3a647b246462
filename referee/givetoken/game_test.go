package givetoken

import (
	"encoding/json"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// TestConformance runs the kit's checks: classification, Info, player
// counts, random games from the offered moves (every combination tried in
// the first), replay and the setup log; a short target makes games end.
func TestConformance(t *testing.T) {
	played := kittest.Conformance(t, New(), State{},
		kittest.ConformanceCase{Name: "endless", Moves: 60},
		kittest.ConformanceCase{Name: "target", Options: json.RawMessage(`{"target":5}`)},
	)
	if played[MoveGive] == 0 {
		t.Fatalf("played = %v: no give", played)
	}
}

func FuzzApply(f *testing.F) { kittest.FuzzApply(f, New()) }

func setup(t *testing.T, opts string, n int) *State {
	t.Helper()
	return kittest.Setup(t, New(), json.RawMessage(opts), n, 7).(*State)
}

func giveTo(to int) kit.Move {
	args, _ := json.Marshal(GiveArgs{To: to})
	return kit.Move{Type: MoveGive, Args: args}
}

// TestGive checks the one rule by error code and by state.
func TestGive(t *testing.T) {
	g := New()
	tests := []struct {
		name string
		who  kit.Actor
		move kit.Move
		want string
	}{
		{"OK", kit.SeatActor(0), giveTo(1), ""},
		{"ErrGiveToSelf", kit.SeatActor(2), giveTo(2), "give_to_self"},
		{"ErrUnknownSeat", kit.SeatActor(0), giveTo(6), "unknown_seat"},
		{"ErrUnknownSeatNegative", kit.SeatActor(0), giveTo(-1), "unknown_seat"},
		{"ErrHost", kit.HostActor, giveTo(1), "not_a_player"},
		{"ErrBadArgs", kit.SeatActor(0), kit.Move{Type: MoveGive, Args: json.RawMessage(`{"to":"1"}`)}, "bad_args"},
		{"ErrUnknownMove", kit.SeatActor(0), kit.Move{Type: "take"}, "unknown_move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := setup(t, "", 6)
			before, _ := json.Marshal(st)
			res, err := g.Apply(st, tc.who, tc.move, kit.NewCtx(7, 1, kittest.Epoch))
			if got := kit.ErrorCode(err); got != tc.want {
				t.Fatalf("error code = %q (%v), want %q", got, err, tc.want)
			}
			if after, _ := json.Marshal(st); string(after) != string(before) {
				t.Fatalf("Apply changed its input state")
			}
			if tc.want != "" {
				return
			}
			ns := res.State.(*State)
			if got, want := ns.Seats[1].Tokens, 1; got != want {
				t.Fatalf("seat 1 tokens = %d, want %d", got, want)
			}
			if got, want := ns.Given, 1; got != want {
				t.Fatalf("given = %d, want %d", got, want)
			}
			if err := g.Invariants(ns); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestTarget checks that the seat reaching the target wins and that every
// later move is refused with game_over.
func TestTarget(t *testing.T) {
	g := New()
	var st kit.State = setup(t, `{"target":2}`, 3)
	for i, m := range []kit.Move{giveTo(1), giveTo(1)} {
		res, err := g.Apply(st, kit.SeatActor(0), m, kit.NewCtx(7, i+1, kittest.Epoch))
		if err != nil {
			t.Fatal(err)
		}
		st = res.State
	}
	o := g.Outcome(st)
	if o == nil || len(o.Winners) != 1 || o.Winners[0] != 1 {
		t.Fatalf("Outcome = %+v, want seat 1 the winner", o)
	}
	_, err := g.Apply(st, kit.SeatActor(2), giveTo(0), kit.NewCtx(7, 3, kittest.Epoch))
	if got, want := kit.ErrorCode(err), "game_over"; got != want {
		t.Fatalf("error code = %q, want %q", got, want)
	}
	if v := g.View(st, kit.SeatViewer(0)); len(v.Moves) != 0 {
		t.Fatalf("moves after the end = %v, want none", v.Moves)
	}
}

// TestOffer checks that a seat is offered every other seat and never
// itself.
func TestOffer(t *testing.T) {
	st := setup(t, "", 6)
	v := New().View(st, kit.SeatViewer(3))
	if len(v.Moves) != 1 || len(v.Moves[0].Args) != 1 {
		t.Fatalf("moves = %+v, want one give", v.Moves)
	}
	var got []int
	for _, c := range v.Moves[0].Args[0].Choices {
		got = append(got, c.Value.(int))
	}
	if want := []int{0, 1, 2, 4, 5}; !equal(got, want) {
		t.Fatalf("to choices = %v, want %v", got, want)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSecretsStayPrivate checks that a seat's secret is in its own view
// and in no other screen's (other seats, the host, the board), nor in any
// log entry another viewer sees, before and after moves.
func TestSecretsStayPrivate(t *testing.T) {
	g := New()
	var st kit.State = setup(t, "", 6)
	seats := st.(*State).Seats
	check := func(evs []kit.Event) {
		t.Helper()
		viewers := []kit.Viewer{kit.HostViewer, kit.BoardViewer}
		for i := range seats {
			viewers = append(viewers, kit.SeatViewer(i))
		}
		for i, seat := range seats {
			for _, v := range viewers {
				b, err := json.Marshal(g.View(st, v))
				if err != nil {
					t.Fatal(err)
				}
				own := v.IsSeat(i)
				if got := strings.Contains(string(b), seat.Secret); got != own {
					t.Fatalf("view of %+v holds seat %d's secret: %v, want %v", v, i, got, own)
				}
				for _, e := range evs {
					eb, _ := json.Marshal(e)
					if e.VisibleTo(v) && !own && strings.Contains(string(eb), seat.Secret) {
						t.Fatalf("%+v sees event %s with seat %d's secret", v, e.Code, i)
					}
				}
			}
		}
	}
	check(g.SetupEvents(st))
	for i := range 12 {
		res, err := g.Apply(st, kit.SeatActor(i%6), giveTo((i+1)%6), kit.NewCtx(7, i+1, kittest.Epoch))
		if err != nil {
			t.Fatal(err)
		}
		st = res.State
		check(res.Events)
	}
}

// TestSecretsDiffer checks that the secrets come from the table's
// generator: two seeds deal different secrets, one seed the same.
func TestSecretsDiffer(t *testing.T) {
	g := New()
	a := kittest.Setup(t, g, nil, 6, 1).(*State)
	b := kittest.Setup(t, g, nil, 6, 2).(*State)
	c := kittest.Setup(t, g, nil, 6, 1).(*State)
	if a.Seats[0].Secret == b.Seats[0].Secret {
		t.Fatalf("seeds 1 and 2 dealt the same secret %q", a.Seats[0].Secret)
	}
	if a.Seats[0].Secret != c.Seats[0].Secret {
		t.Fatalf("seed 1 dealt %q then %q", a.Seats[0].Secret, c.Seats[0].Secret)
	}
	if !strings.HasPrefix(a.Seats[4].Secret, "secret-4-") || len(a.Seats[4].Secret) != 33 {
		t.Fatalf("secret = %q, want secret-4- and 24 letters", a.Seats[4].Secret)
	}
}
