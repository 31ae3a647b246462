package apitest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	tablepkg "tablewarden/table"
	"testing"
	"time"

	"tablewarden/api"
	"tablewarden/api/client"
	"tablewarden/db/engine"
	"tablewarden/db/pgtest"
	"tablewarden/db/sqlite"
)

// Server is the real server on a random loopback port over a real
// SQLite file or, with TW_API_DB=pg, a fresh PostgreSQL database on the
// server at TW_PG_URL (OnPG).
type Server struct {
	// T is the test the server belongs to.
	T testing.TB
	// Path is the SQLite file or the PostgreSQL database's URL: another
	// startServer on it opens the same tables.
	Path string
	URL  string
	// Engine is the storage the server runs on; Store is its SQLite
	// adapter when it is a SQLite file, and nil on PostgreSQL.
	Engine *engine.Engine
	Store  *sqlite.Store
	Srv    *api.Server
	l      net.Listener
	done   chan error
	// Client checks every exchange against api/openapi.json
	// (openapi_check_test.go).
	Client *http.Client
}

// OnPG reports whether the API suite runs on PostgreSQL: TW_API_DB=pg,
// with the server at TW_PG_URL (README, Test it). Each StartServer(t, "")
// then gets a database of its own, dropped when its test ends.
func OnPG() bool { return os.Getenv("TW_API_DB") == "pg" }

// SQLiteOnly skips a test that examines what only a SQLite file has (its
// bytes on disk, its PRAGMAs, its single writer) when the suite runs on
// PostgreSQL.
func SQLiteOnly(t testing.TB, why string) {
	t.Helper()
	if OnPG() {
		t.Skip("SQLite only (TW_API_DB=pg): " + why)
	}
}

// OpenEngine opens the SQLite file or PostgreSQL database at path.
func OpenEngine(t testing.TB, path string) (*engine.Engine, *sqlite.Store) {
	t.Helper()
	e, err := engine.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("engine.Open: %v", err)
	}
	return e, e.SQLite
}

// NewServer builds the server over e as main does: a table service over
// the store and its engine's extras, then the HTTP server over the service.
func NewServer(ctx context.Context, e *engine.Engine, cfg api.Config) (*api.Server, error) {
	svc := tablepkg.New(tablepkg.Config{Store: e.Store, Extras: e.Extras, Log: cfg.Logger, Now: cfg.Now, PublicURL: cfg.PublicURL,
		MaxLoaded: cfg.Limits.MaxLoadedTables})
	return api.New(ctx, svc, cfg)
}

