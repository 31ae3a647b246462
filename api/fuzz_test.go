package api_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"

	"tablewarden/api"
	"tablewarden/db/engine"
	tablepkg "tablewarden/table"
)

// fuzzServer is the server's handler over a real SQLite file, without a
// listener: the fuzz targets call it directly (much faster than TCP, and
// no Serve goroutine to race with the cleanup's Shutdown).
type fuzzServer struct{ h http.Handler }

// serve sends one request straight to the server's handler.
func (ts *fuzzServer) serve(method, path, token, ctype string, body []byte) (int, []byte) {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.RemoteAddr = "192.0.2.1:1234"
	rec := httptest.NewRecorder()
	ts.h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes()
}

func handlerServer(f *testing.F) *fuzzServer {
	path := filepath.Join(f.TempDir(), "tw.db")
	store, err := engine.Open(context.Background(), path)
	if err != nil {
		f.Fatal(err)
	}
	srv, err := newServer(context.Background(), store, api.Config{PublicURL: "http://example.test", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() {
		srv.Shutdown(context.Background())
		store.Close()
	})
	return &fuzzServer{h: srv.Handler()}
}

// quickTable creates a table with n seats (started when start is set)
// through the handler; the fuzz targets use it because the harness helpers
// report to the *testing.F.
func (ts *fuzzServer) quickTable(game string, n int, start bool) *table {
	body, _ := json.Marshal(map[string]any{"game": game})
	st, out := ts.serve("POST", "/api/tables", "", "application/json", body)
	var cr tablepkg.CreateTableResult
	if st != 201 || json.Unmarshal(out, &cr) != nil {
		panic("create table: " + string(out))
	}
	tb := &table{ID: cr.TableID, Code: cr.JoinCode, Host: cr.HostToken}
	for i := 0; i < n; i++ {
		body, _ := json.Marshal(map[string]any{"code": cr.JoinCode, "name": playerName(i)})
		st, out := ts.serve("POST", "/api/join", "", "application/json", body)
		var jr tablepkg.JoinResult
		if st != 201 || json.Unmarshal(out, &jr) != nil {
			panic("join: " + string(out))
		}
		tb.Tokens = append(tb.Tokens, jr.Token)
	}
	if start {
		if st, out := ts.serve("POST", "/api/tables/"+tb.ID+"/start", tb.Host, "", nil); st != 200 {
			panic("start: " + string(out))
		}
	}
	return tb
}

// errorShaped fails unless body is an error with a message and request id.
func errorShaped(t *testing.T, st int, body []byte) {
	t.Helper()
	var e struct {
		Error, Message, RequestID string `json:"-"`
	}
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatalf("%d body is not JSON: %q", st, body)
	}
	e.Message, _ = raw["message"].(string)
	e.RequestID, _ = raw["request_id"].(string)
	if e.Message == "" || e.RequestID == "" {
		t.Fatalf("%d body lacks a message or request id: %s", st, body)
	}
}

