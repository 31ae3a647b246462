package api_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	"tablewarden/referee/nostromo"
)

// TestLeakageLastTokenPlaced adds to the leakage matrix the moment Alien:
// USCSS Nostromo's last Crew or Blip token is placed, for every player
// count. The phase is still hiding and the crew is asked for mission
// orders before the posture phase, but "once all Crew tokens and Blip
// tokens are placed, the hiding phase is over. Players can NOT look at the
// Crew tokens or the Blip tokens anymore" (1 - Hiding Phase). At that
// moment and for the moves played in that window:
//
//   - the matrix's checkpoint runs (every screen's view, log, last SSE
//     event and refused moves), its non-interference check also turning
//     every face-down Crew token's and Blip's identity to another's, which
//     no viewer's view may notice, the token's owner included;
//   - no view, log or SSE event any screen gets from that moment on names
//     a face-down token ("Red Presence", "Jonesy Blip", "…: Breakdown"),
//     and no phone's private view lists the tokens.
func TestLeakageLastTokenPlaced(t *testing.T) {
	t.Parallel()
	var g kit.Game
	for _, c := range catalog.All() {
		if c.Info().ID == "nostromo" {
			g = c
		}
	}
	book := secretBook["nostromo"]
	matrixMutate := book.Mutate
	book.Mutate = func(st kit.State, viewer int) {
		matrixMutate(st, viewer)
		turnFaceDown(st.(*nostromo.State))
	}
	ts := startServer(t, "")
	_, docb := ts.Call("GET", "/api/openapi.json", "", nil)
	doc := string(docb)
	for n := g.Info().MinPlayers; n <= g.Info().MaxPlayers; n++ {
		t.Run(fmt.Sprintf("%dPlayers", n), func(t *testing.T) {
			tb := ts.NewTable("nostromo", nil, n)
			ts.Start(tb)
			screens := append([]string{"", tb.Host}, tb.Tokens...)
			streams := make([]*stream, len(screens))
			for i, tok := range screens {
				as := ""
				if tok == "" {
					as = "board"
				}
				streams[i] = ts.OpenStream(tb.ID, tok, as)
			}
			state := func() *nostromo.State {
				st, _ := storedState(t, ts.Engine.Queries(), g, tb.ID)
				return st.(*nostromo.State)
			}
			hideOverHTTP(t, ts, tb, state)
			s := state()
			if s.Phase != nostromo.PhaseHiding || len(s.Tasks) == 0 || s.Tasks[len(s.Tasks)-1].Reason != "before the posture phase" {
				t.Fatalf("phase %s, stage %s, tasks %+v: want the hiding phase's last mission-order window", s.Phase, s.Stage, s.Tasks)
			}
			row, err := ts.Engine.Queries().GetTable(t.Context(), tb.ID)
			if err != nil {
				t.Fatal(err)
			}
			moment := row.Version
			needles := faceDownNames(s)
			stats := &leakStats{named: map[string]int{}, values: map[string]bool{}}
			r := rand.New(rand.NewPCG(uint64(n), 24))
			played := map[string]int{}
			checks := 0
			for step := 0; step < 6; step++ {
				if s := state(); s.Phase != nostromo.PhaseHiding {
					break
				}
				sameWithFaceDownTurned(t, ts, g, tb)
				if !leakCheckpoint(t, one(ts), g, tb, screens, streams, book, true, stats, doc, r) {
					break
				}
				checks++
				for i, tok := range screens {
					checkNoFaceDownNames(t, ts, tb, tok, i-2, streams[i], moment, needles)
				}
				if !playSecretive(ts, t, tb, r, played) {
					break
				}
			}
			if checks == 0 {
				t.Fatal("no checkpoint ran: nothing was checked")
			}
			t.Logf("%d players: %d checkpoints from version %d, %d non-interference checks (moves played: %v)", n, checks, moment, stats.interference, played)
		})
	}
}

// hideOverHTTP plays a Nostromo table from the start to the moment its
// last token is placed: the host records seat 0 as the Alien player, the
// Alien gives the extra sets to the first seats offered, the crew passes
// every mission-order window and every placer places all its tokens.
func hideOverHTTP(t *testing.T, ts *testServer, tb *table, state func() *nostromo.State) {
	t.Helper()
	post := func(token string, typ string, args map[string]any) {
		t.Helper()
		if args == nil {
			args = map[string]any{}
		}
		a, _ := json.Marshal(args)
		ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", token, map[string]any{"type": typ, "args": json.RawMessage(a)}, nil)
	}
	first := func(sp kit.MoveSpec, arg string) any {
		for _, a := range sp.Args {
			if a.Name == arg && len(a.Choices) > 0 {
				return a.Choices[0].Value
			}
		}
		t.Fatalf("%s offers no choice for %s", sp.Type, arg)
		return nil
	}
	post(tb.Host, nostromo.MoveDesignateAlien, map[string]any{"seat": 0})
	placed := 0
	for moves := 0; ; moves++ {
		if s := state(); s.Phase == nostromo.PhaseHiding && s.Stage == "ending" {
			return
		}
		if moves > 200 {
			t.Fatal("the hiding phase does not end")
		}
		offered := map[string]struct {
			token string
			spec  kit.MoveSpec
		}{}
		for _, tok := range tb.Tokens {
			for _, sp := range ts.View(tb, tok).View.Moves {
				if _, ok := offered[sp.Type]; !ok {
					offered[sp.Type] = struct {
						token string
						spec  kit.MoveSpec
					}{tok, sp}
				}
			}
		}
		if o, ok := offered[nostromo.MoveChooseExtraSet]; ok {
			post(o.token, o.spec.Type, map[string]any{"seat": first(o.spec, "seat")})
		} else if o, ok := offered[nostromo.MovePassMissionOrders]; ok {
			post(o.token, o.spec.Type, nil)
		} else if o, ok := offered[nostromo.MovePlaceBlip]; ok {
			post(o.token, o.spec.Type, map[string]any{"blip": first(o.spec, "blip"), "room": first(o.spec, "room")})
		} else if o, ok := offered[nostromo.MovePlaceCrewToken]; ok {
			post(o.token, o.spec.Type, map[string]any{"token": first(o.spec, "token"), "room": 1 + placed%10})
			placed++
		} else {
			t.Fatalf("stage %s: no hiding move offered (%v)", state().Stage, offered)
		}
	}
}

