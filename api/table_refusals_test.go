package api_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"tablewarden/referee/kit"
)

// refusal is an error body as the server sends it.
type refusal struct {
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Rule    string            `json:"rule"`
	Params  map[string]string `json:"params"`
}

func refusalOf(t *testing.T, body []byte) refusal {
	t.Helper()
	var r refusal
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("refusal %s: %v", body, err)
	}
	return r
}

var decoderWords = regexp.MustCompile(`json:|Go struct|Go value|unmarshal|jsontext`)

// TestTableRefusalsNameGameAndSection: the refusals the table layer makes
// name the game and the section of its book, as the referees' do: a bad
// table option (every game), a whole number out of the catalog's range,
// and a move after the end (the section that ended the game). A move or
// an undo before the start is a conflict with its code, not_started.
func TestTableRefusalsNameGameAndSection(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	t.Run("BadOption", func(t *testing.T) {
		for _, game := range []string{"jumpship", "captainisdead", "lockup", "spacecadets", "nostromo"} {
			for _, opts := range []any{map[string]any{"zz_nope": 1}, []int{1}} {
				st, body := ts.Call("POST", "/api/tables", "", map[string]any{"game": game, "options": opts})
				r := refusalOf(t, body)
				if st != 422 || r.Code != "bad_option" || !strings.Contains(r.Rule, " › ") || decoderWords.MatchString(r.Message) {
					t.Fatalf("%s options %v = %d %s, want 422 bad_option naming the game and a section, in plain words", game, opts, st, body)
				}
			}
		}
	})
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 3)
	moves := "/api/tables/" + tb.ID + "/moves"
	t.Run("NotStarted", func(t *testing.T) {
		for _, c := range []struct{ path, token string }{{moves, tb.Tokens[0]}, {"/api/tables/" + tb.ID + "/undo", tb.Host}} {
			st, body := ts.Call("POST", c.path, c.token, map[string]any{"type": "roll", "args": map[string]any{"dice": 1}})
			if r := refusalOf(t, body); st != 409 || r.Error != "conflict" || r.Code != "not_started" {
				t.Errorf("POST %s before the start = %d %s, want 409 conflict with code not_started", c.path, st, body)
			}
		}
	})
	ts.Start(tb)
	driveCaptain(t, ts, tb, "the first step", func(m kit.MoveSpec) bool { return m.Type == "next_step" })
	t.Run("OutOfRange", func(t *testing.T) {
		st, body := ts.Call("POST", moves, tb.Tokens[1], map[string]any{"type": "ship_moved", "args": map[string]any{"row": 1, "col": 1, "facing": "N", "beak_squares": 9}})
		r := refusalOf(t, body)
		if st != 422 || r.Code != "bad_args" || !strings.HasPrefix(r.Rule, "Space Cadets › ") ||
			r.Message != "beak_squares must be a whole number from 0 to 4; it was 9." {
			t.Errorf("beak_squares 9 = %d %s, want bad_args naming Space Cadets' section and saying what it must be", st, body)
		}
	})
	t.Run("TimerNotSystem", func(t *testing.T) {
		st, body := ts.Call("POST", moves, tb.Host, map[string]any{"type": kit.TimerExpiredMove, "args": map[string]any{"name": "step3a", "generation": 1}})
		if r := refusalOf(t, body); st != 422 || r.Code != "system_only" || !strings.HasPrefix(r.Rule, "Space Cadets › ") {
			t.Errorf("timer_expired from the host = %d %s, want system_only naming Space Cadets' section", st, body)
		}
	})
	t.Run("AfterTheEnd", func(t *testing.T) {
		ts.Must(200, "POST", moves, tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}}, nil)
		v := ts.View(tb, "")
		if v.View == nil || v.View.Outcome == nil || v.View.Outcome.Rule == "" {
			t.Fatalf("the mission did not end with a rule: %+v", v.View)
		}
		st, body := ts.Call("POST", moves, tb.Host, map[string]any{"type": "roll", "args": map[string]any{"dice": 1}})
		r := refusalOf(t, body)
		if st != 422 || r.Code != "game_over" || r.Rule != v.View.Outcome.Rule || !strings.HasPrefix(r.Rule, "Space Cadets › Mission 7") {
			t.Errorf("a move after the end = %d %s, want game_over naming the section that ended it (%q)", st, body, v.View.Outcome.Rule)
		}
	})
}

// TestBadArgsOverHTTP: a move whose arguments the decoder refuses gets a
// plain sentence naming the argument and what it must be, in English, with
// its Portuguese term for Lockup's pt-BR pages.
func TestBadArgsOverHTTP(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	moves := "/api/tables/" + tb.ID + "/moves"
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"to": "abc", "token": "Target"}, `to must be a seat number; it was "abc".`},
		{map[string]any{"x": 1}, `x is not one of this move's arguments.`},
	} {
		found := false
		for seat := range 5 {
			st, body := ts.Call("POST", moves, tb.Tokens[seat], map[string]any{"type": "give", "args": c.args})
			r := refusalOf(t, body)
			if r.Code != "bad_args" {
				continue // not this seat's move now
			}
			if st != 422 || r.Message != c.want || decoderWords.MatchString(string(body)) || !strings.HasPrefix(r.Params["detail"], "§bad_args.") {
				t.Fatalf("give %v = %d %s, want %q", c.args, st, body, c.want)
			}
			found = true
			break
		}
		if !found {
			t.Fatalf("give %v: no seat got bad_args", c.args)
		}
	}
}
