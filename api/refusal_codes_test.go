package api_test

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tablewarden/api/apitest"
	"tablewarden/referee/catalog"
	tablepkg "tablewarden/table"
)

// TestRefusalCodesApart makes one of each kind of refusal a client meets
// (every status the routes document: 400, 401, 403, 404, 409, 410, 422)
// over the real server and checks each answers the one JSON error with its
// own code: two refusals that mean different things never share a code.
// The checked client (apitest.RefusalCoded) also fails every other API
// test on a refusal without a code.
func TestRefusalCodesApart(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	lobby := ts.NewTable("lockup", nil, 2)
	v := ts.View(tb, tb.Host)
	moves := "/api/tables/" + tb.ID + "/moves"
	// A move taken, for a key reused by another seat.
	var turn int
	for i, tok := range tb.Tokens {
		if apitest.HasMove(ts.View(tb, tok).View.Moves, "draw") {
			turn = i
		}
	}
	ts.Must(200, "POST", moves, tb.Tokens[turn], map[string]any{"type": "draw", "idempotency_key": "k-1"}, nil)
	v = ts.View(tb, tb.Host)
	handover := func() string {
		var h struct{ Code string }
		ts.Must(200, "POST", "/api/tables/"+lobby.ID+"/seats/1/handover", lobby.Host, nil, &h)
		ts.Must(200, "POST", "/api/handover/"+h.Code, "", nil, nil)
		return h.Code
	}()
	cases := []struct {
		name, method, path, token string
		body                      any
		hdr                       []string
		status                    int
		code                      string
	}{
		{"UnknownGame", "POST", "/api/tables", "", map[string]any{"game": "chess"}, nil, 400, "unknown_game"},
		{"MalformedJSON", "POST", moves, tb.Host, `{"type":`, nil, 400, "bad_json"},
		{"NotJSON", "POST", moves, tb.Host, `{"type":"draw"}`, []string{"Content-Type", "text/plain"}, 400, "not_json"},
		{"EmptyName", "POST", "/api/join", "", map[string]any{"code": lobby.Code, "name": "  "}, nil, 400, "name_empty"},
		{"BadSeat", "DELETE", "/api/tables/" + tb.ID + "/seats/-1", tb.Host, nil, nil, 400, "bad_seat_number"},
		{"BadFormat", "GET", "/api/tables/" + tb.ID + "/result?format=xml", tb.Host, nil, nil, 400, "bad_format"},
		{"Anonymous", "POST", moves, "", map[string]any{"type": "draw"}, nil, 401, "not_joined"},
		{"WrongToken", "GET", "/api/tables/" + tb.ID + "/view", "nope", nil, nil, 401, "bad_token"},
		{"NotBearer", "GET", "/api/tables/" + tb.ID + "/view", "", nil, []string{"Authorization", "Basic eDp5"}, 401, "bad_authorization"},
		{"NotHost", "POST", "/api/tables/" + lobby.ID + "/start", lobby.Tokens[0], nil, nil, 403, "not_host"},
		{"WrongJoinCode", "GET", "/api/join/ZZZZZZZZ", "", nil, nil, 404, "unknown_join_code"},
		{"UnknownTable", "GET", "/api/tables/nope/view", "", nil, nil, 404, "unknown_table"},
		{"NoSeat", "DELETE", "/api/tables/" + lobby.ID + "/seats/7", lobby.Host, nil, nil, 404, "no_seat"},
		{"Stale", "POST", moves, tb.Tokens[turn], map[string]any{"type": "draw", "expected_version": v.Version - 1}, nil, 409, "stale"},
		{"NotStarted", "POST", "/api/tables/" + lobby.ID + "/moves", lobby.Tokens[0], map[string]any{"type": "roll_call"}, nil, 409, "not_started"},
		{"AlreadyStarted", "POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Zed"}, nil, 409, "game_started"},
		{"NotEnded", "GET", "/api/tables/" + tb.ID + "/result", tb.Host, nil, nil, 409, "not_ended"},
		{"NameTaken", "POST", "/api/join", "", map[string]any{"code": lobby.Code, "name": apitest.PlayerName(0)}, nil, 409, "name_taken"},
		{"KeyReused", "POST", moves, tb.Tokens[(turn+1)%5], map[string]any{"type": "draw", "idempotency_key": "k-1"}, nil, 409, "key_reused"},
		{"HandoverGone", "POST", "/api/handover/" + handover, "", nil, nil, 410, "handover_gone"},
		{"UnknownMove", "POST", moves, tb.Tokens[turn], map[string]any{"type": "teleport"}, nil, 422, "unknown_move"},
	}
	// A route the document does not have, asked outside the checked
	// client.
	plain := &http.Client{Transport: &http.Transport{}}
	res, err := plain.Get(ts.URL + "/api/nothing")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if err := apitest.RefusalCoded("GET", res.StatusCode, res.Header.Get("Content-Type"), body); err != nil || res.StatusCode != 404 || !strings.Contains(string(body), `"code":"not_found"`) {
		t.Errorf("GET /api/nothing = %d %s (%v), want 404 code not_found", res.StatusCode, body, err)
	}
	seen := map[string]string{"not_found": "NoRoute"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, body := ts.Call(c.method, c.path, c.token, c.body, c.hdr...)
			var e struct{ Error, Code, Message string }
			if err := json.Unmarshal(body, &e); err != nil {
				t.Fatalf("%s %s = %d %s: not the JSON error", c.method, c.path, st, body)
			}
			if st != c.status || e.Code != c.code {
				t.Fatalf("%s %s = %d code %q (%s), want %d code %q", c.method, c.path, st, e.Code, e.Message, c.status, c.code)
			}
		})
		if prev, dup := seen[c.code]; dup {
			t.Errorf("cases %s and %s share code %q", prev, c.name, c.code)
		}
		seen[c.code] = c.name
	}
}