// StartServer starts the real server on a random loopback port over path
// (a new temporary SQLite file, or PostgreSQL database with TW_API_DB=pg,
// when path is ""), with each mod applied to its configuration, and stops
// it when the test ends.
func StartServer(t testing.TB, path string, mod ...func(*api.Config)) *Server {
	t.Helper()
	if path == "" {
		if OnPG() {
			path = pgtest.URL(t)
		} else {
			path = filepath.Join(t.TempDir(), "tw.db")
		}
	}
	ctx := context.Background()
	eng, store := OpenEngine(t, path)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String()
	cfg := api.Config{PublicURL: url, JoinsPerMinute: 0, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, m := range mod {
		m(&cfg)
	}
	srv, err := NewServer(ctx, eng, cfg)
	if err != nil {
		t.Fatalf("api.New: %v", err)
	}
	ts := &Server{T: t, Path: path, URL: url, Engine: eng, Store: store, Srv: srv, l: l, done: make(chan error, 1), Client: NewCheckedClient(t)}
	go func() { ts.done <- srv.Serve(l) }()
	t.Cleanup(ts.Stop)
	return ts
}

// Stop shuts the server down and closes the store (idempotent).
func (ts *Server) Stop() {
	if ts.Srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := ts.Srv.Shutdown(ctx); err != nil {
		ts.T.Errorf("Shutdown: %v", err)
	}
	<-ts.done
	if err := ts.Engine.Close(); err != nil {
		ts.T.Errorf("Store.Close: %v", err)
	}
	ts.Srv = nil
}

// Call makes a request and returns the status and body. body is marshalled
// to JSON unless it is a string or []byte sent as is.
func (ts *Server) Call(method, path, token string, body any, hdr ...string) (int, []byte) {
	ts.T.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		if err != nil {
			ts.T.Fatal(err)
		}
		rd = bytes.NewReader(enc)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		ts.T.Fatal(err)
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
	res, err := ts.Client.Do(req)
	if err != nil {
		ts.T.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// CallNoFail is Call that returns status 0 on a transport error.
func (ts *Server) CallNoFail(method, path, token string, body any) (int, []byte) {
	var rd io.Reader
	if body != nil {
		enc, _ := json.Marshal(body)
		rd = bytes.NewReader(enc)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		return 0, nil
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := ts.Client.Do(req)
	if err != nil {
		return 0, nil
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

// Must makes a request that must answer want, and decodes the body into dst.
func (ts *Server) Must(want int, method, path, token string, body, dst any) []byte {
	ts.T.Helper()
	st, out := ts.Call(method, path, token, body)
	if st != want {
		ts.T.Fatalf("%s %s = %d %s, want %d", method, path, st, out, want)
	}
	if dst != nil {
		if err := json.Unmarshal(out, dst); err != nil {
			ts.T.Fatalf("%s %s: decode %s: %v", method, path, out, err)
		}
	}
	return out
}

// Table is a created table with its seats' tokens.
type Table struct {
	ID, Code, Host string
	Tokens         []string
}

// API returns the generated client (api/client) of the server, over the
// checking HTTP client: its exchanges are validated like every other.
func (ts *Server) API() *client.ClientWithResponses {
	ts.T.Helper()
	c, err := client.NewClientWithResponses(ts.URL, client.WithHTTPClient(ts.Client))
	if err != nil {
		ts.T.Fatal(err)
	}
	return c
}

// NewTable creates a table and joins players seats, through the generated
// client.
func (ts *Server) NewTable(game string, options any, players int) *Table {
	ts.T.Helper()
	return ts.NewTableIn(game, "", options, players)
}

// NewTableIn is NewTable for a table that speaks lang ("" sends none: the
// server's default, English).
func (ts *Server) NewTableIn(game, lang string, options any, players int) *Table {
	ts.T.Helper()
	ctx := context.Background()
	// Any game by its id: the request is built as JSON (a client that
	// knows its game uses that game's typed request, api/client's
	// example_test.go).
	body := map[string]any{"game": game}
	if lang != "" {
		body["lang"] = lang
	}
	if options != nil {
		body["options"] = options
	}
	raw, err := json.Marshal(body)
	if err != nil {
		ts.T.Fatal(err)
	}
	var req client.CreateTableRequest
	if err := req.UnmarshalJSON(raw); err != nil {
		ts.T.Fatalf("create table %s: %v", raw, err)
	}
	api := ts.API()
	cr, err := api.CreateTableWithResponse(ctx, req)
	if err != nil || cr.JSON201 == nil {
		ts.T.Fatalf("create table %s: %v %s", game, err, Body(cr))
	}
	tb := &Table{ID: cr.JSON201.TableId, Code: cr.JSON201.JoinCode, Host: cr.JSON201.HostToken}
	for i := 0; i < players; i++ {
		jr, err := api.JoinWithResponse(ctx, client.JoinRequest{Code: tb.Code, Name: PlayerName(i)})
		if err != nil || jr.JSON201 == nil {
			ts.T.Fatalf("join %d: %v %s", i, err, Body(jr))
		}
		if jr.JSON201.Seat != i {
			ts.T.Fatalf("join %d got seat %d", i, jr.JSON201.Seat)
		}
		tb.Tokens = append(tb.Tokens, jr.JSON201.Token)
	}
	return tb
}

// Body is a generated reply's status and body, for a failure's message.
func Body[R any, P interface {
	*R
	Status() string
	GetBody() []byte
}](r P) string {
	if r == nil {
		return ""
	}
	return r.Status() + " " + string(r.GetBody())
}

// PlayerName is the name the i-th joining player types.
func PlayerName(i int) string {
	return []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"}[i]
}

// Start starts the table as its host.
func (ts *Server) Start(tb *Table) {
	ts.T.Helper()
	r, err := ts.API().StartTableWithResponse(context.Background(), tb.ID, nil, client.StartTableJSONRequestBody{}, client.Bearer(tb.Host))
	if err != nil || r.StatusCode() != 200 {
		ts.T.Fatalf("start %s: %v %s", tb.ID, err, Body(r))
	}
}

// View is GET /view with token, or the board's view when token is "".
func (ts *Server) View(tb *Table, token string) tablepkg.ViewResponse {
	ts.T.Helper()
	var v tablepkg.ViewResponse
	path := "/api/tables/" + tb.ID + "/view"
	if token == "" {
		path += "?as=board"
	}
	ts.Must(200, "GET", path, token, nil, &v)
	return v
}

// Stream is an open SSE connection collecting "view" events.
type Stream struct {
	mu     sync.Mutex
	views  []tablepkg.ViewResponse
	raw    []string
	events []string
	notify chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
}

// OpenStream opens the table's SSE stream with token (as="board" for the
// board) and collects its events until the test ends.
func (ts *Server) OpenStream(tableID, token, as string) *Stream {
	ts.T.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	url := ts.URL + "/api/tables/" + tableID + "/stream"
	if as != "" {
		url += "?as=" + as
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := ts.Client.Do(req)
	if err != nil {
		cancel()
		ts.T.Fatalf("stream: %v", err)
	}
	if res.StatusCode != 200 {
		cancel()
		ts.T.Fatalf("stream status %d", res.StatusCode)
	}
	s := &Stream{notify: make(chan struct{}, 1000), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 8<<20)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				data := strings.TrimPrefix(line, "data: ")
				s.mu.Lock()
				s.events = append(s.events, event)
				if event == "view" {
					var v tablepkg.ViewResponse
					if json.Unmarshal([]byte(data), &v) == nil {
						s.views = append(s.views, v)
						s.raw = append(s.raw, data)
					}
				}
				s.mu.Unlock()
				s.notify <- struct{}{}
			}
		}
	}()
	ts.T.Cleanup(s.Close)
	return s
}

// Events returns the names of the events received so far, in order.
func (s *Stream) Events() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.events...)
}

// Close ends the stream and waits for its reader.
func (s *Stream) Close() { s.cancel(); <-s.done }

// WaitVersion waits until the stream has delivered a view of at least
// version v and returns it.
func (s *Stream) WaitVersion(t testing.TB, v int64, within time.Duration) tablepkg.ViewResponse {
	t.Helper()
	deadline := time.After(within)
	for {
		s.mu.Lock()
		if n := len(s.views); n > 0 && s.views[n-1].Version >= v {
			got := s.views[n-1]
			s.mu.Unlock()
			return got
		}
		s.mu.Unlock()
		select {
		case <-s.notify:
		case <-deadline:
			t.Fatalf("stream did not reach version %d within %v", v, within)
		}
	}
}

// WaitEvent waits for an event of the given name.
func (s *Stream) WaitEvent(t testing.TB, name string, within time.Duration) {
	t.Helper()
	deadline := time.After(within)
	for {
		s.mu.Lock()
		for _, e := range s.events {
			if e == name {
				s.mu.Unlock()
				return
			}
		}
		s.mu.Unlock()
		select {
		case <-s.notify:
		case <-deadline:
			t.Fatalf("stream got no %q event within %v", name, within)
		}
	}
}

// AllRaw returns every raw view payload received.
func (s *Stream) AllRaw() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.raw...)
}

