package api_test

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestStartAssignsStations checks that the host assigns Space Cadets'
// stations with the start, naming the seats as the lobby lists them: a
// removed seat shifts the dealt order and the assignment follows the
// players; the options stored are the dealt ones; only seat options are
// taken, and only seats at the table.
func TestStartAssignsStations(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	t.Run("OK", func(t *testing.T) {
		tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 4)
		ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/1", tb.Host, nil, nil)
		// Lobby seats 0, 2, 3 are dealt as 0, 1, 2.
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/start", tb.Host, map[string]any{"options": map[string]any{"captain_seat": 3, "science_seat": 2, "sensors_seat": -1}}, nil)
		// Sensors by default: the second of three dealt seats (lobby seat 2).
		for seat, want := range map[int][]string{3: {"captain"}, 2: {"science", "sensors"}, 0: nil} {
			got := slices.DeleteFunc(stationNames(t, ts.View(tb, tb.Tokens[seat])), func(s string) bool { return s == "crew" })
			if !slices.Equal(got, want) {
				t.Errorf("lobby seat %d holds %v, want %v", seat, got, want)
			}
		}
		if n := ts.QueryInt(`SELECT count(*) FROM game_tables WHERE id = ? AND options LIKE '%"captain_seat":2%' AND options LIKE '%"science_seat":1%' AND options LIKE '%"mission":"7"%'`, tb.ID); n != 1 {
			t.Fatal("the stored options do not hold the dealt stations beside the mission")
		}
	})
	for _, c := range []struct {
		name    string
		options map[string]any
	}{
		{"ErrNotASeatOption", map[string]any{"mission": "8"}},
		{"ErrRemovedSeat", map[string]any{"captain_seat": 1}},
		{"ErrUnknownSeat", map[string]any{"science_seat": 7}},
		{"ErrNotANumber", map[string]any{"captain_seat": "Ann"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := ts.NewTable("spacecadets", nil, 3)
			ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/1", tb.Host, nil, nil)
			code, body := ts.Call("POST", "/api/tables/"+tb.ID+"/start", tb.Host, map[string]any{"options": c.options})
			var e struct {
				Code string `json:"code"`
			}
			_ = json.Unmarshal(body, &e)
			if code != 422 || e.Code != "bad_option" {
				t.Fatalf("start with %v = %d %s, want 422 bad_option", c.options, code, body)
			}
			if v := ts.View(tb, tb.Host); v.Status != "lobby" {
				t.Fatalf("status = %s after a refused start, want lobby", v.Status)
			}
		})
	}
	t.Run("OKNoBody", func(t *testing.T) {
		tb := ts.NewTable("spacecadets", nil, 3)
		ts.Start(tb)
		if got := stationNames(t, ts.View(tb, tb.Tokens[0])); !slices.Contains(got, "captain") {
			t.Fatalf("the first player holds %v, want the Captain by default", got)
		}
	})
}
