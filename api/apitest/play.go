package apitest

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
	"testing"
)

// PlayRandom posts one random legal move from the first seat the view
// waits for. It returns false when no seat has a move.
func PlayRandom(t testing.TB, ts *Server, tb *Table, r *rand.Rand) bool {
	t.Helper()
	v := ts.View(tb, tb.Tokens[0])
	if v.View == nil || v.View.Outcome != nil {
		return false
	}
	for _, seat := range v.View.Turn {
		sv := ts.View(tb, tb.Tokens[seat])
		if len(sv.View.Moves) == 0 {
			continue
		}
		spec := sv.View.Moves[r.IntN(len(sv.View.Moves))]
		m := kit.RandomMove(spec, r)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat],
			map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": sv.Version, "idempotency_key": fmt.Sprint(r.Uint64())}, nil)
		return true
	}
	return false
}

// MustJSON is v as JSON.
func MustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

// PlayPreferring is PlayOffered that, nine times in ten, picks among the
// offered moves whose type is in prefer (to move a long game along).
func PlayPreferring(t *testing.T, ts *Server, tb *Table, r *rand.Rand, steps int, prefer []string) int {
	t.Helper()
	accepted := 0
	for i := 0; i < steps; i++ {
		type cand struct {
			token string
			spec  kit.MoveSpec
		}
		var cands []cand
		var version int64
		for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
			v := ts.View(tb, tok)
			version = v.Version
			if v.View == nil || v.View.Outcome != nil {
				break
			}
			for _, m := range v.View.Moves {
				cands = append(cands, cand{tok, m})
			}
		}
		if len(cands) == 0 {
			break
		}
		// A table's declaration that ends the game (Space Cadets'
		// declare_loss) would end most random games at once; leave it out
		// while anything else is offered, so that random play explores.
		var keep []cand
		for _, c := range cands {
			if c.spec.Type != "declare_loss" {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			cands = keep
		}
		if len(prefer) > 0 && r.IntN(10) != 0 {
			var pref []cand
			for _, c := range cands {
				for _, p := range prefer {
					if c.spec.Type == p {
						pref = append(pref, c)
					}
				}
			}
			if len(pref) > 0 {
				cands = pref
			}
		}
		c := cands[r.IntN(len(cands))]
		m := kit.RandomMove(c.spec, r)
		st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", c.token,
			map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": version, "idempotency_key": fmt.Sprint(r.Uint64())})
		if st != 200 {
			t.Fatalf("step %d: offered move %s %s refused: %d %s", i, m.Type, m.Args, st, body)
		}
		accepted++
	}
	return accepted
}

// HasMove reports whether ms offers a move of type typ.
func HasMove(ms []kit.MoveSpec, typ string) bool {
	for _, m := range ms {
		if m.Type == typ {
			return true
		}
	}
	return false
}

// MoveTypes lists the types of the moves ms offers.
func MoveTypes(ms []kit.MoveSpec) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Type)
	}
	return out
}

// DriveToTimer plays the Captain's (seat 0) moves of a Space Cadets table
// until the host is offered start_timer for name. Choosing the starting
// equipment is a small subset-sum (keep exactly the best reachable Science
// points), so cards are kept at random, and when no card fits and the total
// is not the one the referee asks for, a kept card is put back.
func DriveToTimer(t *testing.T, ts *Server, tb *Table, name string) {
	t.Helper()
	DriveCaptain(t, ts, tb, "the "+name+" timer", func(m kit.MoveSpec) bool {
		return m.Type == "start_timer" && len(m.Args) > 0 && HasChoice(m.Args[0], name)
	})
}

// TimerOf returns the timer called name in a view, or fails the test.
func TimerOf(t *testing.T, v tablepkg.ViewResponse, name string) kit.Timer {
	t.Helper()
	for _, tm := range v.View.Timers {
		if tm.Name == name {
			return tm
		}
	}
	t.Fatalf("no %s timer in the view", name)
	return kit.Timer{}
}

// HasChoice reports whether argument a offers the choice v.
func HasChoice(a kit.ArgSpec, v string) bool {
	for _, c := range a.Choices {
		if c.Value == v {
			return true
		}
	}
	return false
}