// ExecRaw runs one SQL statement on the server's database outside the
// server, written with SQLite's ? placeholders (numbered for PostgreSQL).
func (ts *Server) ExecRaw(query string, args ...any) {
	ts.T.Helper()
	ctx := context.Background()
	var err error
	if ps := ts.Engine.Postgres; ps != nil {
		_, err = ps.Pool().Exec(ctx, numbered(query), args...)
	} else {
		err = ts.Store.Write(ctx, func(q *sqlite.Queries) error {
			_, err := q.Raw().ExecContext(ctx, query, args...)
			return err
		})
	}
	if err != nil {
		ts.T.Fatalf("%s: %v", query, err)
	}
}

// QueryInt reads one integer with a raw SQL query (as ExecRaw).
func (ts *Server) QueryInt(query string, args ...any) int64 {
	ts.T.Helper()
	var n int64
	var err error
	if ps := ts.Engine.Postgres; ps != nil {
		err = ps.Pool().QueryRow(context.Background(), numbered(query), args...).Scan(&n)
	} else {
		err = ts.Store.ReadDB().QueryRow(query, args...).Scan(&n)
	}
	if err != nil {
		ts.T.Fatalf("%s: %v", query, err)
	}
	return n
}

// numbered turns SQLite's ? placeholders into PostgreSQL's $1, $2, ….
func numbered(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Views returns every view event received, oldest first.
func (s *Stream) Views() []tablepkg.ViewResponse {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]tablepkg.ViewResponse(nil), s.views...)
}

// HasEvent reports whether an event of the given name has arrived.
func (s *Stream) HasEvent(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.events {
		if e == name {
			return true
		}
	}
	return false
}

// QueryText reads one text value with a raw SQL query (as ExecRaw).
func (ts *Server) QueryText(query string, args ...any) string {
	ts.T.Helper()
	var s string
	var err error
	if ps := ts.Engine.Postgres; ps != nil {
		err = ps.Pool().QueryRow(context.Background(), numbered(query), args...).Scan(&s)
	} else {
		err = ts.Store.ReadDB().QueryRow(query, args...).Scan(&s)
	}
	if err != nil {
		ts.T.Fatalf("%s: %v", query, err)
	}
	return s
}

// Done is closed when the stream has ended (the server closed it, or Close).
func (s *Stream) Done() <-chan struct{} { return s.done }

// Restart stops the server, runs during while it is down, and starts it
// again on the same address and database (a phone's page keeps its URL).
func (ts *Server) Restart(during func()) {
	ts.T.Helper()
	addr := strings.TrimPrefix(ts.URL, "http://")
	ts.Stop()
	during()
	eng, store := OpenEngine(ts.T, ts.Path)
	// The port was just closed; listening on it again waits out nothing
	// but the kernel, so retry until it is free (a few tries at most).
	var l net.Listener
	var err error
	deadline := time.Now().Add(5 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if l, err = net.Listen("tcp", addr); err == nil {
			break
		}
		if time.Now().After(deadline) {
			ts.T.Fatalf("listen again on %s: %v", addr, err)
		}
		<-tick.C
	}
	srv, err := NewServer(context.Background(), eng, api.Config{PublicURL: ts.URL, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		ts.T.Fatalf("api.New: %v", err)
	}
	ts.Engine, ts.Store, ts.Srv, ts.l, ts.done = eng, store, srv, l, make(chan error, 1)
	go func() { ts.done <- srv.Serve(l) }()
}
