package api_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"
	"unicode/utf8"
)

// rawCall sends body as it is (bytes a JSON encoder would never write).
func rawCall(ts *testServer, method, path, token string, body []byte) (int, []byte) {
	ts.T.Helper()
	req, err := http.NewRequest(method, ts.URL+path, bytes.NewReader(body))
	if err != nil {
		ts.T.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Requested-With", "tablewarden")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := ts.Client.Do(req)
	if err != nil {
		ts.T.Fatal(err)
	}
	defer res.Body.Close()
	var out bytes.Buffer
	out.ReadFrom(res.Body)
	return res.StatusCode, out.Bytes()
}

// Invalid UTF-8 in any text a client sends is refused with 400 not_utf8
// before storage sees it, on SQLite and on PostgreSQL alike (TW_API_DB=pg),
// and nothing is recorded.
func TestInvalidUTF8Refused(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("captainisdead", nil, 3)
	ts.Start(tb)
	bad := "\xE9\xFF"
	before := ts.View(tb, tb.Host).Version
	tables := ts.QueryInt("SELECT COUNT(*) FROM game_tables")
	cases := []struct {
		what, method, path, token, body string
	}{
		{"table options", "POST", "/api/tables", "", `{"game":"spacecadets","options":{"mission":"7","note":"` + bad + `"}}`},
		{"a player's name", "POST", "/api/join", "", `{"code":"` + tb.Code + `","name":"Zo` + bad + `"}`},
		{"a move's free-text argument", "POST", "/api/tables/" + tb.ID + "/moves", tb.Tokens[0], `{"type":"record_effect","args":{"source":"` + bad + `"}}`},
		{"a move's type", "POST", "/api/tables/" + tb.ID + "/moves", tb.Tokens[0], `{"type":"end_` + bad + `"}`},
		{"an idempotency key", "POST", "/api/tables/" + tb.ID + "/moves", tb.Tokens[0], `{"type":"end_turn","idempotency_key":"k` + bad + `"}`},
		{"a lock", "POST", "/api/tables/" + tb.ID + "/lock", tb.Host, `{"locked":true,"x":"` + bad + `"}`},
		{"a join code in the path", "GET", "/api/join/AB%E9%FF", "", ""},
		{"a hand-over code in the path", "POST", "/api/handover/AB%E9%FFCD", "", ""},
		{"a table id in the path", "GET", "/api/tables/%E9%FF/view?as=board", "", ""},
	}
	for _, c := range cases {
		st, body := rawCall(ts, c.method, c.path, c.token, []byte(c.body))
		var e struct {
			Error, Code string
		}
		json.Unmarshal(body, &e)
		if st != 400 || e.Error != "invalid" || e.Code != "not_utf8" {
			t.Errorf("%s with bytes E9 FF = %d %s, want 400 invalid not_utf8", c.what, st, body)
		}
	}
	if v := ts.View(tb, tb.Host).Version; v != before {
		t.Fatalf("the table moved from version %d to %d", before, v)
	}
	if n := ts.QueryInt("SELECT COUNT(*) FROM game_tables"); n != tables {
		t.Fatalf("%d tables after the refusals, want %d", n, tables)
	}
	if n := ts.QueryInt("SELECT COUNT(*) FROM seats WHERE table_id = ?", tb.ID); n != 3 {
		t.Fatalf("%d seats after the refused join, want 3", n)
	}
}

// FuzzClientText puts any bytes into the texts a client sends (table
// options, a name, a move's arguments): a body that is not UTF-8 is 400
// not_utf8, and nothing is ever a 5xx. Run it longer with
//
//	go test ./api -run '^$' -fuzz '^FuzzClientText$' -fuzztime 5m
func FuzzClientText(f *testing.F) {
	for _, s := range []string{"\xE9\xFF", "ok", "é", "\xC3", "\xED\xA0\x80", "\\ud800", "\x00", "\"", "\xF4\x90\x80\x80"} {
		f.Add(0, s)
		f.Add(1, s)
		f.Add(2, s)
	}
	ts := handlerServer(f)
	tb := ts.quickTable("captainisdead", 3, true)
	f.Fuzz(func(t *testing.T, where int, text string) {
		var path, token string
		var body []byte
		switch (where%3 + 3) % 3 {
		case 0:
			path, body = "/api/tables", []byte(`{"game":"spacecadets","options":{"mission":"7","note":"`+text+`"}}`)
		case 1:
			path, body = "/api/join", []byte(`{"code":"`+tb.Code+`","name":"`+text+`"}`)
		default:
			path, token, body = "/api/tables/"+tb.ID+"/moves", tb.Tokens[0], []byte(`{"type":"record_effect","args":{"source":"`+text+`"}}`)
		}
		st, out := ts.serve("POST", path, token, "application/json", body)
		if st >= 500 {
			t.Fatalf("%s with %q = %d %s", path, text, st, out)
		}
		if !utf8.Valid(body) {
			var e struct{ Code string }
			json.Unmarshal(out, &e)
			if st != 429 && (st != 400 || e.Code != "not_utf8") { // 429: the create limit comes first
				t.Fatalf("%s with %q (not UTF-8) = %d %s, want 400 not_utf8", path, text, st, out)
			}
		}
	})
}