// FinishLockupScoring completes final scoring for every seat that random
// play left unfinished: each such seat submits its score pad once, every
// count at the lowest value the pad allows.
func FinishLockupScoring(t *testing.T, ts *Server, tb *Table) {
	t.Helper()
	for _, tok := range tb.Tokens {
		sv := ts.View(tb, tok)
		if sv.View.Outcome != nil {
			continue
		}
		for _, m := range sv.View.Moves {
			if m.Type != "submit_final_score" {
				continue
			}
			pad := map[string]any{}
			for _, a := range m.Args {
				if a.Kind == kit.ArgInt && a.Min != nil {
					pad[a.Name] = *a.Min
				}
			}
			ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tok, map[string]any{"type": "submit_final_score", "args": pad}, nil)
		}
	}
}

// StationPanel is a station panel of a Space Cadets private view.
type StationPanel struct {
	Station   string          `json:"station"`
	Workbench []WorkbenchCard `json:"workbench"`
}

// WorkbenchCard is a Component card on the Science Officer's Workbench.
type WorkbenchCard struct {
	Card string `json:"card"`
	// Needs are the pieces the card asks for, each by its key (piece,
	// station) with its words.
	Needs []struct {
		Piece   string `json:"piece"`
		Station string `json:"station"`
		Label   string `json:"label"`
	} `json:"needs"`
}

// StationsOf reads the station panels of a Space Cadets private view.
func StationsOf(t *testing.T, v tablepkg.ViewResponse) []StationPanel {
	t.Helper()
	var p struct {
		Stations []StationPanel `json:"stations"`
	}
	if err := json.Unmarshal([]byte(MustJSON(v.View.Private)), &p); err != nil {
		t.Fatal(err)
	}
	return p.Stations
}

// StationNames lists the stations a seat's Space Cadets phone holds.
func StationNames(t *testing.T, v tablepkg.ViewResponse) []string {
	t.Helper()
	var out []string
	for _, st := range StationsOf(t, v) {
		out = append(out, st.Station)
	}
	return out
}

// BioOf returns a seat's Jumpship Bio ID as its own view shows it.
func BioOf(t testing.TB, raw []byte) string {
	t.Helper()
	var v struct {
		View struct {
			Private struct {
				BioID string `json:"bio_id"`
			} `json:"private"`
		} `json:"view"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode view: %v", err)
	}
	return v.View.Private.BioID
}

// Handover is the host's hand-over answer.
type Handover struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Code string `json:"code"`
	URL  string `json:"url"`
	QR   string `json:"qr"`
}

// DriveCaptain plays the Captain's setup and step moves, as DriveToTimer
// does, until the host is offered a move for which want is true.
func DriveCaptain(t *testing.T, ts *Server, tb *Table, what string, want func(kit.MoveSpec) bool) {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	var played []string
	for i := 0; i < 300; i++ {
		hv := ts.View(tb, tb.Host)
		for _, m := range hv.View.Moves {
			if want(m) {
				return
			}
		}
		cv := ts.View(tb, tb.Tokens[0])
		var pick []kit.MoveSpec
		for _, pref := range []string{"finish_starting", "next_step", "keep_starting", "unkeep_starting"} {
			for _, m := range cv.View.Moves {
				if m.Type == pref {
					pick = append(pick, m)
				}
			}
			if len(pick) > 0 {
				break
			}
		}
		if len(pick) == 0 {
			t.Fatalf("stuck before %s; the Captain is offered %v", what, MoveTypes(cv.View.Moves))
		}
		m := kit.RandomMove(pick[r.IntN(len(pick))], r)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[0], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args)}, nil)
		played = append(played, m.Type+string(m.Args))
	}
	v := ts.View(tb, tb.Host)
	t.Fatalf("never reached %s in 300 moves: phase %q, prompt %+v, the host is offered %v; the last moves: %v", what, v.View.Phase, v.View.Prompt, MoveTypes(v.View.Moves), played[max(0, len(played)-12):])
}

// Get fetches url with a plain client (no contract check: the URL may be
// a page) and returns the status and body.
func Get(t testing.TB, url string) (int, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}
