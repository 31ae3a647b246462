package nostromo

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablewarden/referee/kit"
	"tablewarden/referee/kit/kittest"
)

// record makes TestRecordGames search seeds and rewrite the recorded game
// scripts under testdata/ (then run with -update to rewrite the goldens).
var record = flag.Bool("record", false, "record the golden game scripts under testdata/")

// games are the recorded games: a 2-player game won by the crew, a
// 5-player Heroic game won by the Alien with all 6 crew member cards, and
// a 3-player Hard-core game lost to the depleted Mission deck.
var games = []struct {
	name   string
	seats  int
	opts   string
	pick   policy
	winner string
	reason string
	rounds int
}{
	{"crew-win-2p", 2, `{"difficulty":"experienced"}`, smartCrew, "Crew", "emergency", 3},
	{"alien-captures-5p", 5, `{"heroic":true}`, huddledCrew, "Alien", "crew member cards", 2},
	{"deck-depleted-3p", 3, `{"difficulty":"hardcore"}`, smartCrew, "Alien", "depleted", 2},
}

// candidate is one offered move with one combination of its choices.
type candidate struct {
	who kit.Actor
	m   kit.Move
}

// policy picks the next move of a recorded game among candidates.
type policy func(st *State, cs []candidate, r *rand.Rand) candidate

// pick turns a policy into a kittest walk's Pick: it expands every offer
// into every combination of its choices (kittest.Exhaustive) and lets the
// policy choose.
func (p policy) pick(st kit.State, offers []kittest.OfferedSpec, r *rand.Rand) kittest.Offered {
	var cs []candidate
	for _, o := range offers {
		for _, m := range kittest.Exhaustive(o.Spec, r) {
			cs = append(cs, candidate{o.Who, m})
		}
	}
	c := p(st.(*State), cs, r)
	return kittest.Offered{Who: c.who, Move: c.m}
}

// pickByType picks a move type uniformly, then one of its combinations.
func pickByType(cs []candidate, r *rand.Rand) candidate {
	var types []string
	for _, c := range cs {
		if len(types) == 0 || types[len(types)-1] != c.m.Type {
			types = append(types, c.m.Type)
		}
	}
	typ := types[r.IntN(len(types))]
	var of []candidate
	for _, c := range cs {
		if c.m.Type == typ {
			of = append(of, c)
		}
	}
	return of[r.IntN(len(of))]
}

func args(c candidate) map[string]any {
	m := map[string]any{}
	_ = json.Unmarshal(c.m.Args, &m)
	return m
}

func num(m map[string]any, k string) int { f, _ := m[k].(float64); return int(f) }

// prefer returns the first candidate accepted by the first test that
// accepts any, or a random candidate by type.
func prefer(cs []candidate, r *rand.Rand, tests ...func(candidate) bool) candidate {
	for _, ok := range tests {
		var of []candidate
		for _, c := range cs {
			if ok(c) {
				of = append(of, c)
			}
		}
		if len(of) > 0 {
			return of[r.IntN(len(of))]
		}
	}
	return pickByType(cs, r)
}

func typ(ts ...string) func(candidate) bool {
	return func(c candidate) bool {
		for _, t := range ts {
			if c.m.Type == t {
				return true
			}
		}
		return false
	}
}

// alienMoves: the Alien hunts the room with the most face-down tokens.
func alienPick(st *State, cs []candidate, r *rand.Rand) (candidate, bool) {
	var mine []candidate
	for _, c := range cs {
		if c.who.Seat == st.Alien && !c.who.Host {
			mine = append(mine, c)
		}
	}
	if len(mine) == 0 || len(mine) != len(cs) {
		return candidate{}, false
	}
	best := -1
	var pick candidate
	for _, c := range mine {
		if c.m.Type != "hunt" && c.m.Type != "place_blip" {
			continue
		}
		a := args(c)
		if c.m.Type == "place_blip" && a["blip"] != BlipAlien {
			continue
		}
		n := 0
		for _, t := range st.Board {
			if t.Room == num(a, "room") && t.Shown == nil {
				n++
			}
		}
		if n > best || (n == best && r.IntN(2) == 0) {
			best, pick = n, c
		}
	}
	if best >= 0 {
		return pick, true
	}
	return prefer(mine, r, typ("end_effect"), typ("choose_posture", "play_behaviour", "place_blip", "done_placing", "hunt", "choose_extra_set")), true
}

