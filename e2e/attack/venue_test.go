package attack_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/apitest"
	"tablewarden/referee/kit"
	tablepkg "tablewarden/table"
)

// A game night at a café: every phone behind one public address. The
// honest room is 127.0.0.1, a hostile client on the same Wi-Fi is
// 127.0.0.2, and a monitor probing /healthz is 127.0.0.3. All run against
// the server's default limits (api.DefaultLimits, the cmd's default join
// limit), with a read timeout of 2 s so that slow bodies end within the
// test.
const (
	venueTables = 40
	venuePhones = 6
)

// loopbackFrom is a dialer bound to one loopback source address.
func loopbackFrom(ip string) *net.Dialer {
	return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 3 * time.Second}
}

// clientFrom is a keep-alive HTTP client whose connections come from ip.
func clientFrom(ip string, conns int) *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: loopbackFrom(ip).DialContext, MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}}
}

// venueStream is one open SSE stream read by a goroutine, which keeps the
// newest version it saw.
type venueStream struct {
	conn    net.Conn
	version atomic.Int64
	ended   atomic.Bool
	beats   atomic.Int64
}

// openVenueStream opens a stream on a raw connection from d and returns
// it with the status the server answered (the stream is nil unless 200).
func openVenueStream(d *net.Dialer, addr, tableID, token string) (*venueStream, int) {
	path := "/api/tables/" + tableID + "/stream"
	if token == "" {
		path += "?as=board"
	}
	return openVenueStreamAt(d, addr, path, token)
}

// openVenueStreamAt is openVenueStream for a stream's path and query.
func openVenueStreamAt(d *net.Dialer, addr, path, token string) (*venueStream, int) {
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, 0
	}
	req := "GET " + path
	req += " HTTP/1.1\r\nHost: venue\r\n"
	if token != "" {
		req += "Authorization: Bearer " + token + "\r\n"
	}
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		c.Close()
		return nil, 0
	}
	br := bufio.NewReaderSize(c, 64<<10)
	line, err := br.ReadString('\n')
	if err != nil {
		c.Close()
		return nil, 0
	}
	var st int
	fmt.Sscanf(line, "HTTP/1.1 %d", &st)
	if st != 200 {
		c.Close()
		return nil, st
	}
	c.SetDeadline(time.Time{})
	s := &venueStream{conn: c}
	go func() {
		defer s.ended.Store(true)
		event := ""
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "view":
				var v struct{ Version int64 }
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &v) == nil {
					s.version.Store(v.Version)
				}
			case strings.HasPrefix(line, "data: ") && event == "heartbeat":
				s.beats.Add(1)
			}
		}
	}()
	return s, 200
}

// venueTable is one table of the evening with its streams.
type venueTable struct {
	tb      *table
	streams []*venueStream // the phones', the host's, the board's
}

