package api_test

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"tablewarden/api"
)

// What a hostile client at a venue or a stranger must not get, each point
// against the real server. A venue is one address with several phones
// behind it; a stranger is another address. Each client dials from its own
// loopback address (127.0.0.2 and up), as the venue test does.

// trustServer starts a server with the venue's default limits, the
// command's join limit and a short refusal delay (so that refusals do not
// slow the test down).
func trustServer(t *testing.T) *testServer {
	return startServer(t, "", func(c *api.Config) {
		c.Limits = api.DefaultLimits()
		c.Limits.RefusalDelay = 10 * time.Millisecond
		c.JoinsPerMinute = 30 // the command's default
	})
}

// addrDialer is a dialer bound to one loopback source address.
func addrDialer(ip string) *net.Dialer {
	return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 3 * time.Second}
}

// addrClient is a keep-alive HTTP client whose connections come from ip.
func addrClient(ip string, conns int) *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: addrDialer(ip).DialContext, MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
}

// reply is an answer read whole.
type reply struct {
	status int
	header http.Header
	body   []byte
}

// send makes a request from client (nil: the test server's checked
// client) with an optional bearer token, JSON body and header pairs.
func send(t *testing.T, ts *testServer, client *http.Client, method, path, token string, body any, hdr ...string) reply {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	if client == nil {
		client = ts.Client
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return reply{res.StatusCode, res.Header, out}
}

// Point 2: a hostile phone at a venue guesses join codes until its address
// is out of misses; a phone beside it (same address) still looks its valid
// code up and joins, and the guesser stays out of tries.
func TestTrustJoinValidCodeBesideGuesser(t *testing.T) {
	t.Parallel()
	ts := trustServer(t)
	tb := ts.NewTable("jumpship", nil, 0)
	venue := addrClient("127.0.0.2", 4)
	guesses := 0
	var last reply
	for i := 0; i < 40; i++ {
		last = send(t, ts, venue, "POST", "/api/join", "", map[string]any{"code": fmt.Sprintf("ZZZZ%04d", i), "name": "Mallory"})
		guesses++
		if last.status == http.StatusTooManyRequests {
			break
		}
	}
	if last.status != http.StatusTooManyRequests {
		t.Fatalf("after %d wrong codes from one address the last = %d, want 429 (guessers run out of tries)", guesses, last.status)
	}
	t.Logf("the guesser at 127.0.0.2 was refused after %d wrong codes", guesses)
	if r := send(t, ts, venue, "GET", "/api/join/"+tb.Code, "", nil); r.status != http.StatusOK {
		t.Fatalf("lookup of a valid code beside the guesser = %d %s, want 200", r.status, r.body)
	}
	if r := send(t, ts, venue, "POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Ann"}); r.status != http.StatusCreated {
		t.Fatalf("join with a valid code beside the guesser = %d %s, want 201", r.status, r.body)
	}
	// The guesser is still out of tries, from either route.
	if r := send(t, ts, venue, "GET", "/api/join/ZZZZ9999", "", nil); r.status != http.StatusTooManyRequests {
		t.Fatalf("another wrong lookup from the guesser's address = %d, want 429", r.status)
	}
	if r := send(t, ts, venue, "POST", "/api/join", "", map[string]any{"code": "ZZZZ9998", "name": "Mallory"}); r.status != http.StatusTooManyRequests {
		t.Fatalf("another wrong join from the guesser's address = %d, want 429", r.status)
	}
	// Another address was never concerned.
	if r := send(t, ts, addrClient("127.0.0.3", 1), "POST", "/api/join", "", map[string]any{"code": tb.Code, "name": "Bob"}); r.status != http.StatusCreated {
		t.Fatalf("join from another address = %d %s, want 201", r.status, r.body)
	}
}

