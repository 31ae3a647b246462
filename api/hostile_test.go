package api_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	crand "crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/apitest"
	"tablewarden/db/engine"
	tablepkg "tablewarden/table"
)

// TestBearerSchemeCaseInsensitive: "bearer" in lower case is the same
// scheme (RFC 9110 §11.1).
func TestBearerSchemeCaseInsensitive(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	for _, scheme := range []string{"Bearer", "bearer", "BEARER"} {
		st, body := ts.Call("GET", "/api/tables/"+tb.ID+"/view", "", nil, "Authorization", scheme+" "+tb.Tokens[0])
		if st != 200 || !strings.Contains(string(body), `"role":"seat"`) {
			t.Fatalf("Authorization: %s <token> = %d %s, want the seat's view", scheme, st, body)
		}
	}
	if st, _ := ts.Call("GET", "/api/tables/"+tb.ID+"/view", "", nil, "Authorization", "Basic "+tb.Tokens[0]); st != 401 {
		t.Fatalf("Basic scheme = %d, want 401", st)
	}
}

// TestStaticNoListing: /static/ lists no files; the files are served.
func TestStaticNoListing(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	if st, body := ts.Call("GET", "/static/", "", nil); st != 404 || strings.Contains(string(body), "app.js") {
		t.Fatalf("GET /static/ = %d %.200s, want 404 without a listing", st, body)
	}
	if st, _ := ts.Call("GET", "/static/app.js", "", nil); st != 200 {
		t.Fatalf("GET /static/app.js = %d, want 200", st)
	}
}

// TestCookieScope: a table's cookie is sent only to that table's API, and
// is Secure when the page came over HTTPS (here by a proxy's header).
func TestCookieScope(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	for _, c := range []struct {
		hdr    []string
		secure bool
	}{{nil, false}, {[]string{"X-Forwarded-Proto", "https"}, true}} {
		req, _ := http.NewRequest("POST", ts.URL+"/api/tables", strings.NewReader(`{"game":"jumpship"}`))
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(c.hdr); i += 2 {
			req.Header.Set(c.hdr[i], c.hdr[i+1])
		}
		res, err := ts.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var cr struct {
			TableID string `json:"table_id"`
		}
		json.NewDecoder(res.Body).Decode(&cr)
		res.Body.Close()
		cks := res.Cookies()
		if len(cks) != 1 {
			t.Fatalf("cookies = %v, want one", cks)
		}
		ck := cks[0]
		if got, want := ck.Path, "/api/tables/"+cr.TableID; got != want || !ck.HttpOnly || ck.Secure != c.secure {
			t.Fatalf("cookie path %q httponly %v secure %v, want %q, true, %v", ck.Path, ck.HttpOnly, ck.Secure, want, c.secure)
		}
	}
}

// TestHostRotatesCodeAndLocks: the host gives the table a new code (the
// old one stops working) and locks it against new joins.
func TestHostRotatesCodeAndLocks(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 3)
	if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/join-code", tb.Tokens[0], nil); st != 403 {
		t.Fatalf("a seat rotating the code = %d, want 403", st)
	}
	var rc struct {
		JoinCode string `json:"join_code"`
		JoinURL  string `json:"join_url"`
	}
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/join-code", tb.Host, nil, &rc)
	if rc.JoinCode == tb.Code || len(rc.JoinCode) != tablepkg.JoinCodeLen || !strings.HasSuffix(rc.JoinURL, "/j/"+rc.JoinCode) {
		t.Fatalf("new code %+v, old %q", rc, tb.Code)
	}
	if st, _ := ts.Call("GET", "/api/join/"+tb.Code, "", nil); st != 404 {
		t.Fatalf("old code lookup = %d, want 404", st)
	}
	if st, _ := ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Old"}); st != 404 {
		t.Fatalf("join by the old code = %d, want 404", st)
	}
	ts.Must(201, "POST", "/api/join", "", map[string]any{"code": rc.JoinCode, "name": "New"}, nil)
	if got := ts.View(tb, tb.Host).JoinCode; got != rc.JoinCode {
		t.Fatalf("host view join code %q, want %q", got, rc.JoinCode)
	}

	if st, _ := ts.Call("POST", "/api/tables/"+tb.ID+"/lock", tb.Tokens[0], map[string]any{"locked": true}); st != 403 {
		t.Fatalf("a seat locking = %d, want 403", st)
	}
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/lock", tb.Host, map[string]any{"locked": true}, nil)
	before := ts.View(tb, tb.Host)
	st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": rc.JoinCode, "name": "Late"})
	if st != 409 || !strings.Contains(string(body), "locked") {
		t.Fatalf("join while locked = %d %s, want 409 locked", st, body)
	}
	if after := ts.View(tb, tb.Host); len(after.Seats) != len(before.Seats) {
		t.Fatalf("a refused join changed the seats: %d → %d", len(before.Seats), len(after.Seats))
	}
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/lock", tb.Host, map[string]any{"locked": false}, nil)
	ts.Must(201, "POST", "/api/join", "", map[string]any{"code": rc.JoinCode, "name": "Late"}, nil)
}

