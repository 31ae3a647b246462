package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"tablewarden/referee/captainisdead"
	"tablewarden/referee/catalog"
	"tablewarden/referee/jumpship"
	"tablewarden/referee/kit"
	"tablewarden/referee/lockup"
	"tablewarden/referee/nostromo"
	"tablewarden/referee/spacecadets"
	tablepkg "tablewarden/table"
)

// The leakage matrix: for every game of the catalog, random legal games
// are played over HTTP with an SSE stream open for every screen, and at
// every version the secrets of the stored state (kit.Secrets over the
// decoded snapshot) are checked against everything each other screen gets:
//
//   - distinctive secret values (a string or number that appears nowhere in
//     the public state, the catalog or the seat names, such as a bag
//     token's id or a contraband card's name typed by its holder) must be
//     absent from every other seat's view, the host's and the board's
//     views, every viewer's log, the last SSE event of every other screen,
//     the error bodies of moves refused to other seats, the join lookup
//     and the OpenAPI document;
//   - secrets whose values are common words or small numbers (a Bio ID is
//     "Human") are checked by non-interference: the stored state is changed
//     in what one screen may not know (every hidden or other seats' private
//     list reversed, other seats' private fields swapped, per game the
//     secret scalars changed) and that screen's View must stay byte for
//     byte the same;
//   - an event addressed to some seats reaches only those seats.
//
// Every secret found must be one the matrix names with its rulebook name
// (secretBook below), so a newly classified secret field fails the test
// until someone says what it is; TestStateTypesClassified fails for a
// field without a vis tag.

// secretName is one secret of a rulebook and the kit.Secrets paths holding
// it (Go field names, [n] for indexes and map keys).
type secretName struct {
	Name string
	Path *regexp.Regexp
}

// gameSecrets is what the matrix knows of one game's secrets.
type gameSecrets struct {
	Names []secretName
	// Swap: private fields may be swapped between two seats the viewer
	// knows nothing of, without changing anything public.
	Swap bool
	// Knows reports whether viewer (a seat) legitimately knows owner's
	// private secrets (Jumpship: the Aliens and the Queen know each other).
	Knows func(st kit.State, viewer, owner int) bool
	// KeepPrivateOrder: the order of private lists is public (Lockup's
	// tokens: where each lies is public, which one it is is not), so Mutate
	// changes them instead of the generic reversal.
	KeepPrivateOrder bool
	// Mutate changes the game's secrets in place where reversing lists
	// cannot reach; viewer is -1 for the host and the board.
	Mutate func(st kit.State, viewer int)
}

func re(s string) *regexp.Regexp { return regexp.MustCompile("^" + s + "$") }

