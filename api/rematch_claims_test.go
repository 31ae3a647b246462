package api_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// endAndRematch ends a Space Cadets table by declaring the loss and starts
// its rematch; it returns the rematch with its host token (no seat tokens).
func endAndRematch(t *testing.T, ts *testServer, tb *table) *table {
	t.Helper()
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}}, nil)
	var raw map[string]string
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/rematch", tb.Host, nil, &raw)
	return &table{ID: raw["table_id"], Host: raw["host_token"]}
}

// claimRematch claims the seat of token at the rematch of tb.
func claimRematch(ts *testServer, tb *table, token string) (int, string, string) {
	st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/rematch/claim", token, nil)
	var c struct {
		Token string `json:"token"`
		Code  string `json:"code"`
	}
	json.Unmarshal(body, &c)
	return st, c.Token, c.Code
}

// A seat is claimed at the rematch once; after that only the rematch's
// host moves it. A phone the host signed out there cannot claim the seat
// back through the old table, and neither can the old phone of a seat the
// host handed to a new phone.
func TestRematchSeatClaimedOnce(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 3)
	ts.Start(tb)
	next := endAndRematch(t, ts, tb)
	view := func(token string) int {
		st, _ := ts.Call("GET", "/api/tables/"+next.ID+"/view", token, nil)
		return st
	}

	// Bob claims, the host revokes him there, Bob claims again.
	st, bob, _ := claimRematch(ts, tb, tb.Tokens[1])
	if st != 200 {
		t.Fatalf("Bob's claim = %d, want 200", st)
	}
	if st, _, code := claimRematch(ts, tb, tb.Tokens[1]); st != 409 || code != "rematch_claimed" {
		t.Fatalf("Bob's second claim = %d %s, want 409 rematch_claimed", st, code)
	}
	if view(bob) != 200 {
		t.Fatal("Bob's first claim stopped working after his second try")
	}
	ts.Must(204, "DELETE", fmt.Sprintf("/api/tables/%s/seats/1/device", next.ID), next.Host, nil, nil)
	if st, tok, code := claimRematch(ts, tb, tb.Tokens[1]); st != 409 || code != "rematch_claimed" {
		t.Fatalf("Bob's claim after the rematch's host revoked him = %d %s, want 409 rematch_claimed", st, code)
	} else if tok != "" {
		t.Fatal("the refused claim carries a token")
	}

	// Cat never claimed; the host hands her rematch seat to a new phone.
	h := issueCode(t, ts, next, 2)
	st, claim := claimCode(ts, h.Code)
	if st != 200 {
		t.Fatalf("hand-over of Cat's rematch seat = %d, want 200", st)
	}
	if st, _, code := claimRematch(ts, tb, tb.Tokens[2]); st != 409 || code != "rematch_claimed" {
		t.Fatalf("Cat's old phone claiming the handed-over seat = %d %s, want 409 rematch_claimed", st, code)
	}
	if view(claim.Token) != 200 {
		t.Fatal("the new phone lost Cat's rematch seat to her old phone")
	}

	// Ann claims once, as everyone does the first time.
	if st, ann, _ := claimRematch(ts, tb, tb.Tokens[0]); st != 200 || view(ann) != 200 {
		t.Fatalf("Ann's first claim = %d, want 200", st)
	}
}

// Once a rematch exists the old table takes no undo and no move: its end
// stands while every view names the rematch.
func TestRematchFreezesTheOldTable(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("spacecadets", map[string]any{"mission": "7"}, 3)
	ts.Start(tb)
	endAndRematch(t, ts, tb)
	var e struct {
		Code string `json:"code"`
	}
	st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/undo", tb.Host, nil)
	json.Unmarshal(body, &e)
	if st != 422 || e.Code != "rematch_started" {
		t.Fatalf("undo on the old table after its rematch = %d %s, want 422 rematch_started", st, body)
	}
	if v := ts.View(tb, ""); v.Status != "ended" {
		t.Fatalf("the old table is %q after the refused undo, want ended", v.Status)
	}
	st, body = ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "again"}})
	json.Unmarshal(body, &e)
	if st != 422 || e.Code != "rematch_started" {
		t.Fatalf("a move on the old table after its rematch = %d %s, want 422 rematch_started", st, body)
	}
}
