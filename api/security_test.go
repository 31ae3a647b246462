package api_test

import (
	"encoding/base64"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	tablepkg "tablewarden/table"
	"testing"
)

// TestTokensFromCryptoRand checks the seat and host tokens: 128 bits or
// more, all distinct, each bit about half the time set, from crypto/rand
// (auth.go imports crypto/rand and no math/rand), and the tokens the
// server hands out are of that kind.
func TestTokensFromCryptoRand(t *testing.T) {
	t.Parallel()
	const n = 20000
	seen := map[string]bool{}
	var ones [256]int
	size := 0
	for i := 0; i < n; i++ {
		tok := tablepkg.NewToken()
		b, err := base64.RawURLEncoding.DecodeString(tok)
		if err != nil {
			t.Fatalf("token %q is not URL-safe base64: %v", tok, err)
		}
		if len(b)*8 < 128 {
			t.Fatalf("token %q has %d bits, want at least 128", tok, len(b)*8)
		}
		size = len(b)
		if seen[tok] {
			t.Fatalf("token %q drawn twice in %d", tok, i)
		}
		seen[tok] = true
		for k, x := range b {
			for j := 0; j < 8; j++ {
				ones[k*8+j] += int(x >> j & 1)
			}
		}
	}
	for i := 0; i < size*8; i++ {
		// 20000 draws: 50% ± 10 standard deviations.
		if ones[i] < n/2-700 || ones[i] > n/2+700 {
			t.Fatalf("token bit %d is set %d times in %d: not uniform", i, ones[i], n)
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "../table/auth.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	crypto := false
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		crypto = crypto || p == "crypto/rand"
		if strings.HasPrefix(p, "math/rand") {
			t.Fatalf("table/auth.go imports %s: tokens must come from crypto/rand only", p)
		}
	}
	if !crypto {
		t.Fatal("table/auth.go does not import crypto/rand")
	}
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	for _, tok := range append([]string{tb.Host}, tb.Tokens...) {
		if b, err := base64.RawURLEncoding.DecodeString(tok); err != nil || len(b) < 16 {
			t.Fatalf("served token %q is not 128 random bits", tok)
		}
	}
}

// TestJoinCodeRevealsNoToken: a join code is a locator. Whoever knows or
// guesses one learns the table's public facts and can ask for a new seat
// (rate-limited, refused when full or started), but no answer ever holds a
// seat's or the host's token: not the lookup, not a join refused for a
// taken name or a started game, not a wrong code, not the board's view.
func TestJoinCodeRevealsNoToken(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	secrets := append([]string{tb.Host}, tb.Tokens...)
	check := func(what string, body []byte) {
		t.Helper()
		for _, s := range secrets {
			if strings.Contains(string(body), s) {
				t.Fatalf("%s reveals a token: %s", what, body)
			}
		}
		if strings.Contains(string(body), `token"`) && !strings.HasPrefix(what, "the board") {
			t.Fatalf("%s has a token field: %s", what, body)
		}
	}
	for _, code := range []string{tb.Code, strings.ToLower(tb.Code), " " + tb.Code[:3] + "-" + tb.Code[3:] + " "} {
		st, body := ts.Call("GET", "/api/join/"+strings.ReplaceAll(code, " ", "%20"), "", nil)
		if st != 200 {
			t.Fatalf("lookup %q = %d %s", code, st, body)
		}
		check("the join lookup", body)
	}
	// A taken name gets no one's token.
	st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Ann"})
	if st != 409 {
		t.Fatalf("join as a taken name = %d %s", st, body)
	}
	check("a join with a taken name", body)
	// Guessed codes find nothing.
	for _, code := range []string{"222222", "ZZZZZZ", "23456", tb.Code + "2", "' OR 1=1 --", "%00"} {
		st, body := ts.Call("GET", "/api/join/"+code, "", nil)
		if st != 404 && st != 400 {
			t.Fatalf("lookup of guessed code %q = %d %s", code, st, body)
		}
		check("a guessed code's lookup", body)
		st, body = ts.Call("POST", "/api/join", "", map[string]any{"code": code, "name": "Mallory"})
		if st != 404 && st != 400 {
			t.Fatalf("join with guessed code %q = %d %s", code, st, body)
		}
		check("a join with a guessed code", body)
	}
	// A new seat gets its own new token only.
	var jr tablepkg.JoinResult
	ts.Must(201, "POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Zoe"}, &jr)
	for _, s := range secrets {
		if jr.Token == s {
			t.Fatal("a join handed out an existing token")
		}
	}
	secrets = append(secrets, jr.Token)
	ts.Start(tb)
	st, body = ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Late"})
	if st != 409 {
		t.Fatalf("join after the start = %d %s", st, body)
	}
	check("a join after the start", body)
	_, body = ts.Call("GET", "/api/join/"+tb.Code, "", nil)
	check("the join lookup after the start", body)
	check("the board's view", []byte(mustJSON(ts.View(tb, ""))))
	// The join code space: 29^6 ≈ 5.9e8 codes, and joins are rate-limited
	// per address (TestJoinRateLimit); a code is not a credential anyway.
}