// FuzzJoin fuzzes the join lookup (GET /api/join/{code}) and join requests
// (POST /api/join with any body and content type): no 5xx, every refusal a
// 4xx with a reason, a join accepted only for a well-formed name (1–24
// characters, no control characters) and answered with a fresh 128-bit
// token, and no answer ever holds another seat's or the host's token.
// Run it longer with
//
//	go test ./api -run '^$' -fuzz '^FuzzJoin$' -fuzztime 10m
func FuzzJoin(f *testing.F) {
	for _, s := range []struct{ code, ctype, body string }{
		{"", "application/json", `{"code":"%s","name":"Zed"}`},
		{"%s", "application/json", `{"code":"%s","name":"  Al  "}`},
		{"zzzzzz", "application/json", `{"code":"%s","name":"\u0000"}`},
		{"%s", "application/json", `{"code":"%s","name":"` + strings.Repeat("é", 25) + `"}`},
		{"%s", "text/plain", `{"code":"%s","name":"Al"}`},
		{"../tables", "application/json", `{"code":"%s","name":"Ann"}`},
		{"%s", "application/json", `{"code":"%s","name":"Bo","x":1}`},
		{"%s", "application/json", `{"code":["%s"],"name":"Bo"}`},
		{"%s", "application/json; charset=utf-8", `{"code":"%s","name":"\u202eRTL"}`},
		{"%s", "application/json", `[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`},
	} {
		f.Add(s.code, s.ctype, []byte(s.body))
	}
	ts := handlerServer(f)
	var cur *table
	fresh := func() { cur = ts.quickTable("jumpship", 2, false) }
	fresh()
	f.Fuzz(func(t *testing.T, code, ctype string, body []byte) {
		code = strings.ReplaceAll(code, "%s", cur.Code)
		body = bytes.ReplaceAll(body, []byte("%s"), []byte(cur.Code))
		known := append([]string{cur.Host}, cur.Tokens...)
		leaks := func(what string, out []byte) {
			for _, k := range known {
				if bytes.Contains(out, []byte(k)) {
					t.Fatalf("%s reveals an existing token: %s", what, out)
				}
			}
		}
		st, out := ts.serve("GET", "/api/join/"+url.PathEscape(code), "", "", nil)
		if st >= 500 || st != 200 && st != 404 && st != 400 {
			t.Fatalf("lookup %q = %d %s", code, st, out)
		}
		if st != 200 {
			errorShaped(t, st, out)
		}
		leaks("the lookup", out)
		st, out = ts.serve("POST", "/api/join", "", ctype, body)
		switch {
		case st == 201:
			var jr tablepkg.JoinResult
			var req struct{ Code, Name string }
			if json.Unmarshal(out, &jr) != nil || json.Unmarshal(body, &req) != nil {
				t.Fatalf("201 for %q: %s", body, out)
			}
			// The stored name is the request's under the PRECIS nickname
			// profile (spaces trimmed, NFKC: "⁰000" is "0000").
			name, err := precis.Nickname.String(req.Name)
			if err != nil || jr.Name != name || name == "" || utf8.RuneCountInString(name) > 24 || strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
				t.Fatalf("join accepted name %q (answered %q)", req.Name, jr.Name)
			}
			if b, err := base64.RawURLEncoding.DecodeString(jr.Token); err != nil || len(b) < 16 {
				t.Fatalf("join token %q is not 128 random bits", jr.Token)
			}
			for _, k := range known {
				if jr.Token == k {
					t.Fatal("join handed out an existing token")
				}
			}
			if jr.TableID == cur.ID {
				cur.Tokens = append(cur.Tokens, jr.Token)
			}
		case st >= 400 && st < 500:
			errorShaped(t, st, out)
			leaks("a refused join", out)
			if st == 409 && bytes.Contains(out, []byte("full")) {
				fresh()
			}
		default:
			t.Fatalf("join %q (%s) = %d %s", body, ctype, st, out)
		}
	})
}

// FuzzMoveRequest fuzzes the move request body (bindJSON, MoveRequest,
// the catalog bounds, the referee's DecodeArgs) from the seat whose turn it
// is: no 5xx, every refusal a 4xx with a reason that leaves the version
// and the seat's view as they were. Run it longer with
//
//	go test ./api -run '^$' -fuzz '^FuzzMoveRequest$' -fuzztime 10m
func FuzzMoveRequest(f *testing.F) {
	for _, b := range []string{
		`{"type":"draw"}`, `{"type":"give","args":{"token":"x","to":-1}}`, `{"type":"scan","args":{"target":9223372036854775808}}`,
		`{"type":"redraw","args":{"tokens":[1,2,3]}}`, `{"type":"draw","expected_version":-1}`, `{"type":"draw","idempotency_key":"` + strings.Repeat("k", 101) + `"}`,
		`{"type":"timer_expired","args":{"name":"x","generation":1}}`, `{"type":"kill","args":null}`, `{"type":"draw","args":"str"}`, `{"type":1}`, `null`, `{}`,
	} {
		f.Add([]byte(b), "application/json")
	}
	ts := handlerServer(f)
	var tb *table
	reset := func() { tb = ts.quickTable("jumpship", 5, true) }
	reset()
	f.Fuzz(func(t *testing.T, body []byte, ctype string) {
		var v tablepkg.ViewResponse
		_, raw := ts.serve("GET", "/api/tables/"+tb.ID+"/view?as=board", "", "", nil)
		json.Unmarshal(raw, &v)
		if v.View == nil || v.View.Outcome != nil {
			reset()
			return
		}
		seat := v.View.Turn[0]
		_, before := ts.serve("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[seat], "", nil)
		st, out := ts.serve("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], ctype, body)
		switch {
		case st == 200:
		case st >= 400 && st < 500:
			errorShaped(t, st, out)
			_, after := ts.serve("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[seat], "", nil)
			var a, b tablepkg.ViewResponse
			json.Unmarshal(before, &b)
			json.Unmarshal(after, &a)
			if mustJSON(zeroTime(a)) != mustJSON(zeroTime(b)) {
				t.Fatalf("refused move %q (%d %s) changed the view", body, st, out)
			}
		default:
			t.Fatalf("move %q (%s) = %d %s", body, ctype, st, out)
		}
	})
}
