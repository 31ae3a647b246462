package api_test

import (
	jsonpatch "github.com/evanphx/json-patch/v5"

	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
)

// patchStream is an SSE stream opened with ?patches=1. It applies every
// "patch" event to the view its stream built, as the phone does, and
// keeps the events (for the JavaScript check) and the merged view after
// each of them.
type patchStream struct {
	mu      sync.Mutex
	raw     []byte // the merged view
	view    map[string]any
	version int64
	events  []sseEvent
	merged  []string // the merged view (JSON) after each event
	patches int
	// logSlides counts patches that added log entries at the log's end.
	logSlides int
	errs      []string
	notify    chan struct{}
	cancel    context.CancelFunc
	done      chan struct{}
}

type sseEvent struct {
	Name    string `json:"name"`
	Data    string `json:"data"`
	Version int64  `json:"-"` // the stream's view's, once the event is merged
}

func openPatchStream(ts *testServer, tableID, token, as string) *patchStream {
	ts.T.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	url := ts.URL + "/api/tables/" + tableID + "/stream?patches=1"
	if as != "" {
		url += "&as=" + as
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		cancel()
		ts.T.Fatalf("patch stream: %v %v", err, res)
	}
	s := &patchStream{notify: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 8<<20)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				s.receive(event, strings.TrimPrefix(line, "data: "))
				select {
				case s.notify <- struct{}{}:
				default:
				}
			}
		}
	}()
	ts.T.Cleanup(func() { s.cancel(); <-s.done })
	return s
}

// receive merges one event the way web/static/app.js does, with an
// independent RFC 6902 implementation (evanphx/json-patch).
func (s *patchStream) receive(event, data string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch event {
	case "view":
		s.raw = []byte(data)
	case "patch":
		p, err := jsonpatch.DecodePatch([]byte(data))
		if err != nil {
			s.errs = append(s.errs, "patch: "+err.Error())
			return
		}
		if s.raw == nil {
			s.errs = append(s.errs, "a patch before any view")
			return
		}
		out, err := p.Apply(s.raw)
		if err != nil {
			s.errs = append(s.errs, fmt.Sprintf("patch %s on the view at version %d: %v", data, s.version, err))
			return
		}
		s.raw = out
		for _, op := range p {
			if path, _ := op.Path(); path == "/log/-" {
				s.logSlides++
				break
			}
		}
		s.patches++
	default:
		return
	}
	var v map[string]any
	if err := json.Unmarshal(s.raw, &v); err != nil {
		s.errs = append(s.errs, event+": "+err.Error())
		return
	}
	s.view = v
	s.version = int64(v["version"].(float64))
	s.events = append(s.events, sseEvent{Name: event, Data: data, Version: s.version})
	b, _ := json.Marshal(s.view)
	s.merged = append(s.merged, string(b))
}

// waitVersion returns the stream's merged view once it reaches version v.
func (s *patchStream) waitVersion(t *testing.T, v int64) map[string]any {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		s.mu.Lock()
		if len(s.errs) > 0 {
			t.Fatalf("patch stream: %v", s.errs)
		}
		if s.view != nil && s.version >= v {
			view := s.view
			s.mu.Unlock()
			return view
		}
		s.mu.Unlock()
		select {
		case <-s.notify:
		case <-deadline:
			t.Fatalf("patch stream did not reach version %d", v)
		}
	}
}

// wholeView is GET /view as a generic value, without its server time.
func wholeView(ts *testServer, tableID, token string) (map[string]any, int) {
	path := "/api/tables/" + tableID + "/view"
	if token == "" {
		path += "?as=board"
	}
	st, body := ts.Call("GET", path, token, nil)
	if st != 200 {
		ts.T.Fatalf("view = %d %s", st, body)
	}
	var v map[string]any
	if err := json.Unmarshal(body, &v); err != nil {
		ts.T.Fatal(err)
	}
	delete(v, "server_time")
	return v, len(body)
}