// sameWithFaceDownTurned checks, for the board, the host and every seat,
// that the view of the stored state stays byte for byte the same when
// every face-down token's identity is turned to another's (turnFaceDown).
func sameWithFaceDownTurned(t *testing.T, ts *testServer, g kit.Game, tb *table) {
	t.Helper()
	st, _ := storedState(t, ts.Engine.Queries(), g, tb.ID)
	enc, _ := json.Marshal(st)
	other, err := g.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	turnFaceDown(other.(*nostromo.State))
	if changed, _ := json.Marshal(other); string(changed) == string(enc) {
		t.Fatal("turning the face-down tokens changed nothing: the check is vacuous")
	}
	viewers := []kit.Viewer{kit.BoardViewer, kit.HostViewer}
	for i := range tb.Tokens {
		viewers = append(viewers, kit.SeatViewer(i))
	}
	for _, v := range viewers {
		a, _ := json.Marshal(g.View(st, v))
		b, _ := json.Marshal(g.View(other, v))
		if string(a) != string(b) {
			i := 0
			for i < len(a) && i < len(b) && a[i] == b[i] {
				i++
			}
			t.Fatalf("%+v's view tells which face-down token is which; it differs at byte %d:\nbefore …%s\nafter  …%s",
				v, i, a[max(0, i-200):min(len(a), i+100)], b[max(0, i-200):min(len(b), i+100)])
		}
	}
}

// turnFaceDown gives every face-down Crew token the identity of the next
// one, and every face-down Blip the kind of the next one.
func turnFaceDown(s *nostromo.State) {
	var toks, blips []int
	for i, t := range s.Board {
		if t.Shown == nil {
			toks = append(toks, i)
		}
	}
	for i, b := range s.Blips {
		if b.Shown == "" {
			blips = append(blips, i)
		}
	}
	if len(toks) > 1 {
		first := s.Board[toks[0]].Token
		for k := 0; k+1 < len(toks); k++ {
			s.Board[toks[k]].Token = s.Board[toks[k+1]].Token
		}
		s.Board[toks[len(toks)-1]].Token = first
	}
	if len(blips) > 1 {
		first := s.Blips[blips[0]].Kind
		for k := 0; k+1 < len(blips); k++ {
			s.Blips[blips[k]].Kind = s.Blips[blips[k+1]].Kind
		}
		s.Blips[blips[len(blips)-1]].Kind = first
	}
}

// faceDownNames are the words a screen would use to name a face-down token:
// every color's Presence and Passage token, every Blip kind.
func faceDownNames(s *nostromo.State) []string {
	var out []string
	for _, c := range s.Data.Colors {
		out = append(out, c+" Presence", c+" Passage")
	}
	for _, k := range []string{"Alien", "Jonesy", "Breakdown"} {
		out = append(out, k+" Blip", ": "+k)
	}
	return out
}

// checkNoFaceDownNames fails when screen's view, log or any SSE event of
// version from on names a face-down token, or its private view lists the
// tokens.
func checkNoFaceDownNames(t *testing.T, ts *testServer, tb *table, token string, screen int, st *stream, from int64, needles []string) {
	t.Helper()
	path := "/api/tables/" + tb.ID
	as := ""
	if token == "" {
		as = "?as=board"
	}
	_, v := ts.Call("GET", path+"/view"+as, token, nil)
	_, l := ts.Call("GET", path+"/log"+as, token, nil)
	bodies := map[string]string{"view": string(v), "log": string(l)}
	raws := st.AllRaw()
	for i, sv := range st.Views() {
		if sv.Version >= from {
			bodies[fmt.Sprintf("SSE event of version %d", sv.Version)] = raws[i]
		}
	}
	for what, body := range bodies {
		for _, w := range needles {
			if strings.Contains(body, w) {
				i := strings.Index(body, w)
				t.Fatalf("screen %d's %s names a face-down token (%q): …%s…", screen, what, w, body[max(0, i-200):min(len(body), i+100)])
			}
		}
	}
	var view struct {
		View struct {
			Private *struct {
				CrewTokens []string `json:"crew_tokens"`
				Blips      []string `json:"blips"`
				Placed     []struct {
					Token string `json:"token"`
				} `json:"placed"`
			} `json:"private"`
		} `json:"view"`
	}
	if err := json.Unmarshal(v, &view); err != nil {
		t.Fatalf("screen %d's view: %v", screen, err)
	}
	if p := view.View.Private; p != nil {
		if len(p.CrewTokens) > 0 || len(p.Blips) > 0 {
			t.Fatalf("screen %d's private view lists face-down tokens: %v %v", screen, p.CrewTokens, p.Blips)
		}
		for _, pl := range p.Placed {
			if pl.Token != "" {
				t.Fatalf("screen %d's private view names its placed token: %q", screen, pl.Token)
			}
		}
	}
}