// secretBook names every secret each rulebook defines.
var secretBook = map[string]gameSecrets{
	"jumpship": {
		Names: []secretName{
			{"Bio ID card (Jumpship › Bio ID Cards)", re(`\.Seats\[\d+\]\.BioID`)},
			{"Bio IDs seen by a Scan (Jumpship › Scan)", re(`\.Seats\[\d+\]\.Scans\[\d+\]\.(Target|BioID)`)},
			{"token bag (Jumpship › The Bag)", re(`\.Bag\..*`)},
		},
		Swap: true,
		Knows: func(st kit.State, viewer, owner int) bool {
			return st.(*jumpship.State).Seats[viewer].BioID != jumpship.Human
		},
	},
	"captainisdead": {
		Names: []secretName{
			{"Contraband card held (Captain Is Dead › Contraband)", re(`\.Players\[\d+\]\.Contraband\.(Held|Name)`)},
			{"Contraband deck (Captain Is Dead › Contraband)", re(`\.Contraband(Supply|Gone)`)},
		},
		Swap: true,
		Mutate: func(st kit.State, viewer int) {
			s := st.(*captainisdead.State)
			s.ContrabandSupply++
			s.ContrabandGone++
		},
	},
	"lockup": {
		Names: []secretName{
			{"crew tokens placed face down (Lockup › Fase de Chamada)", re(`\.Players\[\d+\]\.Tokens\[\d+\]\.\w+`)},
			{"number of face-down tokens", re(`\.Players\[\d+\]\.FaceDown`)},
			{"loot stack being looked at (Lockup › Catacumbas)", re(`\.Players\[\d+\]\.Peek\[\d+\]`)},
			{"minions drawn by a Shapeshifter", re(`\.Players\[\d+\]\.MinionChoice\[\d+\]\.\w+`)},
			{"reserved items", re(`\.Players\[\d+\]\.Reserved\[\d+\]`)},
			{"final scoring entries before the end", re(`\.Players\[\d+\]\.Score\..*`)},
			{"legend deck", re(`\.LegendDeck\[\d+\]`)},
			{"face-down loot stacks", re(`\.LootStacks\[\w+\]\[\d+\]`)},
			{"loot returned to the box", re(`\.LootBox\[\d+\]`)},
			{"minion deck", re(`\.MinionDeck\[\d+\]\.\w+`)},
			{"solo guard deck", re(`\.GuardState\.Deck\[\d+\]\.\w+`)},
			{"solo guard card face down on the legend", re(`\.GuardState\.OnLegend\.\w+`)},
		},
		// Where a face-down token lies is public, which token it is is not:
		// swapping whole token lists would change public facts.
		Swap:             false,
		KeepPrivateOrder: true,
		Mutate: func(st kit.State, viewer int) {
			s := st.(*lockup.State)
			for p := range s.Players {
				if p == viewer {
					continue
				}
				pl := &s.Players[p]
				// Swap which token lies face down with another unrevealed
				// one (face down too, or still in the holding cell).
				var unseen []int
				for i, tk := range pl.Tokens {
					if tk.FaceDown && !tk.Revealed || tk.Place == lockup.PlaceCell {
						unseen = append(unseen, i)
					}
				}
			swap:
				for _, i := range unseen {
					for _, j := range unseen {
						a, b := &pl.Tokens[i], &pl.Tokens[j]
						if a.FaceDown && !a.Revealed && a.ID != b.ID && a.Strength != b.Strength {
							a.ID, b.ID = b.ID, a.ID
							a.Strength, b.Strength = b.Strength, a.Strength
							a.Explorer, b.Explorer = b.Explorer, a.Explorer
							break swap
						}
					}
				}
				slices.Reverse(pl.Peek)
				slices.Reverse(pl.MinionChoice)
				slices.Reverse(pl.Reserved)
				pl.Score.StarsTrack++
				for k := range pl.Score.Counts {
					pl.Score.Counts[k]++
				}
			}
		},
	},
	"nostromo": {
		Names: []secretName{
			{"Mission cards in hand (Nostromo › Mission Cards)", re(`\.Hands\[\d+\]\[\d+\]`)},
			{"Mission deck order (Nostromo › Mission Cards)", re(`\.Deck\..*`)},
			{"Behaviour deck order (Nostromo › Instinctive)", re(`\.Behaviour\..*`)},
			{"Behaviour cards drawn by the Alien (Nostromo › Instinctive)", re(`\.BehaviourDrawn\[\d+\]`)},
			{"Crew tokens in front of a player (Nostromo › 1 - Hiding Phase)", re(`\.(Reserve\[\d+\]|Pool)\[\d+\]\.\w+`)},
			{"the Alien's Blip tokens not yet placed (Nostromo › 1 - Hiding Phase)", re(`\.BlipReserve\[\d+\]`)},
			{"face-down Crew tokens on the board (Nostromo › 1 - Hiding Phase)", re(`\.Board\[\d+\]\.Token\.\w+`)},
			{"face-down Blip tokens on the board (Nostromo › 1 - Hiding Phase)", re(`\.Blips\[\d+\]\.Kind`)},
		},
		// During hiding the crew seats may see every Crew token (the book
		// allows it), so private lists are changed by Mutate, which knows
		// who may see what, rather than by the generic reversal.
		KeepPrivateOrder: true,
		Mutate: func(st kit.State, viewer int) {
			s := st.(*nostromo.State)
			crewInHiding := viewer >= 0 && viewer != s.Alien && s.Phase == "hiding"
			for p := range s.Hands {
				if p != viewer {
					slices.Reverse(s.Hands[p])
				}
			}
			for p := range s.Reserve {
				if p != viewer && !crewInHiding {
					slices.Reverse(s.Reserve[p])
				}
			}
			if !crewInHiding {
				slices.Reverse(s.Pool)
			}
			if viewer != s.Alien {
				slices.Reverse(s.BlipReserve)
				slices.Reverse(s.BehaviourDrawn)
			}
		},
	},
	"spacecadets": {
		Names: []secretName{
			{"Experimental Equipment deck order (Space Cadets › Science)", re(`\.Science\.Deck\..*`)},
			{"Component deck order (Space Cadets › Science)", re(`\.Science\.CompDeck\..*`)},
			{"face-down Component cards (Space Cadets › Science)", re(`\.Science\.Attempt\.FaceDown\[\d+\]`)},
			{"Mission 8 enemy deck (Space Cadets › Mission 8)", re(`\.Siege\.Deck\[\d+\]`)},
			{"H4 Invisible Planet token (Space Cadets › H4)", re(`\.Invisible\.Planet`)},
		},
		Mutate: func(st kit.State, viewer int) {
			if s := st.(*spacecadets.State); s.Invisible != nil {
				s.Invisible.Planet = (s.Invisible.Planet + 1) % 3
			}
		},
	},
}