// smartCrew plays sensibly: presence tokens to Mother when holding a new
// procedure, else the Kitchen; room effects first; saves in attacks.
func smartCrew(st *State, cs []candidate, r *rand.Rand) candidate {
	if c, ok := alienPick(st, cs, r); ok {
		return c
	}
	hasEP := func(seat int) bool { return len(st.activatable(seat)) > 0 }
	return prefer(cs, r,
		func(c candidate) bool { return c.m.Type == "designate_alien" && num(args(c), "seat") == 0 },
		typ("effect_save"),
		func(c candidate) bool {
			return c.m.Type == "play_mission_order" && st.AttackRoom != 0 && st.AttackRoom != RoomNest && len(st.top().Handles) == 0 &&
				st.top().Kind == taskWindow && len(st.faceUpPresence(st.AttackRoom)) > 0
		},
		typ("use_item"),
		typ("end_effect"),
		typ("activate_procedure", "give_crew_card", "drop_item", "capture_discard", "infirmary_take", "liberate", "detector_move", "pass_set"),
		func(c candidate) bool {
			if c.m.Type != "place_crew_token" {
				return false
			}
			a := args(c)
			tok, _ := parseToken(a["token"].(string))
			room := num(a, "room")
			if tok.Kind == Passage {
				return room == 2 || room == 3 || room == 8
			}
			if hasEP(c.who.Seat) && st.ActivatedThisTurn < 2 {
				return room == RoomMother || room == RoomShuttle
			}
			return room == RoomKitchen
		},
		typ("action_room"),
		typ("action_pick_item"),
		typ("action_draw"),
		typ("resolve_room"),
		typ("pass_mission_orders"),
	)
}

// huddledCrew puts the Presence tokens in two rooms and never saves.
func huddledCrew(st *State, cs []candidate, r *rand.Rand) candidate {
	if c, ok := alienPick(st, cs, r); ok {
		return c
	}
	room := func(color string) int { return 2 + (st.colorIndex(color)%2)*3 + st.Round%3 }
	return prefer(cs, r,
		func(c candidate) bool { return c.m.Type == "designate_alien" && num(args(c), "seat") == 0 },
		typ("end_effect"),
		typ("give_crew_card", "drop_item", "capture_discard", "activate_procedure", "infirmary_take", "detector_move", "pass_set"),
		func(c candidate) bool {
			if c.m.Type != "place_crew_token" {
				return false
			}
			a := args(c)
			tok, _ := parseToken(a["token"].(string))
			return (tok.Kind == Presence) == (num(a, "room") == room(tok.Color))
		},
		typ("action_draw"),
		typ("resolve_room"),
		typ("pass_mission_orders"),
	)
}

func TestRecordGames(t *testing.T) {
	if !*record {
		t.Skip("run with -record to search seeds and rewrite the scripts")
	}
	for _, gm := range games {
		found := false
		for seed := uint64(1); seed < 3000 && !found; seed++ {
			w := kittest.WalkConfig{Options: json.RawMessage(gm.opts), Seats: gm.seats, Seed: seed, Moves: 6000, Pick: gm.pick.pick}.Play(t, New())
			sc, st := w.Script, w.State.(*State)
			if st.Winner == gm.winner && bytes.Contains([]byte(st.Reason), []byte(gm.reason)) && st.Round >= gm.rounds {
				found = true
				b, _ := json.MarshalIndent(sc, "", " ")
				if err := os.WriteFile(filepath.Join("testdata", gm.name+".script.json"), append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: seed %d, %d moves, %d rounds", gm.name, seed, len(sc.Steps), st.Round)
			}
		}
		if !found {
			t.Fatalf("%s: no seed gives the wanted outcome", gm.name)
		}
	}
}

// TestGoldenGames replays the recorded games (with kittest.Play's checks)
// and compares their transcripts with the golden files.
func TestGoldenGames(t *testing.T) {
	g := New()
	for _, gm := range games {
		t.Run(gm.name, func(t *testing.T) {
			sc := kittest.LoadScript(t, gm.name+".script.json")
			played := kittest.Play(t, g, sc)
			st := played.State.(*State)
			o := g.Outcome(st)
			if o == nil || o.SideLabel != gm.winner || o.Side != strings.ToLower(gm.winner) {
				t.Fatalf("outcome = %+v, want %s", o, gm.winner)
			}
			var buf bytes.Buffer
			var o2 bytes.Buffer
			_ = json.Compact(&o2, sc.Options)
			fmt.Fprintf(&buf, "# %s: %d seats %v, options %s, seed %d\n", gm.name, len(sc.Seats), sc.Seats, o2.String(), sc.Seed)
			s0, _ := g.Setup(sc.Options, sc.Seats, kit.NewCtx(sc.Seed, 0, kittest.Epoch))
			cur := s0
			for i, step := range sc.Steps {
				res, err := g.Apply(cur, step.Actor, step.Move, kit.NewCtx(sc.Seed, i+1, kittest.Epoch.Add(0)))
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				who := "host"
				if step.Actor.IsSeat() {
					who = sc.Seats[step.Actor.Seat]
				}
				var a bytes.Buffer
				_ = json.Compact(&a, step.Move.Args)
				fmt.Fprintf(&buf, "%d. %s: %s %s\n", i+1, who, step.Move.Type, a.String())
				for _, e := range res.Events {
					to := "all"
					if e.To != nil {
						to = fmt.Sprint(e.To)
					}
					fmt.Fprintf(&buf, "   [%s] %s\n", to, e.Text)
				}
				cur = res.State
			}
			ob, _ := json.MarshalIndent(o, "", "  ")
			fmt.Fprintf(&buf, "outcome: %s\n", ob)
			kittest.Golden(t, gm.name+".golden", buf.Bytes())
		})
	}
}