// TestRefusalCodesDeclaredOnce checks the declarations the codes come from:
// every table reason answers one status; no reason is also a game's
// refusal code (a client could not tell a 400 from a 422 by its code) or
// a key of a game's message catalog (the page translates a refusal by its
// code, and would show the game's words for a table's refusal).
func TestRefusalCodesDeclaredOnce(t *testing.T) {
	t.Parallel()
	reasons := map[string]tablepkg.Code{}
	for _, r := range tablepkg.Reasons {
		if _, dup := reasons[string(r.Reason)]; dup {
			t.Errorf("reason %q declared twice", r.Reason)
		}
		reasons[string(r.Reason)] = r.Code
	}
	for _, g := range catalog.All() {
		info := g.Info()
		for _, c := range info.RefusalCodes() {
			if kind, ok := reasons[c.Code]; ok {
				t.Errorf("%s's refusal code %q is also the table's reason (%s)", info.ID, c.Code, kind)
			}
		}
		for lang, msgs := range info.Messages {
			for k := range msgs {
				if kind, ok := reasons[k]; ok {
					t.Errorf("%s's %s catalog has key %q, the table's reason (%s): the page would translate that refusal with the game's words", info.ID, lang, k, kind)
				}
			}
		}
	}
	for _, c := range tablepkg.RuleCodes {
		if kind, ok := reasons[c.Code]; ok {
			t.Errorf("the table's rule code %q is also a reason (%s)", c.Code, kind)
		}
	}
}

// TestTableRuleCodesDeclared reads the table's and the API's source for
// the rule codes they refuse with themselves (kit.Errorf) and fails on one
// that table.RuleCodes does not declare: the document's TableRefusalCode
// and docs/games.md are made from it.
func TestTableRuleCodesDeclared(t *testing.T) {
	t.Parallel()
	declared := map[string]bool{}
	for _, c := range tablepkg.RuleCodes {
		declared[c.Code] = true
	}
	call := regexp.MustCompile(`kit\.Errorf\(\s*"([a-z_0-9]+)"`)
	files, _ := filepath.Glob("../table/*.go")
	more, _ := filepath.Glob("*.go")
	found := 0
	for _, f := range append(files, more...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			found++
			if !declared[m[1]] {
				t.Errorf("%s refuses with rule code %q, which table.RuleCodes does not declare", f, m[1])
			}
		}
	}
	if found == 0 {
		t.Fatal("no kit.Errorf found in table/ and api/: the test reads the wrong files")
	}
}