// leakStats counts what the matrix checked for one game.
type leakStats struct {
	versions, distinct, payloads, interference, vacuous int
	named                                               map[string]int
	values                                              map[string]bool
}

func TestLeakageMatrix(t *testing.T) {
	t.Parallel()
	runLeakageMatrix(t, func(t *testing.T) []*testServer { return []*testServer{startServer(t, "")} })
}

// runLeakageMatrix plays every game on the instances start gives (one
// server, or several sharing one PostgreSQL database): screen i streams
// and reads from instance i mod n, step s's move is made on instance
// s mod n, and no payload on any instance may hold a secret its screen may
// not know.
func runLeakageMatrix(t *testing.T, start func(t *testing.T) []*testServer) {
	tables, moves := 2, 45
	if testing.Short() {
		tables, moves = 1, 25
	}
	openapiDoc := func(ts *testServer) string {
		_, b := ts.Call("GET", "/api/openapi.json", "", nil)
		return string(b)
	}
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			book, named := secretBook[info.ID]
			if !named {
				t.Logf("%s has no entry in secretBook: generic checks only (every secret path, distinctive values, reversal non-interference)", info.ID)
			}
			insts := start(t)
			at := func(i int) *testServer { return insts[i%len(insts)] }
			ts := insts[0]
			doc := openapiDoc(ts)
			stats := &leakStats{named: map[string]int{}, values: map[string]bool{}}
			for k := 0; k < tables; k++ {
				n := matrixPlayers(info) + k%2
				if n > info.MaxPlayers {
					n = info.MaxPlayers
				}
				tb := ts.NewTable(info.ID, nil, n)
				ts.Start(tb)
				screens := append([]string{"", tb.Host}, tb.Tokens...)
				streams := make([]*stream, len(screens))
				for i, tok := range screens {
					as := ""
					if tok == "" {
						as = "board"
					}
					streams[i] = at(i).OpenStream(tb.ID, tok, as)
				}
				r := rand.New(rand.NewPCG(uint64(k)+11, uint64(len(info.ID))))
				played := map[string]int{}
				for step := 0; step <= moves; step++ {
					if !leakCheckpoint(t, at, g, tb, screens, streams, book, named, stats, doc, r) {
						break
					}
					if !playSecretive(at(step), t, tb, r, played) {
						break
					}
				}
				for _, s := range streams {
					s.Close()
				}
			}
			if named {
				for _, sn := range book.Names {
					if stats.named[sn.Name] == 0 {
						t.Logf("%s: the secret %q did not come up in these games", info.ID, sn.Name)
					}
				}
			}
			if stats.interference == 0 {
				t.Fatalf("%s: no non-interference check changed anything: the matrix is vacuous", info.ID)
			}
			t.Logf("%s on %d instance(s): %d versions, %d secret values (%d distinctive) checked in %d payloads; %d non-interference checks (%d vacuous); secrets seen: %v",
				info.ID, len(insts), stats.versions, len(stats.values), stats.distinct, stats.payloads, stats.interference, stats.vacuous, stats.named)
		})
	}
}

