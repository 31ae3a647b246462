package attack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/apitest"
)

// TestAttackVenueNeighbour: the café of TestAttackVenue, 40
// tables and 240 phones behind one address (127.0.0.1), with a hostile
// neighbour behind that same address guessing join codes and hand-over
// codes from before the first join to the end of the evening, and a
// stranger on 127.0.0.2 holding every table's anonymous board streams.
// Every phone still looks its code up and joins, a hand-over at every
// table is claimed from the venue's address, every host's board connects
// with its board key, and the tables play; the neighbour runs out of
// tries.
func TestAttackVenueNeighbour(t *testing.T) {
	ts := startServer(t, "", func(c *api.Config) {
		c.Limits = api.DefaultLimits()
		c.Limits.ReadTimeout = 2 * time.Second
		c.JoinsPerMinute = 30 // the command's default
	})
	addr := strings.TrimPrefix(ts.URL, "http://")
	room := clientFrom("127.0.0.1", 32)
	roomDial := loopbackFrom("127.0.0.1")
	do := func(c *http.Client, method, path, token string, body any) (int, []byte, error) {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = strings.NewReader(string(b))
		}
		req, _ := http.NewRequest(method, ts.URL+path, rd)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := c.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		return res.StatusCode, out, nil
	}
	venue := venueRoom{base: ts.URL, c: room}
	post, get := venue.post, venue.get

	// The neighbour, behind the venue's address, guesses join codes (by
	// lookup and by join) and hand-over codes on 8 connections.
	ctx, cancel := context.WithCancel(context.Background())
	var guessed, refused, answered atomic.Int64
	var nwg sync.WaitGroup
	neighbour := clientFrom("127.0.0.1", 8)
	for g := 0; g < 8; g++ {
		nwg.Add(1)
		go func() {
			defer nwg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 35))
			code := func(n int) string {
				const alphabet = "23456789ACDEFHJKMNPQRTWXY"
				b := make([]byte, n)
				for i := range b {
					b[i] = alphabet[r.IntN(len(alphabet))]
				}
				return string(b)
			}
			for ctx.Err() == nil {
				var st int
				switch r.IntN(3) {
				case 0:
					st, _, _ = do(neighbour, "GET", "/api/join/"+code(8), "", nil)
				case 1:
					st, _, _ = do(neighbour, "POST", "/api/join", "", map[string]any{"code": code(8), "name": "Mallory"})
				default:
					st, _, _ = do(neighbour, "POST", "/api/handover/"+code(10), "", nil)
				}
				guessed.Add(1)
				switch {
				case st == http.StatusTooManyRequests:
					refused.Add(1)
				case st != 0:
					answered.Add(1)
				}
			}
		}()
	}
	stopNeighbour := func() {
		cancel()
		nwg.Wait()
	}
	defer stopNeighbour()
	// The neighbour's first round of misses before the first phone.
	if !apitest.Eventually(10*time.Second, func() bool { return refused.Load() > 0 }) {
		t.Fatalf("the neighbour was never refused after %d guesses", guessed.Load())
	}

	// 40 hosts create their tables, 240 phones look their codes up and
	// join, from 127.0.0.1, 16 at a time.
	t0 := time.Now()
	tables := venue.openTables(t)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	errs := make(chan error, venueTables*(venuePhones+4))
	// check reports the errors so far and stops the test if there were any.
	check := func(what string) {
		t.Helper()
		for n := len(errs); n > 0; n-- {
			t.Error(<-errs)
		}
		if t.Failed() {
			t.Fatalf("%s failed beside the neighbour (%d guesses, %d answered, %d refused)", what, guessed.Load(), answered.Load(), refused.Load())
		}
	}
	venue.joinAll(tables, errs, " beside the neighbour")
	joined := time.Since(t0)
	check("the joins")
	for i, vt := range tables {
		if err := post("/api/tables/"+vt.tb.ID+"/start", vt.tb.Host, nil, 200, nil); err != nil {
			t.Fatalf("table %d: start: %v", i+1, err)
		}
	}
	// At every table the host hands seat 3 to a new phone, which claims
	// it from the venue's address.
	for i, vt := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var h struct {
				Code string `json:"code"`
			}
			if err := post("/api/tables/"+vt.tb.ID+"/seats/3/handover", vt.tb.Host, nil, 200, &h); err != nil {
				errs <- fmt.Errorf("table %d: hand-over: %v", i+1, err)
				return
			}
			var cl struct {
				Token string `json:"token"`
			}
			if err := post("/api/handover/"+h.Code, "", nil, 200, &cl); err != nil {
				errs <- fmt.Errorf("table %d: hand-over claim beside the neighbour: %v", i+1, err)
				return
			}
			vt.tb.Tokens[3] = cl.Token
		}()
	}
	wg.Wait()
	check("the hand-overs")

	// The stranger on 127.0.0.2 takes every table's anonymous board
	// streams (it saw the ids on the boards' QR codes).
	strangerDial := loopbackFrom("127.0.0.2")
	var strangerHeld, strangerRefused atomic.Int64
	var strangerStreams []*venueStream
	var smu sync.Mutex
	for _, vt := range tables {
		for k := 0; k < 10; k++ {
			s, st := openVenueStream(strangerDial, addr, vt.tb.ID, "")
			if s == nil {
				if st == http.StatusTooManyRequests {
					strangerRefused.Add(1)
				}
				continue
			}
			strangerHeld.Add(1)
			strangerStreams = append(strangerStreams, s)
		}
	}
	t.Cleanup(func() {
		for _, s := range strangerStreams {
			s.conn.Close()
		}
	})

	// Every phone, host and the host's board (by its board key) opens
	// its stream from the venue's address.
	for i, vt := range tables {
		var hv struct {
			BoardKey string `json:"board_key"`
		}
		if st, err := get("/api/tables/"+vt.tb.ID+"/view", vt.tb.Host, &hv); st != 200 || hv.BoardKey == "" {
			t.Fatalf("table %d: host view = %d %v, board key %q", i+1, st, err, hv.BoardKey)
		}
		paths := []string{}
		creds := []string{}
		for _, tok := range append(append([]string(nil), vt.tb.Tokens...), vt.tb.Host) {
			paths, creds = append(paths, "/api/tables/"+vt.tb.ID+"/stream"), append(creds, tok)
		}
		paths, creds = append(paths, "/api/tables/"+vt.tb.ID+"/stream?as=board&board_key="+hv.BoardKey), append(creds, "")
		for k := range paths {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				s, st := openVenueStreamAt(roomDial, addr, paths[k], creds[k])
				if st != 200 {
					errs <- fmt.Errorf("table %d: stream %s = %d, want 200", i+1, paths[k], st)
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
	check("the streams")

	// Every table plays a move; it reaches all 8 of its streams.
	playErrs := make(chan error, venueTables)
	for i, vt := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			version, err := venueMove(get, post, vt.tb, rand.New(rand.NewPCG(uint64(i), 35)))
			if err != nil {
				playErrs <- fmt.Errorf("table %d: %v", i+1, err)
				return
			}
			for _, s := range vt.streams {
				if !apitest.Eventually(5*time.Second, func() bool { return s.ended.Load() || s.version.Load() >= version }) || s.version.Load() < version {
					playErrs <- fmt.Errorf("table %d: a stream is at version %d (ended %v) 5 s after the move made version %d", i+1, s.version.Load(), s.ended.Load(), version)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(playErrs)
	for err := range playErrs {
		t.Error(err)
	}
	evening := time.Since(t0)
	stopNeighbour()
	// The neighbour had 30 misses at once and 30 a minute (join codes),
	// and 10 wrong hand-over codes: everything past that was refused.
	if max := int64(30 + 10 + 2 + evening.Seconds()/2); answered.Load() > max {
		t.Errorf("the neighbour had %d wrong codes answered in %v, want at most %d", answered.Load(), evening.Round(time.Millisecond), max)
	}
	if strangerRefused.Load() == 0 {
		t.Errorf("the stranger held %d anonymous board streams and none was refused", strangerHeld.Load())
	}
	t.Logf("40 tables, 240 phones joined in %v beside a neighbour at 127.0.0.1 whose %d guesses got %d answers and %d refusals; 40 hand-overs claimed; the stranger at 127.0.0.2 held %d anonymous board streams (%d refused) while all 320 streams of the venue (boards by their key) were served and every table's move reached all 8",
		joined.Round(time.Millisecond), guessed.Load(), answered.Load(), refused.Load(), strangerHeld.Load(), strangerRefused.Load())
}