// TestAttackVenue: one address plays 40 tables of six phones and a board
// each (plus the host's screen), created and joined within a minute, and
// every stream is served; meanwhile another address floods streams, slow
// bodies, silent connections and join-code guesses, a /healthz probe from
// a third stays under 1 s at p99, and the 40 tables keep playing.
func TestAttackVenue(t *testing.T) {
	ts := startServer(t, "", func(c *api.Config) {
		c.Limits = api.DefaultLimits()
		c.Limits.ReadTimeout = 2 * time.Second
		c.JoinsPerMinute = 30 // the command's default
	})
	addr := strings.TrimPrefix(ts.URL, "http://")
	room := venueRoom{base: ts.URL, c: clientFrom("127.0.0.1", 32)}
	roomDial := loopbackFrom("127.0.0.1")
	post, get := room.post, room.get

	// The evening starts: 40 hosts create their tables, 240 phones look
	// their codes up and join, all from 127.0.0.1, 16 at a time.
	t0 := time.Now()
	tables := room.openTables(t)
	var wg sync.WaitGroup
	errs := make(chan error, venueTables*venuePhones)
	sem := make(chan struct{}, 16)
	room.joinAll(tables, errs, "")
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		t.FailNow()
	}
	joined := time.Since(t0)
	if joined > time.Minute {
		t.Fatalf("40 tables created and 240 phones joined in %v, want within a minute", joined)
	}
	for i, vt := range tables {
		if err := post("/api/tables/"+vt.tb.ID+"/start", vt.tb.Host, nil, 200, nil); err != nil {
			t.Fatalf("table %d: start: %v", i+1, err)
		}
	}
	// Every phone, host and board opens its stream: 320 from one address.
	var refusedStreams atomic.Int64
	var smu sync.Mutex
	for i, vt := range tables {
		creds := append(append([]string(nil), vt.tb.Tokens...), vt.tb.Host, "")
		for _, tok := range creds {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				s, st := openVenueStream(roomDial, addr, vt.tb.ID, tok)
				if st != 200 {
					refusedStreams.Add(1)
					t.Errorf("table %d: a stream answered %d, want 200", i+1, st)
					return
				}
				smu.Lock()
				vt.streams = append(vt.streams, s)
				smu.Unlock()
			}()
		}
	}
	wg.Wait()
	t.Cleanup(func() {
		for _, vt := range tables {
			for _, s := range vt.streams {
				s.conn.Close()
			}
		}
	})
	if refusedStreams.Load() > 0 {
		t.Fatalf("%d of %d streams refused from one address", refusedStreams.Load(), venueTables*(venuePhones+2))
	}
	t.Logf("40 tables created, 240 phones joined and started in %v; %d streams open from 127.0.0.1", joined.Round(time.Millisecond), venueTables*(venuePhones+2))

	// The hostile client on 127.0.0.2, until the evening is measured.
	ctx, cancel := context.WithCancel(context.Background())
	hostile := venueHostile(t, ctx, ts, addr, tables[0].tb.ID)
	// The flood in full swing: the hostile client's connections, streams
	// and guesses ramp up over half a second (its own pace, not an event).
	time.Sleep(500 * time.Millisecond)

	// The monitor on 127.0.0.3 probes /healthz while the tables play.
	probe := clientFrom("127.0.0.3", 2)
	var lat []time.Duration
	var probeFails int
	probeDone := make(chan struct{})
	go func() {
		defer close(probeDone)
		for i := 0; i < 100; i++ {
			start := time.Now()
			res, err := probe.Get(ts.URL + "/healthz")
			d := time.Since(start)
			if err != nil {
				probeFails++
				continue
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				probeFails++
				continue
			}
			lat = append(lat, d)
			// A probe every 20 ms: the monitor's rate (time is the subject).
			time.Sleep(20 * time.Millisecond)
		}
	}()

	// Every table plays three moves; each reaches all its streams.
	var moves atomic.Int64
	playErrs := make(chan error, venueTables)
	for i, vt := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r := rand.New(rand.NewPCG(uint64(i), 26))
			for n := 0; n < 3; n++ {
				version, err := venueMove(get, post, vt.tb, r)
				if err != nil {
					playErrs <- fmt.Errorf("table %d, move %d: %v", i+1, n+1, err)
					return
				}
				moves.Add(1)
				for _, s := range vt.streams {
					if !apitest.Eventually(5*time.Second, func() bool { return s.ended.Load() || s.version.Load() >= version }) || s.version.Load() < version {
						playErrs <- fmt.Errorf("table %d: a stream is at version %d (ended %v) 5 s after move %d made version %d", i+1, s.version.Load(), s.ended.Load(), n+1, version)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	<-probeDone
	cancel()
	summary := hostile()
	close(playErrs)
	for err := range playErrs {
		t.Error(err)
	}
	p99 := pct(lat, 0.99)
	t.Logf("under the hostile client (%s): %d moves on 40 tables, each on all of its streams; /healthz from 127.0.0.3 p50 %v, p99 %v, %d of 100 failed",
		summary, moves.Load(), pct(lat, 0.5).Round(time.Microsecond), p99.Round(time.Microsecond), probeFails)
	if probeFails > 0 || p99 > time.Second {
		t.Errorf("/healthz from a third address: %d of 100 failed, p99 %v; want none failed and p99 under 1 s", probeFails, p99)
	}
	if got, want := moves.Load(), int64(3*venueTables); got != want {
		t.Errorf("%d moves made, want %d", got, want)
	}
	for i, vt := range tables {
		for _, s := range vt.streams {
			if s.ended.Load() {
				t.Errorf("table %d: a stream ended during the evening", i+1)
			}
		}
	}
}

// venueMove plays one random offered move at tb and returns the version
// it made.
func venueMove(get func(string, string, any) (int, error), post func(string, string, any, int, any) error, tb *table, r *rand.Rand) (int64, error) {
	var board tablepkg.ViewResponse
	if st, err := get("/api/tables/"+tb.ID+"/view?as=board", "", &board); st != 200 {
		return 0, fmt.Errorf("board view = %d %v", st, err)
	}
	if board.View == nil || board.View.Outcome != nil {
		return 0, fmt.Errorf("the game is not running")
	}
	for _, seat := range board.View.Turn {
		var sv tablepkg.ViewResponse
		if st, err := get("/api/tables/"+tb.ID+"/view", tb.Tokens[seat], &sv); st != 200 {
			return 0, fmt.Errorf("seat %d view = %d %v", seat, st, err)
		}
		if len(sv.View.Moves) == 0 {
			continue
		}
		m := kit.RandomMove(sv.View.Moves[r.IntN(len(sv.View.Moves))], r)
		var res struct{ Version int64 }
		if err := post("/api/tables/"+tb.ID+"/moves", tb.Tokens[seat], map[string]any{"type": m.Type, "args": json.RawMessage(m.Args), "expected_version": sv.Version}, 200, &res); err != nil {
			return 0, err
		}
		return res.Version, nil
	}
	return 0, fmt.Errorf("no seat in turn %v has a move", board.View.Turn)
}

// venueHostile starts the hostile client on 127.0.0.2: board streams on
// one honest table (its id is on the board's QR code) and on a table of
// its own, slow bodies, silent connections and join-code guesses, until
// ctx ends. The returned func waits for it, checks what the server let it
// have, and sums it up.
func venueHostile(t *testing.T, ctx context.Context, ts *testServer, addr, honestTable string) func() string {
	d := loopbackFrom("127.0.0.2")
	lim := api.DefaultLimits()
	c := clientFrom("127.0.0.2", 16)
	var own struct {
		TableID string `json:"table_id"`
	}
	if res, err := c.Post(ts.URL+"/api/tables", "application/json", strings.NewReader(`{"game":"jumpship"}`)); err == nil {
		json.NewDecoder(res.Body).Decode(&own)
		res.Body.Close()
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var held []net.Conn
	var streamsOK, streamsRefused, slowEnded, idleRefused, guesses, guessAnswered atomic.Int64
	hold := func(c net.Conn) {
		mu.Lock()
		held = append(held, c)
		mu.Unlock()
	}
	// Streams: 200 attempts on each table.
	for _, id := range []string{honestTable, own.TableID} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200 && ctx.Err() == nil; i++ {
				s, st := openVenueStream(d, addr, id, "")
				switch st {
				case 200:
					streamsOK.Add(1)
					hold(s.conn)
				case 429:
					streamsRefused.Add(1)
				}
			}
		}()
	}
	// Slow bodies: 60 kept going, each reopened when the server drops it.
	for i := 0; i < 60; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				conn, err := d.Dial("tcp", addr)
				if err != nil {
					// Refused: the attacker's back-off before it dials again.
					time.Sleep(50 * time.Millisecond)
					continue
				}
				io.WriteString(conn, "POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{")
				gone := make(chan struct{})
				go func() { io.Copy(io.Discard, conn); close(gone) }()
				tick := time.NewTicker(300 * time.Millisecond)
			dribble:
				for {
					select {
					case <-ctx.Done():
						break dribble
					case <-gone:
						slowEnded.Add(1)
						break dribble
					case <-tick.C:
						conn.SetWriteDeadline(time.Now().Add(time.Second))
						if _, err := conn.Write([]byte(" ")); err != nil {
							break dribble
						}
					}
				}
				tick.Stop()
				conn.Close()
			}
		}()
	}
	// Silent connections: more than the address may hold unanswered.
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < lim.ConnsPerAddr+40 && ctx.Err() == nil; i++ {
			conn, err := d.Dial("tcp", addr)
			if err != nil {
				continue
			}
			hold(conn)
			conn.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
			if line, _ := bufio.NewReader(conn).ReadString('\n'); strings.Contains(line, " 429 ") {
				idleRefused.Add(1)
			}
			conn.SetReadDeadline(time.Time{})
		}
	}()
	// Join-code guesses on 16 connections.
	t0 := time.Now()
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 2))
			for ctx.Err() == nil {
				code := make([]byte, tablepkg.JoinCodeLen)
				for k := range code {
					code[k] = "23456789ABCDEFGHJKMNPQRSTWXYZ"[r.IntN(29)]
				}
				guesses.Add(1)
				res, err := c.Get(ts.URL + "/api/join/" + string(code))
				if err != nil {
					continue
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 429 {
					guessAnswered.Add(1)
				}
			}
		}()
	}
	return func() string {
		wg.Wait()
		el := time.Since(t0)
		mu.Lock()
		for _, c := range held {
			c.Close()
		}
		mu.Unlock()
		// Each table holds its board streams at 2 × StreamsPerSeat; the
		// honest table's board has one of them.
		if got, want := streamsOK.Load(), int64(4*lim.StreamsPerSeat-1); got > want {
			t.Errorf("the hostile client opened %d board streams on two tables, want at most %d", got, want)
		}
		if streamsOK.Load() == 0 || streamsRefused.Load() == 0 {
			t.Errorf("hostile streams: %d opened, %d refused; want some of each", streamsOK.Load(), streamsRefused.Load())
		}
		if idleRefused.Load() == 0 {
			t.Errorf("none of %d silent connections was refused, want those over %d", lim.ConnsPerAddr+40, lim.ConnsPerAddr)
		}
		// The burst of misses (30) and what the limit refills meanwhile.
		if want := int64(30 + el.Minutes()*30 + 1); guessAnswered.Load() > want {
			t.Errorf("%d of %d code guesses answered in %v, want at most %d", guessAnswered.Load(), guesses.Load(), el.Round(time.Millisecond), want)
		}
		return fmt.Sprintf("127.0.0.2 held %d board streams (%d refused 429), had %d slow bodies dropped, %d silent connections refused, %d of %d code guesses answered",
			streamsOK.Load(), streamsRefused.Load(), slowEnded.Load(), idleRefused.Load(), guessAnswered.Load(), guesses.Load())
	}
}

