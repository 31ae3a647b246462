package api_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"

	tablepkg "tablewarden/table"
)

func init() {
	// A result as CSV is checked as an opaque text body.
	openapi3filter.RegisterBodyDecoder("text/csv", openapi3filter.FileBodyDecoder)
}

// TestResultLockup plays a three-seat Lockup game to its end and reads its
// result as JSON and as CSV: the seats by name, the winners of the outcome,
// each seat's points by category adding up to its total, and the CSV's
// lines carrying the same figures.
func TestResultLockup(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("lockup", nil, 3)
	ts.Start(tb)
	if st, body := ts.Call("GET", "/api/tables/"+tb.ID+"/result", tb.Host, nil); st != 409 || !bytes.Contains(body, []byte(`"not_ended"`)) {
		t.Fatalf("result of a running game = %d %s, want 409 not_ended", st, body)
	}
	r := rand.New(rand.NewPCG(5, 5))
	advance := []string{"assign", "pass", "resolve_legend", "finish_raid", "stop_advancing", "advance", "keep_loot", "submit_final_score"}
	for i := 0; i < 30 && ts.View(tb, "").View.Outcome == nil; i++ {
		playPreferring(t, ts, tb, r, 100, advance)
	}
	finishLockupScoring(t, ts, tb)
	out := ts.View(tb, "").View.Outcome
	if out == nil {
		t.Fatal("the game did not end")
	}
	var res tablepkg.Result
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/result", tb.Tokens[1], nil, &res)
	if res.Game != "lockup" || res.TableID != tb.ID || len(res.Seats) != 3 {
		t.Fatalf("result = %+v, want lockup's three seats", res)
	}
	for i, s := range res.Seats {
		if s.Seat != i || s.Name != playerName(i) || s.Winner != slices.Contains(out.Winners, i) {
			t.Fatalf("result seat %d = %+v, want %s (winner %v)", i, s, playerName(i), slices.Contains(out.Winners, i))
		}
	}
	if !slices.Equal(res.Winners, out.Winners) {
		t.Fatalf("result winners = %v, want the outcome's %v", res.Winners, out.Winners)
	}
	if res.EndedAt.Before(res.StartedAt) || res.DurationSeconds != int64(res.EndedAt.Sub(res.StartedAt).Seconds()) {
		t.Fatalf("result times %v .. %v, duration %d", res.StartedAt, res.EndedAt, res.DurationSeconds)
	}
	if len(res.Categories) == 0 || len(res.Scores) != 3 {
		t.Fatalf("result categories %v, %d score lines; want Lockup's breakdown for three seats", res.Categories, len(res.Scores))
	}
	for i, sc := range res.Scores {
		sum := 0
		for _, c := range sc.Categories {
			sum += c.Points
		}
		if sum != sc.Total || sc.Total != out.Scores[i].Total || sc.Rank != out.Scores[i].Rank || sc.Name != playerName(sc.Seat) {
			t.Fatalf("score line %d = %+v (sum %d), want the outcome's %+v", i, sc, sum, out.Scores[i])
		}
	}
	_, body := ts.Call("GET", "/api/tables/"+tb.ID+"/result?format=csv", tb.Host, nil)
	recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatalf("CSV: %v\n%s", err, body)
	}
	if len(recs) != 4 || len(recs[0]) != 10+len(res.Categories) || recs[0][0] != "table_id" {
		t.Fatalf("CSV = %q, want a header and three seats with %d categories", recs, len(res.Categories))
	}
	// Score lines come by rank; the CSV's lines by seat.
	bySeat := map[int]tablepkg.ResultScore{}
	for _, sc := range res.Scores {
		bySeat[sc.Seat] = sc
	}
	for i, rec := range recs[1:] {
		sc := bySeat[i]
		// The CSV numbers seats as the JSON does (Result.Seats[].seat).
		if rec[5] != strconv.Itoa(res.Seats[i].Seat) || rec[5] != strconv.Itoa(i) || rec[6] != playerName(i) || rec[8] != strconv.Itoa(sc.Total) || rec[9] != strconv.Itoa(sc.Rank) {
			t.Fatalf("CSV line %d = %q, want seat %d %s total %d rank %d", i+1, rec, i, playerName(i), sc.Total, sc.Rank)
		}
		for j, c := range res.Categories {
			if rec[10+j] != strconv.Itoa(sc.Categories[j].Points) || recs[0][10+j] != "score."+c {
				t.Fatalf("CSV line %d column %s = %s, want %d", i+1, recs[0][10+j], rec[10+j], sc.Categories[j].Points)
			}
		}
	}
}

// TestResultUnscored ends a Space Cadets mission by the table's declaration
// and reads the result of a game that does not score: no categories, no
// winners, and the CSV's seat lines with empty totals. A bad format is
// refused.
func TestResultUnscored(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", nil, 3)
	ts.Start(tb)
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}}, nil)
	var res tablepkg.Result
	raw := ts.Must(200, "GET", "/api/tables/"+tb.ID+"/result?as=board", "", nil, &res)
	if res.Game != "spacecadets" || len(res.Winners) != 0 || len(res.Categories) != 0 || len(res.Seats) != 3 || res.Reason == "" {
		t.Fatalf("result = %s", raw)
	}
	var generic map[string]any
	if err := json.Unmarshal(raw, &generic); err != nil || generic["winners"] == nil || generic["categories"] == nil {
		t.Fatalf("result's lists must be arrays, not null: %s", raw)
	}
	_, body := ts.Call("GET", "/api/tables/"+tb.ID+"/result?format=csv", tb.Host, nil)
	recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil || len(recs) != 4 || len(recs[0]) != 10 || recs[1][8] != "" || recs[1][7] != "false" {
		t.Fatalf("CSV = %q (%v)", recs, err)
	}
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/result?format=xml", tb.Host, nil); st != 400 {
		t.Fatalf("format=xml = %d, want 400", st)
	}
}