// TestPatchStreamsEqualWholeViewsEveryGame plays every game with a patch
// stream open for the board, the host and every seat, and checks at every
// step that each stream's merged view equals the whole view of the same
// screen. It also checks that patches are smaller than whole views, and,
// when node is installed, that the phone's own applyPatch (app.js) merges
// every stream's events into the same views as an independent RFC 6902
// implementation.
func TestPatchStreamsEqualWholeViewsEveryGame(t *testing.T) {
	t.Parallel()
	for _, g := range catalog.All() {
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			ts := startServer(t, "")
			players := info.MinPlayers
			if players < 3 && info.MaxPlayers >= 3 {
				players = 3
			}
			tb := ts.NewTable(info.ID, nil, players)
			ts.Start(tb)
			tokens := append([]string{"", tb.Host}, tb.Tokens...)
			streams := make([]*patchStream, len(tokens))
			for i, tok := range tokens {
				as := ""
				if tok == "" {
					as = "board"
				}
				streams[i] = openPatchStream(ts, tb.ID, tok, as)
			}
			steps := 60
			if testing.Short() {
				steps = 20
			}
			r := rand.New(rand.NewPCG(7, uint64(len(info.ID))))
			wholeBytes, played := 0, 0
			for step := 0; step <= steps; step++ {
				var version int64
				type cand struct {
					token string
					spec  kit.MoveSpec
				}
				var cands []cand
				for i, tok := range tokens {
					want, size := wholeView(ts, tb.ID, tok)
					version = int64(want["version"].(float64))
					got := streams[i].waitVersion(t, version)
					cp := make(map[string]any, len(got))
					for k, v := range got {
						cp[k] = v
					}
					delete(cp, "server_time")
					if !reflect.DeepEqual(cp, want) {
						gb, _ := json.Marshal(cp)
						wb, _ := json.Marshal(want)
						t.Fatalf("step %d, screen %d: merged view differs from the whole view\nmerged: %s\nwhole:  %s", step, i, gb, wb)
					}
					if step > 0 {
						wholeBytes += size
					}
					if gv, ok := want["view"].(map[string]any); ok && gv["outcome"] == nil && tok != "" {
						b, _ := json.Marshal(gv["moves"])
						var specs []kit.MoveSpec
						json.Unmarshal(b, &specs)
						for _, m := range specs {
							if m.Type != "declare_loss" {
								cands = append(cands, cand{tok, m})
							}
						}
					}
				}
				if step == steps || len(cands) == 0 {
					break
				}
				c := cands[r.IntN(len(cands))]
				m := kit.RandomMove(c.spec, r)
				st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", c.token,
					map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": version, "idempotency_key": fmt.Sprint(r.Uint64())})
				if st != 200 {
					t.Fatalf("step %d: offered move %s %s refused: %d %s", step, m.Type, m.Args, st, body)
				}
				played++
			}
			if played == 0 {
				t.Fatal("no move was played")
			}
			patchBytes, patches, slides := 0, 0, 0
			for _, s := range streams {
				s.mu.Lock()
				for _, e := range s.events {
					if e.Name == "patch" {
						patchBytes += len(e.Data)
					}
				}
				patches += s.patches
				slides += s.logSlides
				s.mu.Unlock()
			}
			if patches == 0 {
				t.Fatal("no stream received a patch")
			}
			checkEventLengths(t, streams)
			if slides == 0 {
				t.Error("no patch slid the log")
			}
			if patchBytes >= wholeBytes {
				t.Errorf("patches took %d bytes, the whole views %d", patchBytes, wholeBytes)
			}
			t.Logf("%s: %d moves, %d patches (%d sliding the log), %d bytes (whole views: %d bytes)", info.ID, played, patches, slides, patchBytes, wholeBytes)
			checkPatchesInNode(t, streams)
		})
	}
}

// checkEventLengths checks that every event of one kind ("view" or
// "patch") at one version has the same length on every stream that got
// one (equal sizes: patches are padded like whole views).
func checkEventLengths(t *testing.T, streams []*patchStream) {
	t.Helper()
	type key struct {
		name    string
		version int64
	}
	seen := map[key]int{}
	for i, s := range streams {
		s.mu.Lock()
		for _, e := range s.events {
			k := key{e.Name, e.Version}
			if n, ok := seen[k]; ok && n != len(e.Data) {
				t.Errorf("version %d: stream %d's %s event is %d bytes, another stream's %d", e.Version, i, e.Name, len(e.Data), n)
			}
			seen[k] = len(e.Data)
		}
		s.mu.Unlock()
	}
}

// checkPatchesInNode runs applyPatch from web/static/app.js under node over
// every stream's events and compares each merged view with json-patch's.
// Without node it says so and checks nothing more.
func checkPatchesInNode(t *testing.T, streams []*patchStream) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Log("node is not installed: app.js's applyPatch was not run (json-patch checked the patches alone)")
		return
	}
	src, err := os.ReadFile(filepath.Join("..", "web", "static", "app.js"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok1 := strings.Cut(string(src), "// ---- patch:begin ----")
	fn, _, ok2 := strings.Cut(rest, "// ---- patch:end ----")
	if !ok1 || !ok2 {
		t.Fatal("app.js has no patch:begin … patch:end section")
	}
	var all [][]sseEvent
	var want [][]string
	for _, s := range streams {
		s.mu.Lock()
		all = append(all, append([]sseEvent(nil), s.events...))
		want = append(want, append([]string(nil), s.merged...))
		s.mu.Unlock()
	}
	in, _ := json.Marshal(all)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "events.json"), in, 0o644); err != nil {
		t.Fatal(err)
	}
	script := "//" + fn + `
const all = JSON.parse(require("fs").readFileSync(process.argv[2], "utf8"));
const out = all.map(events => {
  let view = null;
  return events.map(e => {
    view = e.name === "view" ? JSON.parse(e.data) : applyPatch(view, JSON.parse(e.data));
    return JSON.stringify(view);
  });
});
process.stdout.write(JSON.stringify(out));
`
	if err := os.WriteFile(filepath.Join(dir, "merge.js"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := exec.Command(node, filepath.Join(dir, "merge.js"), filepath.Join(dir, "events.json")).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got [][]string
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("node merged %d streams, want %d", len(got), len(want))
	}
	for i := range want {
		if len(got[i]) != len(want[i]) {
			t.Fatalf("stream %d: node merged %d events, want %d", i, len(got[i]), len(want[i]))
		}
		for j := range want[i] {
			var a, b any
			json.Unmarshal([]byte(got[i][j]), &a)
			json.Unmarshal([]byte(want[i][j]), &b)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("stream %d, event %d: app.js's applyPatch gives\n%s\njson-patch\n%s", i, j, got[i][j], want[i][j])
			}
		}
	}
}