// playSecretive plays one offered move like playNovel, but gives string
// arguments distinctive values, so that what players type (a contraband
// card's name, a reserved item) can be traced.
func playSecretive(ts *testServer, t testing.TB, tb *table, r *rand.Rand, played map[string]int) bool {
	t.Helper()
	offers, v, ok := leastPlayedOffers(ts, tb, r, played)
	if !ok {
		return false
	}
	var o offer
	var m kit.Move
	for _, c := range offers {
		o, m = c, lowMove(c.spec, r)
		for _, a := range c.spec.Args {
			if a.Kind == kit.ArgString && len(a.Choices) == 0 {
				m.Args = withArg(m, a.Name, fmt.Sprintf(`"Qz%08x"`, r.Uint32()))
			}
		}
		if !wouldEnd(ts, tb, c, m) {
			break
		}
	}
	st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", o.token,
		map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": v.Version})
	if st != 200 {
		t.Fatalf("offered move %s %s by %s refused: %d %s", m.Type, m.Args, o.who, st, body)
	}
	played[o.spec.Type]++
	return true
}

// owner returns the seat a secret path belongs to: its first index, or -1
// (a hidden secret belongs to nobody).
var firstIndex = regexp.MustCompile(`^\.\w+\[(\d+)\]`)

func secretOwner(s kit.Secret) int {
	if s.Vis != kit.VisPrivate {
		return -1
	}
	if m := firstIndex.FindStringSubmatch(s.Path); m != nil {
		var n int
		fmt.Sscan(m[1], &n)
		return n
	}
	return -1
}

// publicCorpus is every public leaf of the state, the game's catalog and
// the seat names: a secret value found in it is not distinctive.
func publicCorpus(g kit.Game, st kit.State, tb *table) string {
	var sb strings.Builder
	info, _ := json.Marshal(g.Info())
	sb.Write(info)
	var walk func(v reflect.Value, vis kit.Vis)
	walk = func(v reflect.Value, vis kit.Vis) {
		if vis != kit.VisPublic {
			return
		}
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), vis)
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				f := v.Type().Field(i)
				if !f.IsExported() {
					continue
				}
				fv := vis
				if tag := kit.Vis(f.Tag.Get("vis")); tag != "" {
					fv = tag
				}
				walk(v.Field(i), fv)
			}
		case reflect.Slice, reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), vis)
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				fmt.Fprintf(&sb, "\x00%v", k.Interface())
				walk(v.MapIndex(k), vis)
			}
		default:
			if v.CanInterface() {
				fmt.Fprintf(&sb, "\x00%v", v.Interface())
			}
		}
	}
	walk(reflect.ValueOf(st), kit.VisPublic)
	return sb.String()
}

// distinctive returns the text form of a secret value when it is worth
// searching for: a string of 5+ characters or a number of 6+ digits that
// appears nowhere in the public corpus.
func distinctive(v any, corpus string) (string, bool) {
	var s string
	switch x := v.(type) {
	case string:
		s = strings.TrimSpace(x)
		if len(s) < 5 {
			return "", false
		}
	case int, int64, uint64, uint32, int32:
		s = fmt.Sprint(x)
		if len(strings.TrimLeft(s, "-")) < 6 {
			return "", false
		}
	default:
		return "", false
	}
	if strings.Contains(corpus, s) {
		return "", false
	}
	return s, true
}

// payload is something one screen received.
type payload struct {
	screen int // -2 the board, -1 the host, else a seat
	what   string
	body   string
}

