package captainisdead

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

var game = New()

var names = []string{"Ann", "Bea", "Cal", "Dee", "Eve", "Fay", "Gus"}

// setup sets a table up with n seats and the given options.
func setup(t testing.TB, opts string, n int) *State {
	t.Helper()
	st, err := game.Setup(json.RawMessage(opts), names[:n], kit.NewCtx(1, 0, kittest.Epoch))
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	return st.(*State)
}

// colourOf returns the colour whose triple holds a role.
func colourOf(d *Data, role string) string {
	for _, c := range d.Colours {
		for _, r := range c.Roles {
			if r == role {
				return c.Name
			}
		}
	}
	return ""
}

// begin seats one player per role (giving each the colour of that role),
// chooses the roles, resolves the five setup alerts with nothing on them
// and returns the state at the first turn.
func begin(t testing.TB, opts string, roles ...string) *State {
	t.Helper()
	s := setup(t, opts, len(roles))
	for i, r := range roles {
		s.Players[i].Colour = colourOf(s.Data, r)
	}
	for i, r := range roles {
		s = apply(t, s, kit.SeatActor(i), MoveChooseRole, roleArgs{r})
	}
	for s.Phase == PhaseAlert {
		s = apply(t, s, kit.HostActor, MoveFinishAlert, nil)
	}
	return s
}

// turnOf makes it a seat's turn with all its actions.
func turnOf(s *State, seat int) *State {
	for i, o := range s.Order {
		if o == seat {
			s.Turn = i
		}
	}
	s.ActionsUsed = 0
	return s
}

// playing is begin, then the first seat's turn, with an Infantry far away
// in the Cargo Pod that keeps the ship from emptying of aliens.
func playing(t testing.TB, opts string, roles ...string) *State {
	t.Helper()
	s := turnOf(begin(t, opts, roles...), 0)
	put(s, Infantry, "Cargo Pod", 1)
	return s
}

// try applies a move and returns the result and error.
func try(s *State, who kit.Actor, typ string, args any) (kit.Result, error) {
	return game.Apply(s, who, kittest.MakeMove(typ, args), kit.NewCtx(7, 3, kittest.Epoch))
}

// apply applies a move that must be accepted and keep the invariants.
func apply(t testing.TB, s *State, who kit.Actor, typ string, args any) *State {
	t.Helper()
	res, err := try(s, who, typ, args)
	if err != nil {
		t.Fatalf("%s by %+v %v: %v", typ, who, args, err)
	}
	if err := game.Invariants(res.State); err != nil {
		t.Fatalf("%s: Invariants: %v", typ, err)
	}
	return res.State.(*State)
}

// refuse applies a move that must be refused with code.
func refuse(t testing.TB, s *State, who kit.Actor, typ string, args any, code string) {
	t.Helper()
	_, err := try(s, who, typ, args)
	if got := kit.ErrorCode(err); got != code {
		t.Fatalf("%s %v: error = %v, want code %q", typ, args, err, code)
	}
}

// room returns a room index by name.
func room(s *State, name string) int { return s.Data.room(name) }

// put places aliens directly (test arrangement).
func put(s *State, rank int, roomName string, n int) {
	s.Rooms[room(s, roomName)].Aliens[rank] += n
}

// at moves a character directly (test arrangement).
func at(s *State, seat int, roomName string) { s.Players[seat].Room = room(s, roomName) }

// endAndFinish ends the active player's turn and finishes the alert with
// nothing applied, running Perform Hostile Alien Actions.
func endAndFinish(t testing.TB, s *State) *State {
	t.Helper()
	s = apply(t, s, kit.SeatActor(s.active()), MoveEndTurn, nil)
	return apply(t, s, kit.HostActor, MoveFinishAlert, nil)
}

func concealment(s *State) string { return ConcealmentDef.StepLabel(s.Concealment.Pos) }
func shipControl(s *State) string { return ShipControlDef.StepLabel(s.ShipControl.Pos) }

// wantConcealment fails the test unless the Concealment Level reads want.
func wantConcealment(t *testing.T, s *State, want string) {
	t.Helper()
	if got := concealment(s); got != want {
		t.Fatalf("Concealment = %s, want %s", got, want)
	}
}

// wantShipControl fails the test unless the Ship Control track reads want.
func wantShipControl(t *testing.T, s *State, want string) {
	t.Helper()
	if got := shipControl(s); got != want {
		t.Fatalf("Ship Control = %s, want %s", got, want)
	}
}
