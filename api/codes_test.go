package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tablewarden/api"
	tablepkg "tablewarden/table"
)

// trustProxy makes the test server take client addresses from
// X-Forwarded-For, so that one test can speak from several addresses.
func trustProxy(c *api.Config) { c.TrustProxy = true }

// The tests of this file hold the rules of hand-over codes over the real
// server and a real SQLite file: a code belongs to a seat, not to a number;
// a seat has at most one open code; a code is short enough to read aloud
// and the server, not its length alone, stops guessing.

// issueCode issues seat's hand-over code as the host.
func issueCode(t *testing.T, ts *testServer, tb *table, seat int) handover {
	t.Helper()
	var h handover
	ts.Must(200, "POST", fmt.Sprintf("/api/tables/%s/seats/%d/handover", tb.ID, seat), tb.Host, nil, &h)
	return h
}

// claimCode claims a code and returns the status and the claim.
func claimCode(ts *testServer, code string) (int, tablepkg.ClaimResult) {
	var res tablepkg.ClaimResult
	st, body := ts.Call("POST", "/api/handover/"+code, "", nil)
	if st == 200 {
		if err := json.Unmarshal(body, &res); err != nil {
			ts.T.Fatalf("claim answer %s: %v", body, err)
		}
	}
	return st, res
}

// A code issued in the lobby follows its seat through the start, and a
// removed seat's code gives nothing: the host issues codes for Ann (seat 0)
// and Bob (seat 1), removes Ann and starts, so that Bob becomes seat 0.
func TestHandoverCodeFollowsItsSeat(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 6)
	ann, bob := issueCode(t, ts, tb, 0), issueCode(t, ts, tb, 1)
	ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/0", tb.Host, nil, nil)
	ts.Start(tb)

	if st, res := claimCode(ts, ann.Code); st != 410 {
		t.Fatalf("the removed seat's code claimed %d %+v, want 410", st, res)
	}
	st, res := claimCode(ts, bob.Code)
	if st != 200 {
		t.Fatalf("Bob's code = %d, want 200", st)
	}
	v := ts.View(&table{ID: tb.ID}, res.Token)
	if v.Me.Name != "Bob" || res.Seat != 0 {
		t.Fatalf("Bob's code gave seat %d named %q, want Bob's seat (now 0)", res.Seat, v.Me.Name)
	}
	// Cid, now seat 1, keeps his phone; Bob's old phone is signed out.
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[2], nil); st != 200 {
		t.Fatalf("Cid's phone = %d after Bob's hand-over, want 200", st)
	}
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[1], nil); st != 401 {
		t.Fatalf("Bob's old phone = %d after his hand-over, want 401", st)
	}
}

// A seat has at most one open code: a newer code cancels the older one,
// and so do a revoke and the host's cancel. The host's view lists the open
// codes' seats, never the codes.
func TestHandoverOneOpenCodePerSeat(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	open := func() []int {
		var seats []int
		for _, h := range ts.View(tb, tb.Host).Handovers {
			seats = append(seats, h.Seat)
		}
		return seats
	}
	first := issueCode(t, ts, tb, 2)
	second := issueCode(t, ts, tb, 2)
	if got := open(); len(got) != 1 || got[0] != 2 {
		t.Fatalf("open codes = %v, want [2]", got)
	}
	_, hostView := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Host, nil)
	if strings.Contains(string(hostView), second.Code) {
		t.Fatal("the host's view holds the code itself")
	}
	if st, _ := claimCode(ts, first.Code); st != 410 {
		t.Fatalf("the older code = %d after a newer one, want 410", st)
	}
	if st, _ := claimCode(ts, second.Code); st != 200 {
		t.Fatalf("the newer code = %d, want 200", st)
	}
	if got := open(); len(got) != 0 {
		t.Fatalf("open codes after the claim = %v, want none", got)
	}

	// A revoke cancels the seat's code, with or without a device there.
	third := issueCode(t, ts, tb, 3)
	ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/3/device", tb.Host, nil, nil)
	if st, _ := claimCode(ts, third.Code); st != 410 {
		t.Fatalf("a code after its seat's revoke = %d, want 410", st)
	}
	fourth := issueCode(t, ts, tb, 3)
	ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/3/device", tb.Host, nil, nil)
	if st, _ := claimCode(ts, fourth.Code); st != 410 {
		t.Fatalf("a code of an unattended seat after a revoke = %d, want 410", st)
	}

	// The host cancels a code; only the host may.
	fifth := issueCode(t, ts, tb, 4)
	if st, _ := ts.Call("DELETE", "/api/tables/"+tb.ID+"/seats/4/handover", tb.Tokens[4], nil); st != 403 {
		t.Fatalf("a seat cancelling a code = %d, want 403", st)
	}
	ts.Must(204, "DELETE", "/api/tables/"+tb.ID+"/seats/4/handover", tb.Host, nil, nil)
	if got := open(); len(got) != 0 {
		t.Fatalf("open codes after the cancel = %v, want none", got)
	}
	if st, _ := claimCode(ts, fifth.Code); st != 410 {
		t.Fatalf("a cancelled code = %d, want 410", st)
	}
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", tb.Tokens[4], nil); st != 200 {
		t.Fatalf("the seat's phone = %d after its code was cancelled, want 200", st)
	}
}

// A code reads aloud: ten characters without look-alikes in two groups of
// five, accepted in any case and without its dash.
func TestHandoverCodeReadsAloud(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	h := issueCode(t, ts, tb, 1)
	if !regexp.MustCompile(`^[2-9A-HJKMNP-TW-Z]{5}-[2-9A-HJKMNP-TW-Z]{5}$`).MatchString(h.Code) {
		t.Fatalf("code %q is not two groups of five characters without look-alikes", h.Code)
	}
	typed := strings.ToLower(strings.ReplaceAll(h.Code, "-", " "))
	if st, res := claimCode(ts, strings.ReplaceAll(typed, " ", "")); st != 200 || res.Seat != 1 {
		t.Fatalf("the code typed in lower case without its dash = %d %+v, want seat 1", st, res)
	}
}

// Failed claims are capped per address: after ten wrong codes within ten
// minutes every further wrong code from the address is 429 with
// Retry-After, while a right code is still claimed (a phone at a venue
// gets its seat whatever another phone there guessed); another
// address is not held back.
func TestHandoverFailedClaimsCapped(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", trustProxy)
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	h := issueCode(t, ts, tb, 1)
	claim := func(code, addr string) (int, http.Header) {
		req, _ := http.NewRequest("POST", ts.URL+"/api/handover/"+code, nil)
		req.Header.Set("X-Forwarded-For", addr)
		res, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode, res.Header
	}
	for i := 0; i < 10; i++ {
		if st, _ := claim(fmt.Sprintf("WRONG-CODE%d", i%10), "203.0.113.7"); st != 410 {
			t.Fatalf("wrong code %d = %d, want 410", i, st)
		}
	}
	st, hdr := claim("WRONG-CODEX", "203.0.113.7")
	if st != 429 || hdr.Get("Retry-After") == "" {
		t.Fatalf("an 11th wrong code = %d (Retry-After %q), want 429 with Retry-After", st, hdr.Get("Retry-After"))
	}
	if st, _ := claim("WRONG-CODEX", "198.51.100.9"); st != 410 {
		t.Fatalf("a wrong code from another address = %d, want 410", st)
	}
	if st, _ := claim(h.Code, "203.0.113.7"); st != 200 {
		t.Fatalf("the right code after ten wrong ones from its address = %d, want 200", st)
	}
}