// leakCheckpoint checks the table at its current version, screen i's and
// seat i's requests going to instance at(i). It returns false once the game
// is over (the end reveals what the book reveals).
func leakCheckpoint(t *testing.T, at func(int) *testServer, g kit.Game, tb *table, screens []string, streams []*stream,
	book gameSecrets, named bool, stats *leakStats, doc string, r *rand.Rand) bool {
	t.Helper()
	ctx := context.Background()
	ts := at(0)
	q := ts.Engine.Queries()
	row, err := q.GetTable(ctx, tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := storedState(t, q, g, tb.ID)
	stored, _ := json.Marshal(st)
	if g.Outcome(st) != nil {
		return false
	}
	stats.versions++
	screenOf := func(i int) int { return i - 2 } // screens: board, host, seats
	var payloads []payload
	for i, tok := range screens {
		path := "/api/tables/" + tb.ID
		as := ""
		if tok == "" {
			as = "?as=board"
		}
		_, v := at(i).Call("GET", path+"/view"+as, tok, nil)
		_, l := at(i).Call("GET", path+"/log"+as, tok, nil)
		streams[i].WaitVersion(t, row.Version, 5*time.Second)
		raws := streams[i].AllRaw()
		payloads = append(payloads, payload{screenOf(i), "view", string(v)}, payload{screenOf(i), "log", string(l)},
			payload{screenOf(i), "SSE event", raws[len(raws)-1]})
	}
	// Moves refused to each seat: their error bodies.
	info := g.Info()
	for seat, tok := range tb.Tokens {
		spec := info.Moves[r.IntN(len(info.Moves))]
		m := kit.RandomMove(spec, r)
		code, body := at(seat).Call("POST", "/api/tables/"+tb.ID+"/moves", tok,
			map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": row.Version - 1})
		if code != 409 && code != 422 {
			t.Fatalf("stale probe = %d %s", code, body)
		}
		payloads = append(payloads, payload{seat, "error", string(body)})
		code, body = at(seat+1).Call("POST", "/api/tables/"+tb.ID+"/moves", tok,
			map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": row.Version})
		if code == 200 {
			// The probe was legal and was played: this version's checks
			// are done; the next checkpoint sees the new one.
			return true
		}
		payloads = append(payloads, payload{seat, "error", string(body)})
	}
	_, lookup := ts.Call("GET", "/api/join/"+tb.Code, "", nil)
	payloads = append(payloads, payload{-2, "join lookup", string(lookup)}, payload{-2, "OpenAPI document", doc})
	stats.payloads += len(payloads)

	// Private events reach only their seats.
	for _, p := range payloads {
		checkEventRouting(t, p)
	}

	// Every secret is named, and distinctive ones appear only where their
	// owner looks.
	corpus := publicCorpus(g, st, tb)
	secrets := kit.Secrets(st)
	seen := map[string]int{}
	for _, s := range secrets {
		seen[fmt.Sprint(s.Value)]++
	}
	for _, s := range secrets {
		generic := regexp.MustCompile(`\[\d+\]`).ReplaceAllString(s.Path, "[]")
		if named {
			found := ""
			for _, sn := range book.Names {
				if sn.Path.MatchString(s.Path) {
					found = sn.Name
				}
			}
			if found == "" {
				t.Fatalf("%s: secret %s (%s) is not named in the leakage matrix: add it to secretBook with its rulebook name", info.ID, s.Path, s.Vis)
			}
			stats.named[found]++
		} else {
			stats.named[generic]++
		}
		stats.values[fmt.Sprintf("%s=%v", s.Path, s.Value)] = true
		text, ok := distinctive(s.Value, corpus)
		if !ok || seen[fmt.Sprint(s.Value)] > 1 {
			continue // a word of the game's vocabulary: see non-interference
		}
		stats.distinct++
		owner := secretOwner(s)
		for _, p := range payloads {
			if owner >= 0 && (p.screen == owner || p.screen >= 0 && book.Knows != nil && book.Knows(st, p.screen, owner)) {
				continue
			}
			if strings.Contains(p.body, text) {
				t.Fatalf("%s: the %s secret %s = %q (owner seat %d) appears in the %s of screen %d: %.400s", info.ID, s.Vis, s.Path, text, owner, p.what, p.screen, p.body)
			}
		}
	}

	// Non-interference: change what each screen may not know; its view must
	// not change.
	viewers := []kit.Viewer{kit.BoardViewer, kit.HostViewer}
	for i := range tb.Tokens {
		viewers = append(viewers, kit.SeatViewer(i))
	}
	for _, v := range viewers {
		seat := -1
		if v.Role == kit.RoleSeat {
			seat = v.Seat
		}
		other, err := g.Decode(stored)
		if err != nil {
			t.Fatal(err)
		}
		knows := func(owner int) bool {
			// Without a secretBook entry the game's private channels (who
			// may know whose secrets) are unknown: only hidden secrets are
			// changed.
			return !named || owner == seat || (seat >= 0 && book.Knows != nil && book.Knows(other, seat, owner))
		}
		reverseSecrets(reflect.ValueOf(other), kit.VisPublic, -1, func(owner int) bool {
			return knows(owner) || book.KeepPrivateOrder
		})
		if book.Swap {
			swapPrivate(other, len(tb.Tokens), knows)
		}
		if book.Mutate != nil {
			book.Mutate(other, seat)
		}
		changed, _ := json.Marshal(other)
		if string(changed) == string(stored) {
			stats.vacuous++
			continue
		}
		stats.interference++
		a, _ := json.Marshal(g.View(st, v))
		b, _ := json.Marshal(g.View(other, v))
		if string(a) != string(b) {
			var diff []string
			before := map[string]any{}
			for _, s := range kit.Secrets(st) {
				before[s.Path] = s.Value
			}
			for _, s := range kit.Secrets(other) {
				if fmt.Sprint(before[s.Path]) != fmt.Sprint(s.Value) && len(diff) < 8 {
					diff = append(diff, fmt.Sprintf("%s: %v → %v", s.Path, before[s.Path], s.Value))
				}
			}
			i := 0
			for i < len(a) && i < len(b) && a[i] == b[i] {
				i++
			}
			from := max(0, i-300)
			t.Fatalf("%s: %+v's view depends on secrets it may not know (changed %v); the views differ at byte %d:\nbefore …%s\nafter  …%s",
				info.ID, v, diff, i, a[from:min(len(a), i+200)], b[from:min(len(b), i+200)])
		}
	}
	return true
}

// checkEventRouting fails when a payload of one screen holds a log event
// addressed to other seats.
func checkEventRouting(t *testing.T, p payload) {
	t.Helper()
	var entries []tablepkg.LogEntry
	switch p.what {
	case "view", "SSE event":
		var v tablepkg.ViewResponse
		if json.Unmarshal([]byte(p.body), &v) != nil {
			t.Fatalf("%s of screen %d is not a view: %.200s", p.what, p.screen, p.body)
		}
		entries = v.Log
	case "log":
		if json.Unmarshal([]byte(p.body), &entries) != nil {
			t.Fatalf("log of screen %d is not a log: %.200s", p.screen, p.body)
		}
	default:
		return
	}
	for _, e := range entries {
		for _, ev := range e.Events {
			if ev.To != nil && (p.screen < 0 || !slices.Contains(ev.To, p.screen)) {
				t.Fatalf("the %s of screen %d holds event %q addressed to seats %v", p.what, p.screen, ev.Code, ev.To)
			}
		}
	}
}

// reverseSecrets reverses, in place, every list inside a hidden subtree and
// inside a private subtree whose owner (the first index on the way down)
// the viewer does not know.
func reverseSecrets(v reflect.Value, vis kit.Vis, owner int, knows func(int) bool) {
	// A private list not yet under a seat's index is the per-seat list
	// itself (Hands[seat]): its elements get their owners below.
	secret := vis == kit.VisHidden || vis == kit.VisPrivate && owner >= 0 && !knows(owner)
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			reverseSecrets(v.Elem(), vis, owner, knows)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			fv := vis
			if vis == kit.VisPublic {
				if tag := kit.Vis(f.Tag.Get("vis")); tag != "" {
					fv = tag
				}
			}
			reverseSecrets(v.Field(i), fv, owner, knows)
		}
	case reflect.Slice:
		if secret && v.Len() > 1 && v.CanSet() {
			sw := reflect.Swapper(v.Interface())
			for i, j := 0, v.Len()-1; i < j; i, j = i+1, j-1 {
				sw(i, j)
			}
		}
		for i := 0; i < v.Len(); i++ {
			o := owner
			if o < 0 && vis != kit.VisHidden {
				o = i
			}
			reverseSecrets(v.Index(i), vis, o, knows)
		}
	case reflect.Map:
		if !secret {
			for _, k := range v.MapKeys() {
				if e := v.MapIndex(k); e.Kind() == reflect.Slice || e.Kind() == reflect.Map || e.Kind() == reflect.Struct {
					// Public maps of secret lists: copy, reverse, store back.
					cp := reflect.New(e.Type()).Elem()
					cp.Set(e)
					if e.Kind() == reflect.Slice {
						cp = reflect.MakeSlice(e.Type(), e.Len(), e.Len())
						reflect.Copy(cp, e)
					}
					reverseSecrets(cp, vis, owner, knows)
					v.SetMapIndex(k, cp)
				}
			}
			return
		}
		for _, k := range v.MapKeys() {
			if e := v.MapIndex(k); e.Kind() == reflect.Slice && e.Len() > 1 {
				cp := reflect.MakeSlice(e.Type(), e.Len(), e.Len())
				for i := 0; i < e.Len(); i++ {
					cp.Index(i).Set(e.Index(e.Len() - 1 - i))
				}
				v.SetMapIndex(k, cp)
			}
		}
	}
}

// swapPrivate rotates the private fields of every seat the viewer knows
// nothing of (seat u0's go to u1, u1's to u2, …, the last's to u0), in
// every top-level per-seat list.
func swapPrivate(st kit.State, seats int, knows func(int) bool) {
	var unknown []int
	for i := 0; i < seats; i++ {
		if !knows(i) {
			unknown = append(unknown, i)
		}
	}
	if len(unknown) < 2 {
		return
	}
	v := reflect.ValueOf(st)
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	rotate := func(at func(seat int) reflect.Value) {
		first := reflect.New(at(unknown[0]).Type()).Elem()
		first.Set(at(unknown[0]))
		for k := 0; k+1 < len(unknown); k++ {
			at(unknown[k]).Set(at(unknown[k+1]))
		}
		at(unknown[len(unknown)-1]).Set(first)
	}
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		fv := v.Field(i)
		if !f.IsExported() || fv.Kind() != reflect.Slice || fv.Len() != seats {
			continue
		}
		switch vis := kit.Vis(f.Tag.Get("vis")); {
		case vis == kit.VisPrivate:
			rotate(fv.Index)
		case vis == kit.VisPublic && fv.Index(0).Kind() == reflect.Struct:
			et := fv.Index(0).Type()
			for k := 0; k < et.NumField(); k++ {
				if kit.Vis(et.Field(k).Tag.Get("vis")) == kit.VisPrivate {
					rotate(func(seat int) reflect.Value { return fv.Index(seat).Field(k) })
				}
			}
		}
	}
}