// Point 3: ten wrong hand-over codes from a venue's address do not stop a
// phone at that address from claiming the host's fresh code; the guesser
// is refused (429 with Retry-After) for every further wrong code.
func TestTrustHandoverClaimBesideGuesser(t *testing.T) {
	t.Parallel()
	ts := trustServer(t)
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	venue := addrClient("127.0.0.2", 4)
	var last reply
	for i := 0; i < 12; i++ {
		last = send(t, ts, venue, "POST", fmt.Sprintf("/api/handover/2345%d-2345%d", i%10, i/10), "", nil)
	}
	if last.status != http.StatusTooManyRequests || last.header.Get("Retry-After") == "" {
		t.Fatalf("12th wrong hand-over code from one address = %d (Retry-After %q), want 429 with Retry-After", last.status, last.header.Get("Retry-After"))
	}
	var h struct {
		Code string `json:"code"`
	}
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/seats/2/handover", tb.Host, nil, &h)
	r := send(t, ts, venue, "POST", "/api/handover/"+h.Code, "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("claim of the host's fresh code from the guesser's address = %d %s (Retry-After %q), want 200", r.status, r.body, r.header.Get("Retry-After"))
	}
	if r := send(t, ts, venue, "POST", "/api/handover/77777-77777", "", nil); r.status != http.StatusTooManyRequests {
		t.Fatalf("a wrong code after the claim = %d, want 429 (guessing stays bounded)", r.status)
	}
}

// openBoardStream opens a board stream from d (with the board key when key
// is set) and returns the connection and the status; the connection is
// nil unless 200.
func openKeyedBoardStream(t *testing.T, d *net.Dialer, addr, tableID, key string) (net.Conn, int) {
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	path := "/api/tables/" + tableID + "/stream?as=board"
	if key != "" {
		path += "&board_key=" + key
	}
	c.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: board\r\n\r\n", path)
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		c.Close()
		t.Fatalf("stream: %v", err)
	}
	var st int
	fmt.Sscanf(line, "HTTP/1.1 %d", &st)
	if st != 200 {
		c.Close()
		return nil, st
	}
	c.SetDeadline(time.Time{})
	t.Cleanup(func() { c.Close() })
	return c, st
}

// Point 4: a stranger who knows the table's id holds every anonymous board
// stream; the host's real board, opened by the host's board link (its
// key), still connects, and so do the phones.
func TestTrustBoardConnectsPastStrangerBoards(t *testing.T) {
	t.Parallel()
	ts := trustServer(t)
	tb := ts.NewTable("jumpship", nil, 5)
	ts.Start(tb)
	addr := strings.TrimPrefix(ts.URL, "http://")
	stranger := addrDialer("127.0.0.3")
	held, refused := 0, 0
	for i := 0; i < 12; i++ {
		if c, st := openKeyedBoardStream(t, stranger, addr, tb.ID, ""); c != nil {
			held++
		} else if st == http.StatusTooManyRequests {
			refused++
		}
	}
	if refused == 0 {
		t.Fatalf("the stranger held %d board streams and none was refused: anonymous board streams are not capped", held)
	}
	t.Logf("the stranger at 127.0.0.3 holds %d anonymous board streams, %d refused", held, refused)
	var hv struct {
		BoardKey string `json:"board_key"`
	}
	ts.Must(200, "GET", "/api/tables/"+tb.ID+"/view", tb.Host, nil, &hv)
	if hv.BoardKey == "" {
		t.Fatal("the host's view carries no board_key for the board link")
	}
	venue := addrDialer("127.0.0.2")
	for i := 0; i < 6; i++ { // the board tablet reconnecting, more than its share
		if c, st := openKeyedBoardStream(t, venue, addr, tb.ID, hv.BoardKey); c == nil {
			t.Fatalf("the real board's stream %d (with the board key) = %d, want 200", i+1, st)
		}
	}
	if _, st := openKeyedBoardStream(t, stranger, addr, tb.ID, strings.Repeat("A", 22)); st != http.StatusUnauthorized {
		t.Fatalf("a made-up board key = %d, want 401", st)
	}
	for i, tok := range append([]string{tb.Host}, tb.Tokens...) {
		s := ts.OpenStream(tb.ID, tok, "")
		s.WaitVersion(t, 1, 5*time.Second)
		_ = i
	}
	// The board link and its QR code carry the key.
	if r := send(t, ts, nil, "GET", "/api/tables/"+tb.ID+"/qr.png?for=board&key="+hv.BoardKey, "", nil); r.status != 200 {
		t.Fatalf("board QR with the key = %d", r.status)
	}
}

