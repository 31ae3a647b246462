package table

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"tablewarden/referee/kit"
)

// TestViewJSONIsMarshal checks the hand-written encoders of viewjson.go
// against json.Marshal: every rune, invalid UTF-8, numbers at the edges of
// json.Marshal's forms, and the kit's view types with every optional field
// left out and filled in.
func TestViewJSONIsMarshal(t *testing.T) {
	same := func(what string, got []byte, v any) {
		t.Helper()
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: json.Marshal: %v", what, err)
		}
		if string(got) != string(want) {
			t.Fatalf("%s: got %s, want %s", what, got, want)
		}
	}
	var buf []byte
	for r := rune(0); r <= utf8.MaxRune; r++ {
		s := "a" + string(r) + "b"
		buf = appendString(buf[:0], s)
		want, _ := json.Marshal(s)
		if string(buf) != string(want) {
			t.Fatalf("rune %U: got %s, want %s", r, buf, want)
		}
	}
	for _, s := range []string{"\xff", "a\x80b", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "ok\xc3", "\u2028\u2029<>&\"\\/\x7f", ""} {
		same("string "+s, appendString(nil, s), s)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.IntN(12))
		for j := range b {
			b[j] = byte(rng.IntN(256))
		}
		same("random bytes", appendString(nil, string(b)), string(b))
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 0.5, 1, -1, 1.0 / 3, 1e-6, 9.99e-7, 1e-7, 1.5e-300, 1e20, 1e21, 123456789012345678901234.0, -2.5e-8, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		got, ok := appendFloat(nil, f)
		if !ok {
			t.Fatalf("float %v refused", f)
		}
		same("float", got, f)
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, ok := appendFloat(nil, f); ok {
			t.Errorf("float %v accepted; json.Marshal refuses it", f)
		}
	}

	seat := 2
	seats := []kit.SeatView{
		{},
		{Seat: 1, Name: "Ana <3 & \"Bo\"", Status: "out", Facts: map[string]any{"z": "1", "a": "é", "m\n": "\u2028", "n": 3, "b": true, "l": []string{"x<", "y"}, "e": []string{}}, StatusLabel: "out & <gone>"},
		{Seat: 3, Name: "Cid", Facts: map[string]any{}},
	}
	same("seats", appendSeats(nil, seats), seats)
	same("no seats", appendSeats(nil, nil), []kit.SeatView(nil))
	same("empty seats", appendSeats(nil, []kit.SeatView{}), []kit.SeatView{})
	tracks := []kit.TrackView{{}, {Name: "n", Label: "L", Pos: 3, Steps: []string{"a", "<b>"}, Max: 5}, {Steps: []string{}}}
	same("tracks", appendTracks(nil, tracks), tracks)
	same("no tracks", appendTracks(nil, nil), []kit.TrackView(nil))
	for _, p := range []*kit.Prompt{nil, {}, {Code: "c", Text: "Your turn, {name}", Params: map[string]string{"name": "Ana", "b": "x"}}, {Params: map[string]string{}}} {
		same("prompt", appendPrompt(nil, p), p)
	}
	boards := []*kit.BoardView{
		nil,
		{},
		{Title: "T"},
		{Nodes: []kit.BoardNode{{}}},
		{
			Title: "The Nostromo",
			Nodes: []kit.BoardNode{
				{ID: "a", Label: "A", X: 0.25, Y: 1e-7},
				{ID: "b", Label: "B", X: 1, Y: 0, Tags: []string{"current", "danger"}, Note: "Ship Control: Locked",
					Pieces: []kit.Piece{{Kind: "crew", Label: "Ana"}, {Kind: "token", Label: "x", Seat: &seat, Count: 3}, {Seat: new(int)}},
					Row:    1, Col: 2, Rows: 3, Cols: 4, Mark: "7"},
			},
			Edges:    []kit.BoardEdge{{From: "a", To: "b"}, {From: "b", To: "a", Label: "1 cloth", Tags: []string{"closed"}}},
			Counters: []kit.BoardCounter{{}, {Label: "Bag", Value: "42"}},
			Slots:    []kit.BoardSlot{{Label: "A"}, {Label: "B", Value: "card", Tags: []string{"card"}}},
		},
	}
	for _, bv := range boards {
		got, err := marshalBoard(bv)
		if err != nil {
			t.Fatal(err)
		}
		same("board", got, bv)
	}
	moves := []kit.MoveSpec{
		{},
		{Type: "give", Label: "Give <a> token", Rule: "p. 4", Host: true, Primary: true, Group: "Tokens", Confirm: "Sure?", Ask: kit.AskEndsGame,
			Args: []kit.ArgSpec{
				{},
				{Name: "to", Label: "To", Kind: kit.ArgSeat, Min: new(int), Max: &seat, Optional: true, Secret: true,
					Choices: []kit.Choice{{Value: 1, Label: "Ana"}, {Value: "x\u2028", Label: ""}, {Value: true}, {Value: -3}}},
				{Choices: []kit.Choice{}},
			}},
		{Args: []kit.ArgSpec{}},
	}
	for _, v := range [][]kit.MoveSpec{nil, {}, moves} {
		got, err := marshalMoves(v)
		if err != nil {
			t.Fatal(err)
		}
		same("moves", got, v)
	}
	odd := []kit.MoveSpec{{Args: []kit.ArgSpec{{Choices: []kit.Choice{{Value: 2.5}, {Value: nil}, {Value: []int{1}}}}}}}
	if _, ok := appendMoves(nil, odd); ok {
		t.Error("a choice that is not an int, a string or a bool was encoded by hand")
	}
	got, err := marshalMoves(odd)
	if err != nil {
		t.Fatal(err)
	}
	same("moves with other choices", got, odd)
	for _, m := range []Me{{}, {Role: "seat", Seat: 3, Name: "Ana & <Bo>"}, {Role: "host", Seat: -1}} {
		same("me", appendMe(nil, m), m)
	}
	for _, h := range []viewHead{{}, {Game: "g", Phase: "p", PhaseLabel: "Roll Call", Turn: []int{0, 5}}, {Turn: []int{}}} {
		same("view head", appendViewHead(nil, h), h)
	}
	bad := &kit.BoardView{Nodes: []kit.BoardNode{{X: math.NaN()}}}
	if _, err := marshalBoard(bad); err == nil {
		t.Error("a board with a NaN coordinate encoded; json.Marshal refuses it")
	}
}