// TestJoinNames: look-alike and invisible names are refused with a reason.
func TestJoinNames(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 1) // "Ann"
	for _, c := range []struct {
		name string
		want int
	}{
		{"\u0410nn", 400},  // Cyrillic А
		{"Ann\u200b", 400}, // zero-width space
		{"\u202eAnn", 400}, // right-to-left override
		{"\u200d", 400},    // only a zero-width joiner
		{"Ann\u2028", 400}, // line separator
		{"\ufeffAnn", 400}, // byte order mark
		{"ann", 409},       // same after case folding
		{"АNN", 400},       // Cyrillic А again, upper case
		{"ＡＮＮ", 409},       // same after width folding
		{" Ann ", 409},     // same after trimming
		{"Anna", 201},
	} {
		st, body := ts.Call("POST", "/api/join", "", map[string]any{"code": tb.Code, "name": c.name})
		if st != c.want {
			t.Errorf("join as %q = %d %s, want %d", c.name, st, body, c.want)
		}
		if st >= 400 && !strings.Contains(string(body), `"message":"`) {
			t.Errorf("join as %q: no reason in %s", c.name, body)
		}
	}
}

// TestOptionsCapFitsGameData: the options cap holds every game's whole
// data file (the largest option a game takes), compacted.
func TestOptionsCapFitsGameData(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../referee/*/data.json")
	if len(files) == 0 {
		t.Fatal("no game data files found")
	}
	largest := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, raw); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes compacted", f, buf.Len())
		largest = max(largest, buf.Len())
	}
	if largest+64 > api.MaxOptionsBytesDefault {
		t.Fatalf("the largest game data is %d bytes; the options cap %d does not hold it", largest, api.MaxOptionsBytesDefault)
	}
}

// TestDatabaseDeleted: with the database file deleted under the server,
// no move gets a 200 and /healthz fails; reads keep working.
func TestDatabaseDeleted(t *testing.T) {
	t.Parallel()
	sqliteOnly(t, "deletes the database file (PostgreSQL outages: cmd/tablewarden/pgoutage_test.go)")
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	if st, _ := ts.Call("GET", "/healthz", "", nil); st != 200 {
		t.Fatalf("healthz before = %d", st)
	}
	if err := os.Remove(ts.Path); err != nil {
		t.Fatal(err)
	}
	v := ts.View(tb, tb.Tokens[0])
	for _, seat := range v.View.Turn {
		sv := ts.View(tb, tb.Tokens[seat])
		for _, m := range sv.View.Moves {
			st, body := ts.Call("POST", "/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": m.Type})
			if st == 200 {
				t.Fatalf("move %s after the file was deleted = 200 %s, want a refusal", m.Type, body)
			}
		}
	}
	st, body := ts.Call("GET", "/healthz", "", nil)
	if st != 503 || !strings.Contains(string(body), "backup") {
		t.Fatalf("healthz after = %d %s, want 503 saying to restore a backup", st, body)
	}
	if st, body := ts.Call("POST", "/api/tables", "", map[string]any{"game": "jumpship"}); st != 503 {
		t.Fatalf("create after = %d %s, want 503", st, body)
	}
}

// TestRetentionAndEviction: an idle lobby table is deleted by Prune and
// leaves memory and its streams; idle loaded tables beyond the bound leave
// memory, least recently used first, and come back on their next use.
func TestRetentionAndEviction(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	ts := startServer(t, "", func(c *api.Config) {
		c.Now = clock
		c.Limits.MaxLoadedTables = 5
		c.Retention = api.Retention{LobbyIdle: 24 * time.Hour, EndedAge: 30 * 24 * time.Hour, Every: time.Hour}
	})
	idle := ts.NewTable("jumpship", nil, 2)
	board := ts.OpenStream(idle.ID, "", "board")
	advance(23 * time.Hour)
	fresh := ts.NewTable("jumpship", nil, 1)
	advance(2 * time.Hour)
	res, err := ts.Srv.Prune(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if res.Lobby != 1 {
		t.Fatalf("Prune = %+v, want the one idle lobby table", res)
	}
	board.WaitEvent(t, "revoked", 5*time.Second)
	if st, _ := ts.Call("GET", "/api/tables/"+idle.ID+"/view?as=board", "", nil); st != 404 {
		t.Fatalf("deleted table's view = %d, want 404", st)
	}
	if st, _ := ts.Call("GET", "/api/tables/"+fresh.ID+"/view?as=board", "", nil); st != 200 {
		t.Fatalf("fresh table's view = %d, want 200", st)
	}

	var tables []*table
	for i := 0; i < 12; i++ {
		tables = append(tables, ts.NewTable("jumpship", nil, 1))
	}
	advance(2 * time.Minute)
	for i := 0; i < 12; i++ { // touch each again: the LRU drops the idle ones
		ts.View(tables[i], "")
		advance(2 * time.Minute)
	}
	if got := inMemory(t, ts); got > 5+4 {
		t.Fatalf("%d tables in memory with a bound of 5", got)
	}
	v := ts.View(tables[0], tables[0].Tokens[0]) // dropped, loads again
	if len(v.Seats) != 1 || v.Seats[0].Name != "Ann" {
		t.Fatalf("reloaded table's seats = %+v", v.Seats)
	}
}

func inMemory(t *testing.T, ts *testServer) int {
	t.Helper()
	_, body := ts.Call("GET", "/metrics", "", nil)
	m := regexp.MustCompile(`(?m)^tablewarden_tables_in_memory (\d+)$`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("no tables_in_memory in /metrics")
	}
	n := 0
	for _, c := range m[1] {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestReserveConnections: with the connections above MaxConns-ReserveConns
// taken by streams, a new connection serves /healthz but not a stream or
// another page (429 with Retry-After).
func TestReserveConnections(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "", func(c *api.Config) { c.Limits = api.Limits{MaxConns: 16, ReserveConns: 6} })
	tb := ts.NewTable("jumpship", nil, 0)
	http.DefaultClient.CloseIdleConnections()
	var held []net.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	// Streams fill the normal connections (10 of 16; the harness's own
	// connections may still count for a moment); the first stream on a
	// reserve connection is refused.
	refused := false
	for i := 0; i < 16 && !refused; i++ {
		st, c := apitest.NewAttacker(i).Request(ts, "GET /api/tables/"+tb.ID+"/stream?as=board HTTP/1.1\r\nHost: x\r\n\r\n", 3*time.Second)
		switch st {
		case 200:
			held = append(held, c)
		case 429:
			refused = true
			c.Close()
		default:
			t.Fatalf("stream %d = %d, want 200 or 429", i+1, st)
		}
	}
	if !refused || len(held) < 8 {
		t.Fatalf("%d streams opened before a refusal (refused %v), want 8 to 10 and then a 429", len(held), refused)
	}
	hc := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := hc.Get(ts.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("a page on a reserve connection = %d (Retry-After %q), want 429 with Retry-After", res.StatusCode, res.Header.Get("Retry-After"))
	}
	// The same JSON error as every refusal, with its own code.
	var e struct{ Error, Code string }
	if json.Unmarshal(body, &e) != nil || e.Error != "rate_limited" || e.Code != "server_busy" || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("a page on a reserve connection answered %q %s, want the JSON error with code server_busy", res.Header.Get("Content-Type"), body)
	}
	res, err = hc.Get(ts.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("/healthz on a reserve connection = %d, want 200", res.StatusCode)
	}
}

// TestServeTLS: with a certificate the server speaks HTTPS (HTTP/1.1, so
// that streams work) and its cookies are Secure.
func TestServeTLS(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	certFile, keyFile := selfSigned(t, dir)
	store, err := engine.Open(t.Context(), filepath.Join(dir, "tw.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "https://" + l.Addr().String()
	srv, err := newServer(t.Context(), store, api.Config{PublicURL: url, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.ServeTLS(l, certFile, keyFile) }()
	defer func() { srv.Shutdown(t.Context()); <-done }()
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	res, err := hc.Post(url+"/api/tables", "application/json", strings.NewReader(`{"game":"jumpship"}`))
	if err != nil {
		t.Fatal(err)
	}
	var cr struct {
		TableID string `json:"table_id"`
	}
	json.NewDecoder(res.Body).Decode(&cr)
	res.Body.Close()
	if res.StatusCode != 201 || res.TLS == nil || len(res.Cookies()) != 1 || !res.Cookies()[0].Secure {
		t.Fatalf("create over TLS = %d, cookies %v; want 201 with a Secure cookie", res.StatusCode, res.Cookies())
	}
	res, err = hc.Get(url + "/api/tables/" + cr.TableID + "/stream?as=board")
	if err != nil {
		t.Fatal(err)
	}
	line, _ := readLine(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(line, "retry:") {
		t.Fatalf("stream over TLS = %d %q, want 200 and events", res.StatusCode, line)
	}
}

func readLine(r io.Reader) (string, error) {
	var b [1]byte
	var sb strings.Builder
	for {
		if _, err := r.Read(b[:]); err != nil {
			return sb.String(), err
		}
		if b[0] == '\n' {
			return sb.String(), nil
		}
		sb.WriteByte(b[0])
	}
}

// selfSigned writes a certificate for 127.0.0.1 and its key.
func selfSigned(t *testing.T, dir string) (string, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "tablewarden test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}}
	der, err := x509.CreateCertificate(crand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := x509.MarshalECPrivateKey(key)
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600)
	return certFile, keyFile
}

// TestEqualSizesOverHTTP: at one version, every screen's stream event and
// GET /view have one length (a 7-seat Jumpship, where the roles differ).
func TestEqualSizesOverHTTP(t *testing.T) {
	t.Parallel()
	ts := startServer(t, "")
	tb := ts.NewTable("jumpship", nil, 7)
	ts.Start(tb)
	tokens := append([]string{"", tb.Host}, tb.Tokens...)
	var streams []*stream
	for _, tok := range tokens {
		as := ""
		if tok == "" {
			as = "board"
		}
		streams = append(streams, ts.OpenStream(tb.ID, tok, as))
	}
	r := rand.New(rand.NewPCG(7, 7))
	for step := 0; step < 5; step++ {
		playRandom(t, ts, tb, r)
		version := ts.View(tb, "").Version
		lengths := map[int]int{}
		for i, s := range streams {
			s.WaitVersion(t, version, 5*time.Second)
			raw := s.AllRaw()
			lengths[len(raw[len(raw)-1])]++
			_, body := ts.Call("GET", "/api/tables/"+tb.ID+"/view"+map[bool]string{true: "?as=board", false: ""}[tokens[i] == ""], tokens[i], nil)
			lengths[len(body)]++
		}
		if len(lengths) != 1 {
			t.Fatalf("version %d: event and view lengths %v, want one length", version, lengths)
		}
	}
}