// venueRoom is the venue's own address: its hosts' and phones' requests,
// through one client dialling from it.
type venueRoom struct {
	base string
	c    *http.Client
}

// post sends body as JSON and wants the status want; dst, if set, gets the
// answer.
func (v venueRoom) post(path, token string, body any, want int, dst any) error {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", v.base+path, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := v.c.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		return fmt.Errorf("POST %s = %d %s, want %d", path, res.StatusCode, out, want)
	}
	if dst != nil {
		return json.Unmarshal(out, dst)
	}
	return nil
}

// get returns the status; dst, if set, gets a 200's answer.
func (v venueRoom) get(path, token string, dst any) (int, error) {
	req, _ := http.NewRequest("GET", v.base+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := v.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode == 200 && dst != nil {
		return 200, json.Unmarshal(out, dst)
	}
	return res.StatusCode, nil
}

// openTables has venueTables hosts create a Jumpship table each.
func (v venueRoom) openTables(t *testing.T) []*venueTable {
	t.Helper()
	tables := make([]*venueTable, venueTables)
	for i := range tables {
		var cr struct {
			TableID   string `json:"table_id"`
			JoinCode  string `json:"join_code"`
			HostToken string `json:"host_token"`
		}
		if err := v.post("/api/tables", "", map[string]any{"game": "jumpship"}, 201, &cr); err != nil {
			t.Fatalf("host %d: %v", i+1, err)
		}
		tables[i] = &venueTable{tb: &table{ID: cr.TableID, Code: cr.JoinCode, Host: cr.HostToken, Tokens: make([]string, venuePhones)}}
	}
	return tables
}

// joinAll has venuePhones phones look up and join every table, 16 at a
// time, and returns when all are done; each failure goes to errs, saying
// where it happened (" beside the neighbour", or "").
func (v venueRoom) joinAll(tables []*venueTable, errs chan<- error, where string) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for i, vt := range tables {
		for p := 0; p < venuePhones; p++ {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				if st, err := v.get("/api/join/"+vt.tb.Code, "", nil); st != 200 {
					errs <- fmt.Errorf("table %d, phone %d: lookup%s = %d %v, want 200", i+1, p+1, where, st, err)
					return
				}
				var jr tablepkg.JoinResult
				if err := v.post("/api/join", "", map[string]any{"code": vt.tb.Code, "name": fmt.Sprintf("%s %d", playerName(p), i+1)}, 201, &jr); err != nil {
					errs <- fmt.Errorf("table %d, phone %d: join%s: %v", i+1, p+1, where, err)
					return
				}
				vt.tb.Tokens[jr.Seat] = jr.Token
			}()
		}
	}
	wg.Wait()
}