// TestStateTypesClassified finds every game's state type through its
// Decode output and checks that every field reachable from it carries a vis
// tag (kit.CheckClassified), that the type is a struct with tagged fields
// (not a map the check cannot see into), and that the check itself fails
// for a state type with one more, untagged field.
func TestStateTypesClassified(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			st, err := g.Setup(nil, []string{"Ann", "Bob", "Cid", "Dee", "Eve"}[:max(info.MinPlayers, min(5, info.MaxPlayers))], kit.NewCtx(1, 0, time.Unix(1.7e9, 0)))
			if err != nil {
				t.Fatalf("Setup: %v", err)
			}
			enc, _ := json.Marshal(st)
			dec, err := g.Decode(enc)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			typ := reflect.TypeOf(dec)
			if err := kit.CheckClassified(typ); err != nil {
				t.Fatalf("%s: %v", info.ID, err)
			}
			base := typ
			for base.Kind() == reflect.Pointer {
				base = base.Elem()
			}
			if base.Kind() != reflect.Struct {
				t.Fatalf("%s: the state type %s is not a struct: its fields cannot be classified", info.ID, typ)
			}
			tagged := 0
			var fields []reflect.StructField
			for i := 0; i < base.NumField(); i++ {
				f := base.Field(i)
				if f.Tag.Get("vis") != "" {
					tagged++
				}
				if f.IsExported() {
					fields = append(fields, f)
				}
			}
			if tagged == 0 {
				t.Fatalf("%s: the state type %s has no vis tags", info.ID, typ)
			}
			// The check must catch a new secret added without a tag.
			fields = append(fields, reflect.StructField{Name: "NewSecretHand", Type: reflect.TypeOf([]string{}), Tag: `json:"new_secret_hand"`})
			if err := kit.CheckClassified(reflect.StructOf(fields)); err == nil || !strings.Contains(err.Error(), "NewSecretHand") {
				t.Fatalf("%s: CheckClassified does not notice an untagged field: %v", info.ID, err)
			}
		})
	}
}

// one is leakCheckpoint's instance choice with a single server.
func one(ts *testServer) func(int) *testServer { return func(int) *testServer { return ts } }
