package table

import (
	"encoding/json"
	"testing"

	"tablewarden/referee/kit"
)

// TestCheckArgBounds checks the catalog's bounds on whole-number args: a
// number outside them, or one that is not whole, is refused (bad_args), and
// a move whose spec has no whole-number args is left to the referee.
func TestCheckArgBounds(t *testing.T) {
	info := kit.Info{Moves: []kit.MoveSpec{
		{Type: "move_crew", Args: []kit.ArgSpec{{Name: "room", Kind: kit.ArgInt, Min: kit.IntPtr(1), Max: kit.IntPtr(10)}}},
		{Type: "give", Args: []kit.ArgSpec{{Name: "to", Kind: kit.ArgSeat}, {Name: "token", Kind: kit.ArgString}}},
	}}
	for _, c := range []struct {
		typ, args string
		refused   bool
	}{
		{"move_crew", `{"room":1}`, false},
		{"move_crew", `{"room":10}`, false},
		{"move_crew", `{"room":11}`, true},
		{"move_crew", `{"room":0}`, true},
		{"move_crew", `{"room":-4}`, true},
		{"move_crew", `{"room":2.5}`, true},
		{"move_crew", `{"room":99999999999999999999}`, true},
		{"move_crew", `{"room":"kitchen"}`, false}, // not a number: the referee's to refuse
		{"give", `{"to":-400,"token":"Target"}`, false},
		{"nope", `{"room":11}`, false},
	} {
		err := checkArgBounds(info, MoveRequest{Type: c.typ, Args: json.RawMessage(c.args)})
		if got, want := err != nil, c.refused; got != want {
			t.Errorf("%s %s: refused %v (%v), want %v", c.typ, c.args, got, err, want)
			continue
		}
		if err != nil {
			if re, ok := err.(*Error); !ok || re.Code != CodeIllegalMove || re.Rule == nil || re.Rule.Code != "bad_args" {
				t.Errorf("%s %s: %#v, want an illegal move bad_args", c.typ, c.args, err)
			}
		}
	}
}