// Point 5: names that a spreadsheet would run as formulas are written to
// the CSV result as text; the numbers the server writes are left alone.
func TestTrustResultCSVEscapesFormulas(t *testing.T) {
	t.Parallel()
	ts := trustServer(t)
	names := []string{"=1+2", "@SUM(1)", "+cmd", `=HYPERLINK("//x.io")`, "-5"}
	cr := send(t, ts, nil, "POST", "/api/tables", "", map[string]any{"game": "spacecadets"})
	var created struct {
		TableID   string `json:"table_id"`
		JoinCode  string `json:"join_code"`
		HostToken string `json:"host_token"`
	}
	if err := json.Unmarshal(cr.body, &created); err != nil {
		t.Fatalf("create: %d %s", cr.status, cr.body)
	}
	for _, n := range names {
		if r := send(t, ts, nil, "POST", "/api/join", "", map[string]any{"code": created.JoinCode, "name": n}); r.status != http.StatusCreated {
			t.Fatalf("join %q = %d %s", n, r.status, r.body)
		}
	}
	tb := &table{ID: created.TableID, Host: created.HostToken}
	ts.Start(tb)
	ts.Must(200, "POST", "/api/tables/"+tb.ID+"/moves", tb.Host, map[string]any{"type": "declare_loss", "args": map[string]any{"reason": "mission abandoned"}}, nil)
	r := send(t, ts, nil, "GET", "/api/tables/"+tb.ID+"/result?format=csv", tb.Host, nil)
	if r.status != 200 {
		t.Fatalf("result csv = %d %s", r.status, r.body)
	}
	recs, err := csv.NewReader(bytes.NewReader(r.body)).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v\n%s", err, r.body)
	}
	head := recs[0]
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	got := map[string]bool{}
	for _, rec := range recs[1:] {
		name := rec[col["name"]]
		got[name] = true
		for _, c := range []string{"duration_seconds", "seat"} {
			if v := rec[col[c]]; strings.HasPrefix(v, "'") {
				t.Errorf("number cell %s = %q, want it unescaped", c, v)
			}
		}
	}
	for _, n := range names {
		if !got["'"+n] {
			t.Errorf("name %q is not written as the text cell %q; names: %v", n, "'"+n, got)
		}
	}
}

// Point 6: names that look alike on screen are taken; the Cyrillic and
// Greek look-alikes refused before still are.
func TestTrustLookAlikeNamesTaken(t *testing.T) {
	t.Parallel()
	ts := trustServer(t)
	pairs := [][2]string{{"DAVE", "ᎠᎪᏙᎬ"}, {"Dave", "ᴅᴀᴠᴇ"}, {"Bill", "Biǀǀ"}, {"Ann", "ɑnn"}, {"Bob", "ВОВ"}, {"Ann", "ΑΝΝ"}}
	for _, p := range pairs {
		cr := send(t, ts, nil, "POST", "/api/tables", "", map[string]any{"game": "jumpship"})
		var created struct {
			JoinCode string `json:"join_code"`
		}
		json.Unmarshal(cr.body, &created)
		if r := send(t, ts, nil, "POST", "/api/join", "", map[string]any{"code": created.JoinCode, "name": p[0]}); r.status != http.StatusCreated {
			t.Fatalf("join %q = %d %s", p[0], r.status, r.body)
		}
		if r := send(t, ts, nil, "POST", "/api/join", "", map[string]any{"code": created.JoinCode, "name": p[1]}); r.status != http.StatusConflict {
			t.Errorf("join %q beside %q = %d %s, want 409 (the name is taken)", p[1], p[0], r.status, r.body)
		}
	}
}

// Point 8: a request with both Content-Length and Transfer-Encoding:
// chunked is answered and its connection closed, so the request hidden
// after its body is never answered.
func TestTrustChunkedWithContentLengthCloses(t *testing.T) {
	t.Parallel()
	ts := trustServer(t)
	c, err := addrDialer("127.0.0.2").Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	smuggled := "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
	body := "0\r\n\r\n" + smuggled
	req := "POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
		fmt.Sprintf("Content-Length: %d\r\n", len(body)) + "Transfer-Encoding: chunked\r\n\r\n" + body
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	var statuses []int
	for {
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			break // the connection was closed (or the deadline passed)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		statuses = append(statuses, res.StatusCode)
	}
	if len(statuses) != 1 {
		t.Fatalf("answers on the connection = %v, want one and the connection closed (the smuggled request answered)", statuses)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("after the answer the connection read %v, want EOF (closed by the server)", err)
	}
	t.Logf("the request was answered %d and its connection closed", statuses[0])
}
