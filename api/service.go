package api

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"tablewarden/db"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
	tablerules "tablewarden/table"
)

// Service holds the tables: it loads a table lazily on first touch, applies
// moves on one table strictly one at a time (a lock per table), commits each
// move through the store's group committer and pushes every subscriber its
// own new view. It knows games only through kit.Game.
type Service struct {
	store db.Engine
	// multi is set when other instances share the database (PostgreSQL):
	// table writes then check the stored version under the table's row
	// lock, and the cache is reloaded when it is behind (multi.go).
	multi   bool
	log     *slog.Logger
	now     func() time.Time
	hub     *hub
	metrics *metrics
	timers  *timerScheduler
	// publicURL is the base of the links the server hands out (join and
	// hand-over links), without a trailing slash.
	publicURL string

	mu     sync.Mutex
	tables map[string]*table

	lru  *loadedLRU // issue 16: the loaded tables by last use (tablecache.go); nil = unbounded
	pads padCache   // issue 16: each table's padded view length (padding.go)
}

// table is a loaded table. Its fields change only under mu, and state is
// never mutated in place (Apply returns a new state), so a state pointer
// may be read by views after mu is released.
type table struct {
	mu    sync.Mutex
	id    string
	game  kit.Game
	row   db.GameTable
	seats []db.Seat
	state kit.State // nil until started
	seq   int64     // last log entry's seq
	log   []logItem // recent log entries, oldest first
	pub   pubQueue  // the hub's pending publish (its own lock)
	// joinURL is the table's join link.
	joinURL string
}

// logItem is one log entry as stored.
type logItem struct {
	Seq    int64
	Kind   string
	Actor  kit.Actor
	ByHost bool // the host played the move for a seat without a device
	Type   string
	At     time.Time
	Events []kit.Event
	Undone bool
	// enc caches the entry's JSON when all its events are public (then
	// every viewer sees the same entry). It is shared by the copies of the
	// item in snapshots; an item that changes gets a new one.
	enc *logEnc
}

// logEnc is a log entry's cached JSON and the actor name it was made with.
type logEnc struct {
	mu  sync.Mutex
	by  string
	raw []byte
}

// recentLog is how many of the newest log entries a view carries. Phones
// keep the entries they have already seen and fetch the whole log (GET
// /log) to fill a gap, so a view need not carry more; the log is most of a
// view's bytes, and every view goes to every phone on every move.
const recentLog = 10

func newService(store db.Engine, log *slog.Logger, now func() time.Time, m *metrics, publicURL string) *Service {
	s := &Service{store: store, log: log, now: now, metrics: m, publicURL: publicURL, tables: map[string]*table{}}
	s.hub = newHub(s)
	s.timers = newTimerScheduler(s)
	return s
}

// identity is who is asking: a seat, the host, or the public board.
type identity struct {
	Role kit.ViewerRole
	Seat int
}

func (id identity) viewer() kit.Viewer {
	switch id.Role {
	case kit.RoleSeat:
		return kit.SeatViewer(id.Seat)
	case kit.RoleHost:
		return kit.HostViewer
	}
	return kit.BoardViewer
}

func (id identity) actor() kit.Actor {
	switch id.Role {
	case kit.RoleSeat:
		return kit.SeatActor(id.Seat)
	case kit.RoleHost:
		return kit.HostActor
	}
	return kit.SystemActor
}

// systemIdentity is the server itself (timer expiries).
var systemIdentity = identity{Role: "system", Seat: -1}

// load returns the table, loading it from storage on first touch.
func (s *Service) load(ctx context.Context, id string) (*table, error) {
	s.mu.Lock()
	t, ok := s.tables[id]
	if !ok {
		t = &table{id: id}
		s.tables[id] = t
	}
	s.mu.Unlock()
	s.touchLoaded(id) // issue 16: bound the loaded tables (tablecache.go)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.game != nil {
		// Another instance may have moved the table on (multi.go).
		if err := s.freshenLocked(ctx, t); err != nil && !errors.Is(err, db.ErrUnavailable) {
			return nil, err
		}
		return t, nil
	}
	if err := s.fill(ctx, t); err != nil {
		s.mu.Lock()
		if s.tables[id] == t {
			delete(s.tables, id)
		}
		s.mu.Unlock()
		return nil, err
	}
	return t, nil
}

// fill reads a table's row, seats, snapshot and recent log.
func (s *Service) fill(ctx context.Context, t *table) error {
	q := s.store.Queries()
	row, err := q.GetTable(ctx, t.id)
	if errors.Is(err, sql.ErrNoRows) {
		return Errorf(CodeNotFound, "No table %q.", t.id)
	}
	if err != nil {
		return err
	}
	g, ok := catalog.Get(row.Game)
	if !ok {
		return fmt.Errorf("table %s: unknown game %q", t.id, row.Game)
	}
	seats, err := q.ListSeats(ctx, t.id)
	if err != nil {
		return err
	}
	seq, err := q.LastMoveSeq(ctx, t.id)
	if err != nil {
		return err
	}
	var st kit.State
	if row.Status != "lobby" {
		snap, err := q.GetSnapshot(ctx, t.id)
		switch {
		case err == nil && snap.Seq == seq:
			st, err = g.Decode([]byte(snap.State))
			if err != nil {
				return fmt.Errorf("table %s: decode snapshot: %w", t.id, err)
			}
		case err == nil || errors.Is(err, sql.ErrNoRows):
			// The snapshot is a cache: rebuild it from the log.
			moves, err := q.ListMoves(ctx, t.id)
			if err != nil {
				return err
			}
			st, err = Replay(g, row, seats, moves)
			if err != nil {
				return fmt.Errorf("table %s: replay: %w", t.id, err)
			}
			enc, err := json.Marshal(st)
			if err != nil {
				return err
			}
			err = s.store.Tx(context.WithoutCancel(ctx), func(q db.Querier) error {
				return q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: t.id, Seq: seq, State: string(enc)})
			})
			if err != nil {
				return err
			}
		default:
			return err
		}
	}
	recent, err := q.ListRecentMoves(ctx, db.ListRecentMovesParams{TableID: t.id, Limit: recentLog})
	if err != nil {
		return err
	}
	t.log = t.log[:0]
	for i := len(recent) - 1; i >= 0; i-- {
		it, err := toLogItem(recent[i])
		if err != nil {
			return err
		}
		t.log = append(t.log, it)
	}
	if t.game == nil { // set once: Move reads it before taking t.mu (a reload keeps it)
		t.game = g
	}
	t.row, t.seats, t.state, t.seq = row, seats, st, seq
	t.joinURL = s.publicURL + "/j/" + row.JoinCode
	s.metrics.tablesLoaded.Add(1)
	return nil
}

func toLogItem(m db.Move) (logItem, error) {
	it := logItem{Seq: m.Seq, Kind: m.Kind, Type: m.Type, Undone: m.Undone != 0, enc: &logEnc{}}
	var by tablerules.MovedBy
	if err := json.Unmarshal([]byte(m.Actor), &by); err != nil {
		return it, fmt.Errorf("move %d actor: %w", m.Seq, err)
	}
	it.Actor, it.ByHost = by.Actor, by.ByHost
	if err := json.Unmarshal([]byte(m.Events), &it.Events); err != nil {
		return it, fmt.Errorf("move %d events: %w", m.Seq, err)
	}
	at, err := time.Parse(time.RFC3339Nano, m.At)
	if err != nil {
		return it, fmt.Errorf("move %d time: %w", m.Seq, err)
	}
	it.At = at
	return it, nil
}

// Replay rebuilds a table's state from its log (tablerules.Replay).
func Replay(g kit.Game, row db.GameTable, seats []db.Seat, moves []db.Move) (kit.State, error) {
	return tablerules.Replay(g, row, seats, moves)
}

// resolve maps a credential to an identity at table t. An empty token is
// the public board. want narrows which kind the caller claims ("seat",
// "host" or "" for either).
func (t *table) resolve(token string) (identity, bool) {
	if token == "" {
		return identity{Role: kit.RoleBoard, Seat: -1}, true
	}
	if tokenMatches(token, t.row.HostTokenHash) {
		return identity{Role: kit.RoleHost, Seat: -1}, true
	}
	for _, st := range t.seats {
		if st.Removed == 0 && tokenMatches(token, st.TokenHash) {
			return identity{Role: kit.RoleSeat, Seat: int(st.Seat)}, true
		}
	}
	return identity{}, false
}

// Identify returns the identity a token has at a table. An unknown or
// revoked token is CodeUnauthorized.
func (s *Service) Identify(ctx context.Context, tableID, token string) (identity, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return identity{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	id, ok := t.resolve(token)
	if !ok {
		return identity{}, errUnknownToken()
	}
	return id, nil
}

func errUnknownToken() error {
	return Errorf(CodeUnauthorized, "This device's token is not valid for this table (the host may have removed it, or handed its seat to another phone).")
}

// CreateTableResult is what the host gets back.
type CreateTableResult struct {
	TableID   string `json:"table_id"`
	JoinCode  string `json:"join_code"`
	HostToken string `json:"host_token"`
}

// CreateTable creates a table in the lobby. It returns CodeInvalid for an
// unknown game and CodeIllegalMove (a "bad_option" rule error) for options
// that break the game's option specs.
func (s *Service) CreateTable(ctx context.Context, gameID string, options json.RawMessage) (CreateTableResult, error) {
	g, ok := catalog.Get(gameID)
	if !ok {
		return CreateTableResult{}, Errorf(CodeInvalid, "Unknown game %q.", gameID)
	}
	if len(options) == 0 || string(options) == "null" {
		options = json.RawMessage("{}")
	}
	var scratch map[string]any
	if err := kit.DecodeOptions(options, g.Info().Options, &scratch); err != nil {
		return CreateTableResult{}, err
	}
	compact, err := compactJSON(options)
	if err != nil {
		return CreateTableResult{}, Errorf(CodeInvalid, "Options are not valid JSON.")
	}
	seed, err := randomSeed()
	if err != nil {
		return CreateTableResult{}, err
	}
	res := CreateTableResult{TableID: NewTableID(), HostToken: NewToken()}
	now := s.now().UTC().Format(time.RFC3339Nano)
	for try := 0; ; try++ {
		res.JoinCode = NewJoinCode()
		// Once the referee has accepted, the write completes even if the
		// phone hangs up: a retry with the same key then gets this result.
		ctx = context.WithoutCancel(ctx)
		err = s.store.Tx(ctx, func(q db.Querier) error {
			return q.CreateTable(ctx, db.CreateTableParams{
				ID: res.TableID, Game: gameID, JoinCode: res.JoinCode, Options: compact,
				Seed: int64(seed >> 1), HostTokenHash: HashToken(res.HostToken), CreatedAt: now,
			})
		})
		if err != nil && try < 5 && strings.Contains(err.Error(), "UNIQUE") {
			continue // join code collision; draw another
		}
		break
	}
	if err != nil {
		return CreateTableResult{}, err
	}
	s.metrics.tablesCreated.Add(1)
	return res, nil
}

// JoinResult is what a joining phone gets back.
type JoinResult struct {
	TableID string `json:"table_id"`
	Seat    int    `json:"seat"`
	Token   string `json:"token"`
	Name    string `json:"name"`
}

// LookupJoinCode returns the table id for a join code (CodeNotFound).
func (s *Service) LookupJoinCode(ctx context.Context, code string) (string, error) {
	row, err := s.store.Queries().GetTableByJoinCode(ctx, NormalizeJoinCode(code))
	if errors.Is(err, sql.ErrNoRows) {
		return "", Errorf(CodeNotFound, "No table has the join code %q.", code)
	}
	if err != nil {
		return "", err
	}
	return row.ID, nil
}

// Join gives a new seat at a table in the lobby. It returns CodeInvalid for
// a bad name, CodeConflict when the game has started or the table is full.
func (s *Service) Join(ctx context.Context, tableID, name string) (JoinResult, error) {
	// issue 16: names pass the PRECIS nickname profile (names.go).
	name, err := nickname(name)
	if err != nil {
		return JoinResult{}, err
	}
	t, err := s.load(ctx, tableID)
	if err != nil {
		return JoinResult{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.row.Status != "lobby" {
		return JoinResult{}, Errorf(CodeConflict, "The game at this table has already started; ask the host.")
	}
	if t.row.Locked != 0 { // issue 16: the host locked the table (access.go)
		return JoinResult{}, Errorf(CodeConflict, "The host has locked this table against new players; ask the host.")
	}
	active := 0
	for _, st := range t.seats {
		if st.Removed == 0 {
			active++
			if sameName(st.Name, name) { // issue 16: PRECIS and look-alikes (names.go)
				return JoinResult{}, errNameTaken(name)
			}
		}
	}
	if active >= t.game.Info().MaxPlayers {
		return JoinResult{}, Errorf(CodeConflict, "This table is full (%d players).", t.game.Info().MaxPlayers)
	}
	token := NewToken()
	seat := db.Seat{TableID: t.id, Seat: int64(len(t.seats)), Name: name, TokenHash: HashToken(token), JoinedAt: s.now().UTC().Format(time.RFC3339Nano)}
	var version int64
	// Once the referee has accepted, the write completes even if the
	// phone hangs up: a retry with the same key then gets this result.
	ctx = context.WithoutCancel(ctx)
	err = s.tableTx(ctx, t, func(q db.Querier) error {
		if err := q.AddSeat(ctx, db.AddSeatParams{TableID: seat.TableID, Seat: seat.Seat, Name: seat.Name, TokenHash: seat.TokenHash, JoinedAt: seat.JoinedAt}); err != nil {
			return err
		}
		v, err := q.BumpTableVersion(ctx, t.id)
		version = v
		return err
	})
	if err != nil {
		return JoinResult{}, err
	}
	t.seats = append(t.seats, seat)
	t.row.Version = version
	s.hub.publish(t)
	return JoinResult{TableID: t.id, Seat: int(seat.Seat), Token: token, Name: name}, nil
}

// hostTable checks that id is the host (CodeForbidden), loads the table and
// locks it; the caller unlocks t.mu.
func (s *Service) hostTable(ctx context.Context, tableID string, id identity) (*table, error) {
	if err := requireHost(id); err != nil {
		return nil, err
	}
	t, err := s.load(ctx, tableID)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	return t, nil
}

// requireHost returns CodeForbidden unless id is the host.
func requireHost(id identity) error {
	if id.Role != kit.RoleHost {
		return Errorf(CodeForbidden, "Only the host can do this.")
	}
	return nil
}

// Start deals the game: it renumbers the seats that remain, runs Setup and
// records the initial state. It returns CodeForbidden for a non-host,
// CodeConflict when already started, CodeIllegalMove when Setup refuses
// (player count, options).
func (s *Service) Start(ctx context.Context, tableID string, id identity) error {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return err
	}
	defer t.mu.Unlock()
	if t.row.Status != "lobby" {
		return Errorf(CodeConflict, "The game has already started.")
	}
	var kept []db.Seat
	for _, st := range t.seats {
		if st.Removed == 0 {
			st.Seat = int64(len(kept))
			kept = append(kept, st)
		}
	}
	now := s.now().UTC()
	st, err := t.game.Setup(json.RawMessage(t.row.Options), tablerules.Dealt(kept), kit.NewCtx(uint64(t.row.Seed), 0, now))
	if err != nil {
		return err
	}
	enc, err := json.Marshal(st)
	if err != nil {
		return err
	}
	nowText := now.Format(time.RFC3339Nano)
	setup := setupEntry(t.game, st, now)
	var version int64
	// Once the referee has accepted, the write completes even if the
	// phone hangs up: a retry with the same key then gets this result.
	ctx = context.WithoutCancel(ctx)
	err = s.tableTx(ctx, t, func(q db.Querier) error {
		if err := q.DeleteRemovedSeats(ctx, t.id); err != nil {
			return err
		}
		for _, old := range t.seats {
			if old.Removed != 0 {
				continue
			}
			for _, k := range kept {
				if string(k.TokenHash) == string(old.TokenHash) && k.Seat != old.Seat {
					if err := q.RenumberSeat(ctx, db.RenumberSeatParams{Seat: k.Seat, TableID: t.id, Seat_2: old.Seat}); err != nil {
						return err
					}
				}
			}
		}
		n, err := q.StartTable(ctx, db.StartTableParams{StartedAt: sql.NullString{String: nowText, Valid: true}, ID: t.id})
		if err != nil {
			return err
		}
		if n != 1 {
			return Errorf(CodeConflict, "The game has already started.")
		}
		// The start is a version of its own; the setup entry carries it,
		// so the log's versions rise from its first entry.
		version, err = q.BumpTableVersion(ctx, t.id)
		if err != nil {
			return err
		}
		if setup != nil {
			if err := appendSetup(ctx, q, t.id, setup, version); err != nil {
				return err
			}
		}
		if err := q.PutSnapshot(ctx, db.PutSnapshotParams{TableID: t.id, Seq: t.seq + int64(len(setupItems(setup))), State: string(enc)}); err != nil {
			return err
		}
		return s.timers.persist(ctx, q, t.id, t.game, st)
	})
	if err != nil {
		return err
	}
	t.seats = kept
	t.state = st
	t.row.Status = "playing"
	t.row.StartedAt = sql.NullString{String: nowText, Valid: true}
	t.row.Version = version
	if setup != nil {
		t.seq = setup.Seq
		t.appendLog(*setup)
	}
	s.timers.schedule(t.id, t.game, st)
	s.hub.publish(t)
	return nil
}

// setupEntry is the log entry of a game's setup events (seq 1), or nil
// when the game logs none.
func setupEntry(g kit.Game, st kit.State, at time.Time) *logItem {
	evs := kit.SetupEvents(g, st)
	if len(evs) == 0 {
		return nil
	}
	return &logItem{Seq: 1, Kind: "setup", Actor: kit.SystemActor, Type: "setup", At: at, Events: evs}
}

func setupItems(it *logItem) []logItem {
	if it == nil {
		return nil
	}
	return []logItem{*it}
}

// appendSetup stores a setup entry as the table's first log entry.
func appendSetup(ctx context.Context, q db.Querier, tableID string, it *logItem, version int64) error {
	evJSON, err := json.Marshal(it.Events)
	if err != nil {
		return err
	}
	actorJSON, _ := json.Marshal(it.Actor)
	return q.AppendMove(ctx, db.AppendMoveParams{TableID: tableID, Seq: it.Seq, Kind: it.Kind, Actor: string(actorJSON), Type: it.Type,
		Args: "{}", At: it.At.Format(time.RFC3339Nano), Events: string(evJSON), Version: version})
}

// MoveRequest is a move as a phone posts it. AsSeat is set by the host
// alone, to play the move of a seat that no device holds.
type MoveRequest struct {
	Type            string          `json:"type"`
	Args            json.RawMessage `json:"args,omitempty"`
	ExpectedVersion *int64          `json:"expected_version,omitempty"`
	IdempotencyKey  string          `json:"idempotency_key,omitempty"`
	AsSeat          *int            `json:"as_seat,omitempty"`
}

// MoveResult is the acknowledgement of a committed move.
type MoveResult struct {
	Seq       int64 `json:"seq"`
	Version   int64 `json:"version"`
	Duplicate bool  `json:"duplicate,omitempty"`
}

// Move validates and applies a move, commits it and pushes the new views.
// It returns CodeIllegalMove (with the referee's rule) for a move the rules
// refuse, CodeConflict with the current version for a stale
// expected_version or a table not playing, CodeInvalid for a malformed
// request, and CodeUnavailable when storage cannot record it. A repeated
// idempotency key with the same move returns the first result without
// applying anything; with another move it is CodeConflict "key_reused".
func (s *Service) Move(ctx context.Context, tableID string, id identity, req MoveRequest) (MoveResult, error) {
	if id.Role == kit.RoleBoard {
		return MoveResult{}, Errorf(CodeUnauthorized, "Join the table to make moves.")
	}
	if req.Type == "" {
		return MoveResult{}, Errorf(CodeInvalid, "A move needs a type.")
	}
	if len(req.IdempotencyKey) > 100 {
		return MoveResult{}, Errorf(CodeInvalid, "The idempotency key is longer than 100 characters.")
	}
	if !tablerules.ClientKeyAllowed(req.IdempotencyKey) && id.Role != systemIdentity.Role {
		return MoveResult{}, Errorf(CodeInvalid, "Idempotency keys starting with %q are the server's own.", tablerules.SystemKeyPrefix)
	}
	if req.Type == kit.TimerExpiredMove && id.Role != systemIdentity.Role {
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: "Only the server's clock reports expired timers.", Rule: kit.Errorf("system_only", "Timers", "Only the server's clock reports expired timers.")}
	}
	if req.AsSeat != nil && id.Role != kit.RoleHost {
		return MoveResult{}, Errorf(CodeForbidden, "Only the host can play a move for another seat.")
	}
	args := "{}"
	if len(req.Args) > 0 {
		var err error
		if args, err = compactJSON(req.Args); err != nil {
			return MoveResult{}, Errorf(CodeInvalid, "The move's args are not valid JSON.")
		}
	}
	t, err := s.load(ctx, tableID)
	if err != nil {
		return MoveResult{}, err
	}
	if err := checkArgBounds(gameInfo(t.game), req); err != nil {
		return MoveResult{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	by := tablerules.MovedBy{Actor: id.actor()}
	if req.AsSeat != nil {
		if by, err = t.hostFor(*req.AsSeat); err != nil {
			return MoveResult{}, err
		}
	}
	// A repeated idempotency key returns the first result. The lookup costs
	// a query, so the common case skips it: when the move expects the
	// current version of a playing table, its key cannot belong to a move
	// already recorded unless a client reused it; that case is caught below,
	// before any refusal is returned and by the unique index at commit.
	fast := req.ExpectedVersion != nil && *req.ExpectedVersion == t.row.Version && t.row.Status == "playing"
	if req.IdempotencyKey != "" && !fast {
		if res, dup, err := s.duplicate(ctx, t, by, req, args); dup || err != nil {
			return res, err
		}
	}
	// refuse returns err, unless the key was already used: then the first
	// result (or the key_reused conflict).
	refuse := func(err error) (MoveResult, error) {
		if req.IdempotencyKey != "" && fast {
			if res, dup, derr := s.duplicate(ctx, t, by, req, args); dup || derr != nil {
				return res, derr
			}
		}
		return MoveResult{}, err
	}
	switch t.row.Status {
	case "lobby":
		return MoveResult{}, Errorf(CodeConflict, "The game has not started yet.")
	case "ended":
		re := kit.Errorf("game_over", "Table", "The game is over; no more moves are taken.")
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	if req.ExpectedVersion != nil && *req.ExpectedVersion != t.row.Version {
		v := t.row.Version
		return MoveResult{}, &Error{Code: CodeConflict, Message: fmt.Sprintf("The table has moved on (version %d, you expected %d); your screen was refreshed.", v, *req.ExpectedVersion), Version: &v}
	}
	now := s.now().UTC()
	seq := t.seq + 1
	move := kit.Move{Type: req.Type, Args: req.Args}
	mctx := kit.NewCtx(uint64(t.row.Seed), int(seq), now)
	res, err := t.game.Apply(t.state, by.Actor, move, mctx)
	if err != nil {
		if r, derr := refuse(err); derr != err {
			return r, derr
		}
		if _, ok := kit.AsRuleError(err); ok {
			s.metrics.movesRejected.Add(1)
		}
		return MoveResult{}, err
	}
	enc, err := json.Marshal(res.State)
	if err != nil {
		return MoveResult{}, err
	}
	reveals := tablerules.Reveals(res, mctx, uint64(t.row.Seed), seq)
	events := res.Events
	if events == nil {
		events = []kit.Event{}
	}
	evJSON, _ := json.Marshal(events)
	actorJSON, _ := json.Marshal(by)
	ended := t.game.Outcome(res.State) != nil
	version := t.row.Version + 1
	rec := db.MoveRecord{
		Entry: db.AppendMoveParams{TableID: t.id, Seq: seq, Kind: "move", Actor: string(actorJSON), Type: req.Type,
			Args: args, At: now.Format(time.RFC3339Nano), IdempotencyKey: sql.NullString{String: req.IdempotencyKey, Valid: req.IdempotencyKey != ""},
			Events: string(evJSON), Reveals: reveals, Version: version},
		State: string(enc),
	}
	rec.Timers, rec.HasTimers = timerRows(t.id, t.game, res.State)
	if ended {
		rec.Status = "ended"
	}
	// Once the referee has accepted, the write completes even if the
	// phone hangs up: a retry with the same key then gets this result.
	err = s.recordMove(context.WithoutCancel(ctx), t, rec)
	if err != nil {
		if req.IdempotencyKey != "" && strings.Contains(err.Error(), "UNIQUE") && strings.Contains(err.Error(), "idempotency_key") {
			return refuse(err)
		}
		if isStale(err) && req.IdempotencyKey != "" {
			// Another instance recorded first: maybe this very move, sent
			// there before with the same key.
			if res, dup, derr := s.duplicate(ctx, t, by, req, args); dup || derr != nil {
				return res, derr
			}
		}
		return MoveResult{}, err
	}
	t.state, t.seq, t.row.Version = res.State, seq, version
	if ended {
		t.row.Status = "ended"
	}
	t.appendLog(logItem{Seq: seq, Kind: "move", Actor: by.Actor, ByHost: by.ByHost, Type: req.Type, At: now, Events: events})
	s.metrics.movesAccepted.Add(1)
	s.timers.schedule(t.id, t.game, res.State)
	s.hub.publish(t)
	return MoveResult{Seq: seq, Version: version}, nil
}

// hostFor returns the actor of the host playing for seat n, which must be
// a seat in play that no device holds (CodeConflict "seat_attended"
// otherwise). The caller holds t.mu.
func (t *table) hostFor(n int) (tablerules.MovedBy, error) {
	for _, st := range t.seats {
		if int(st.Seat) != n || st.Removed != 0 {
			continue
		}
		if st.TokenHash != nil {
			return tablerules.MovedBy{}, &Error{Code: CodeConflict, Reason: "seat_attended", Message: fmt.Sprintf("%s's phone holds that seat; only it plays the seat's moves.", st.Name)}
		}
		return tablerules.MovedBy{Actor: kit.SeatActor(n), ByHost: true}, nil
	}
	return tablerules.MovedBy{}, Errorf(CodeNotFound, "No seat %d at this table.", n)
}

// duplicate looks up a move already recorded with the idempotency key. dup
// is true when there is one: res is then its result, or err the
// "key_reused" conflict if the key named another move (another actor, type
// or args).
func (s *Service) duplicate(ctx context.Context, t *table, by tablerules.MovedBy, req MoveRequest, args string) (res MoveResult, dup bool, err error) {
	prev, err := s.store.Queries().GetMoveByKey(ctx, db.GetMoveByKeyParams{TableID: t.id, IdempotencyKey: sql.NullString{String: req.IdempotencyKey, Valid: true}})
	if errors.Is(err, sql.ErrNoRows) {
		return MoveResult{}, false, nil
	}
	if err != nil {
		return MoveResult{}, false, err
	}
	if !tablerules.SameMove(prev, by, req.Type, args) {
		return MoveResult{}, true, &Error{Code: CodeConflict, Reason: "key_reused", Message: "That idempotency key was already used for another move; nothing was applied."}
	}
	return MoveResult{Seq: prev.Seq, Version: prev.Version, Duplicate: true}, true, nil
}

func (t *table) appendLog(it logItem) {
	it.enc = &logEnc{}
	t.log = append(t.log, it)
	if len(t.log) > recentLog {
		t.log = append(t.log[:0:0], t.log[len(t.log)-recentLog:]...)
	}
}

// Undo takes back the last move that is still in effect. It is host-only
// and is refused (CodeIllegalMove, "undo_reveals") for a move that revealed
// hidden information, and when there is nothing to undo ("nothing_to_undo").
// The undo is recorded in the log as an entry of its own; the undone move
// stays in the log, marked undone, and replay skips it.
func (s *Service) Undo(ctx context.Context, tableID string, id identity) (MoveResult, error) {
	t, err := s.hostTable(ctx, tableID, id)
	if err != nil {
		return MoveResult{}, err
	}
	defer t.mu.Unlock()
	if t.row.Status == "lobby" {
		return MoveResult{}, Errorf(CodeConflict, "The game has not started yet.")
	}
	moves, err := s.store.Queries().ListMoves(ctx, t.id)
	if err != nil {
		return MoveResult{}, err
	}
	target := -1
	for i := len(moves) - 1; i >= 0; i-- {
		if moves[i].Kind == "move" && moves[i].Undone == 0 {
			target = i
			break
		}
	}
	if target < 0 {
		re := kit.Errorf("nothing_to_undo", "Table › Undo", "There is no move to undo.")
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	last := moves[target]
	if last.Reveals == tablerules.RevealsRandom {
		re := kit.Errorf("undo_random", "Table › Undo", "Move %d (%s) drew dice, a shuffle or a draw, so it cannot be undone: undoing it would let the table roll again.", last.Seq, last.Type)
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	if last.Reveals != 0 {
		re := kit.Errorf("undo_reveals", "Table › Undo", "Move %d (%s) revealed hidden information, so it cannot be undone.", last.Seq, last.Type)
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	if last.Type == kit.TimerExpiredMove {
		re := kit.Errorf("undo_timer", "Table › Undo", "A timer that ran out cannot be undone.")
		return MoveResult{}, &Error{Code: CodeIllegalMove, Message: re.Message, Rule: re}
	}
	moves[target].Undone = 1
	st, err := Replay(t.game, t.row, t.seats, moves)
	if err != nil {
		// Replay deals the seats of the start and replays moves the referee
		// accepted, so this is the server's fault, never a rule the host
		// broke: no rule error may reach the host as if it were one.
		return MoveResult{}, &Error{Code: CodeInternal, Message: "The undo could not replay the game's log; nothing was changed.", Err: err}
	}
	enc, err := json.Marshal(st)
	if err != nil {
		return MoveResult{}, err
	}
	now := s.now().UTC()
	seq := t.seq + 1
	version := t.row.Version + 1
	ev := []kit.Event{kit.PublicEvent("undo", fmt.Sprintf("The host undid move %d.", last.Seq))}
	evJSON, _ := json.Marshal(ev)
	actorJSON, _ := json.Marshal(kit.HostActor)
	status := "playing"
	if t.game.Outcome(st) != nil {
		status = "ended"
	}
	rec := db.MoveRecord{
		Entry: db.AppendMoveParams{TableID: t.id, Seq: seq, Kind: "undo", Actor: string(actorJSON), Type: "undo",
			Args: "{}", At: now.Format(time.RFC3339Nano), Events: string(evJSON), Undoes: sql.NullInt64{Int64: last.Seq, Valid: true}, Version: version},
		State:  string(enc),
		Status: status,
		Undoes: last.Seq,
	}
	rec.Timers, rec.HasTimers = timerRows(t.id, t.game, st)
	// The undo completes even if the host's phone hangs up.
	err = s.recordMove(context.WithoutCancel(ctx), t, rec)
	if err != nil {
		return MoveResult{}, err
	}
	t.state, t.seq, t.row.Version, t.row.Status = st, seq, version, status
	for i := range t.log {
		if t.log[i].Seq == last.Seq {
			t.log[i].Undone = true
			t.log[i].enc = &logEnc{}
		}
	}
	t.appendLog(logItem{Seq: seq, Kind: "undo", Actor: kit.HostActor, Type: "undo", At: now, Events: ev})
	s.timers.schedule(t.id, t.game, st)
	s.hub.publish(t)
	return MoveResult{Seq: seq, Version: version}, nil
}

// SeatInfo is a seat as every screen lists it.
type SeatInfo struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Removed bool   `json:"removed,omitempty"`
	// Unattended is true while no device holds the seat.
	Unattended bool `json:"unattended,omitempty"`
}

// Me says who the viewer is.
type Me struct {
	Role string `json:"role"`
	Seat int    `json:"seat"`
	Name string `json:"name,omitempty"`
}

// fixedWidth returns now with its last nanosecond digit set, so that
// encoding/json (RFC 3339 with trailing zeros trimmed) always writes nine
// fraction digits: a view's length must not depend on the clock, or the
// padding of equal-size views (padding.go) would be computed from a shorter
// view than the one sent.
func fixedWidth(now time.Time) time.Time {
	now = now.UTC()
	if now.Nanosecond()%10 == 0 {
		now = now.Add(time.Nanosecond)
	}
	return now
}

// LogEntry is one log entry as a viewer may see it. Move types and args
// are not shown (they can carry secrets); the game's events are, filtered.
type LogEntry struct {
	Seq int64 `json:"seq"`
	// Kind is "setup" for the game's setup (the first entry), "move" or
	// "undo".
	Kind string    `json:"kind"`
	At   time.Time `json:"at"`
	By   string    `json:"by"`
	// Note says who really played the entry when it was not By's own
	// device: "played by the host for Ana".
	Note   string      `json:"note,omitempty"`
	Undone bool        `json:"undone,omitempty"`
	Events []kit.Event `json:"events"`
}

// ViewResponse is what GET /view returns and what each SSE event carries.
type ViewResponse struct {
	TableID    string     `json:"table_id"`
	Game       string     `json:"game"`
	GameName   string     `json:"game_name"`
	Status     string     `json:"status"`
	Version    int64      `json:"version"`
	ServerTime time.Time  `json:"server_time"`
	Me         Me         `json:"me"`
	Seats      []SeatInfo `json:"seats"`
	MinPlayers int        `json:"min_players"`
	MaxPlayers int        `json:"max_players"`
	JoinCode   string     `json:"join_code,omitempty"`
	// JoinURL is the join link (the host's view, in the lobby).
	JoinURL string `json:"join_url,omitempty"`
	// Locked is true once the table takes no more joins: the game has
	// started, or the host locked it.
	Locked bool `json:"locked"`
	// Unattended lists, for the host, the seats no device holds and the
	// moves each may make now; the host plays them with as_seat.
	Unattended []UnattendedSeat `json:"unattended,omitempty"`
	// Rematch is the table the players moved on to, once there is one.
	Rematch *RematchRef `json:"rematch,omitempty"`
	// View and Log must stay last: encode splices the view in before the log.
	View *kit.View  `json:"view,omitempty"`
	Log  []LogEntry `json:"log"`
}

// RematchRef names a table's rematch.
type RematchRef struct {
	TableID string `json:"table_id"`
}

// View returns the identity's view of the table.
func (s *Service) View(ctx context.Context, tableID string, id identity) (ViewResponse, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return ViewResponse{}, err
	}
	t.mu.Lock()
	snap := t.snapshot()
	t.mu.Unlock()
	return snap.render(id, s.now()), nil
}

// tableSnapshot is an immutable copy of what views need, taken under the
// table lock and rendered outside it.
type tableSnapshot struct {
	id, status string
	game       kit.Game
	version    int64
	joinCode   string
	joinURL    string
	rematch    string
	locked     bool // the host locked the table against new joins (issue 16)
	hostHash   []byte
	seats      []db.Seat
	state      kit.State
	log        []logItem
}

func (t *table) snapshot() tableSnapshot {
	return tableSnapshot{id: t.id, status: t.row.Status, game: t.game, version: t.row.Version, joinCode: t.row.JoinCode,
		joinURL: t.joinURL, rematch: t.row.RematchID.String, locked: t.row.Locked != 0, hostHash: t.row.HostTokenHash,
		seats: append([]db.Seat(nil), t.seats...), state: t.state, log: append([]logItem(nil), t.log...)}
}

func (sn tableSnapshot) render(id identity, now time.Time) ViewResponse {
	r := sn.renderHead(id, now)
	names := sn.names()
	for _, it := range sn.log {
		r.Log = append(r.Log, it.entry(id.viewer(), names))
	}
	return r
}

// renderHead is the view without its log entries (Log is empty).
func (sn tableSnapshot) renderHead(id identity, now time.Time) ViewResponse {
	info := gameInfo(sn.game)
	r := ViewResponse{TableID: sn.id, Game: info.ID, GameName: info.Name, Status: sn.status, Version: sn.version,
		ServerTime: fixedWidth(now), MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers, Log: []LogEntry{}, Seats: make([]SeatInfo, 0, len(sn.seats))}
	r.Me = Me{Role: string(id.Role), Seat: id.Seat}
	for _, st := range sn.seats {
		r.Seats = append(r.Seats, SeatInfo{Seat: int(st.Seat), Name: st.Name, Removed: st.Removed != 0, Unattended: tablerules.Unattended(st)})
		if id.Role == kit.RoleSeat && int(st.Seat) == id.Seat {
			r.Me.Name = st.Name
		}
	}
	r.Locked = sn.status != "lobby" || sn.locked
	if sn.rematch != "" {
		r.Rematch = &RematchRef{TableID: sn.rematch}
	}
	if id.Role == kit.RoleHost {
		r.JoinCode = sn.joinCode
		if sn.status == "lobby" {
			r.JoinURL = sn.joinURL
		}
		r.Unattended = sn.unattended()
	}
	if sn.state != nil {
		v := sn.game.View(sn.state, id.viewer())
		r.View = &v
	}
	return r
}

// infoCache holds each game's Info: some games build their move catalog on
// every call, and every rendered view needs the game's name and limits.
var infoCache sync.Map // kit.Game (a pointer) → kit.Info

// gameInfo returns g.Info(), cached for games that are pointers. The
// result is shared: read it, never change it.
func gameInfo(g kit.Game) kit.Info {
	if reflect.ValueOf(g).Kind() != reflect.Pointer {
		return g.Info()
	}
	if v, ok := infoCache.Load(g); ok {
		return v.(kit.Info)
	}
	in := g.Info()
	infoCache.Store(g, in)
	return in
}

func (sn tableSnapshot) names() map[int]string {
	names := make(map[int]string, len(sn.seats))
	for _, st := range sn.seats {
		names[int(st.Seat)] = st.Name
	}
	return names
}

// encode returns json.Marshal(sn.render(id, now)), built faster: the head
// is encoded as usual, and each log entry whose events are all public is
// encoded once and reused for every viewer and every later view.
//
// share, when not nil, holds the parts of the game view that every viewer
// of this snapshot shares, encoded once (viewShare).
func (sn tableSnapshot) encode(id identity, now time.Time, share *viewShare) ([]byte, error) {
	r := sn.renderHead(id, now)
	view := r.View
	r.View = nil // spliced in below, in its place just before "log"
	head, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	const tail = `"log":[]}`
	if !bytes.HasSuffix(head, []byte(tail)) {
		return json.Marshal(sn.render(id, now)) // not the shape expected; take the slow way
	}
	var vb []byte
	if view != nil {
		if vb, err = encodeView(view, share); err != nil {
			return nil, err
		}
	}
	names := sn.names()
	v := id.viewer()
	size := len(head) + len(vb) + 8
	for _, it := range sn.log {
		size += it.sizeHint()
	}
	buf := append(make([]byte, 0, size+16), head[:len(head)-len(tail)]...)
	if view != nil {
		buf = append(buf, `"view":`...)
		buf = append(buf, vb...)
		buf = append(buf, ',')
	}
	buf = append(buf, `"log":[`...)
	for i, it := range sn.log {
		if i > 0 {
			buf = append(buf, ',')
		}
		b, err := it.encoded(v, names)
		if err != nil {
			return nil, err
		}
		buf = append(buf, b...)
	}
	return append(buf, ']', '}'), nil
}

// encoded is json.Marshal(it.entry(v, names)), cached when every event of
// the entry is public.
func (it logItem) encoded(v kit.Viewer, names map[int]string) ([]byte, error) {
	public := it.enc != nil
	for _, ev := range it.Events {
		if ev.To != nil {
			public = false
			break
		}
	}
	if !public {
		return json.Marshal(it.entry(v, names))
	}
	by := it.by(names) + "\x00" + it.note(names)
	it.enc.mu.Lock()
	defer it.enc.mu.Unlock()
	if it.enc.raw == nil || it.enc.by != by {
		raw, err := json.Marshal(it.entry(v, names))
		if err != nil {
			return nil, err
		}
		it.enc.raw, it.enc.by = raw, by
	}
	return it.enc.raw, nil
}

// sizeHint is the cached entry's size, or a guess.
func (it logItem) sizeHint() int {
	if it.enc != nil {
		it.enc.mu.Lock()
		defer it.enc.mu.Unlock()
		if it.enc.raw != nil {
			return len(it.enc.raw) + 1
		}
	}
	return 256
}

// by names who made the entry.
func (it logItem) by(names map[int]string) string {
	switch {
	case it.Actor.Host:
		return "host"
	case it.Actor.System:
		return "server"
	}
	return names[it.Actor.Seat]
}

func (it logItem) entry(v kit.Viewer, names map[int]string) LogEntry {
	e := LogEntry{Seq: it.Seq, Kind: it.Kind, At: it.At, By: it.by(names), Note: it.note(names), Undone: it.Undone, Events: []kit.Event{}}
	for _, ev := range it.Events {
		if ev.VisibleTo(v) {
			e.Events = append(e.Events, ev)
		}
	}
	return e
}

// Log returns the whole log of a table as the identity may see it.
func (s *Service) Log(ctx context.Context, tableID string, id identity) ([]LogEntry, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	seats := append([]db.Seat(nil), t.seats...)
	t.mu.Unlock()
	moves, err := s.store.Queries().ListMoves(ctx, tableID)
	if err != nil {
		return nil, err
	}
	names := map[int]string{}
	for _, st := range seats {
		names[int(st.Seat)] = st.Name
	}
	out := make([]LogEntry, 0, len(moves))
	for _, m := range moves {
		it, err := toLogItem(m)
		if err != nil {
			return nil, err
		}
		out = append(out, it.entry(id.viewer(), names))
	}
	return out, nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// compactJSON validates raw and removes insignificant space, keeping
// numbers exactly as sent.
func compactJSON(raw json.RawMessage) (string, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// randomSeed returns a table seed from crypto/rand.
func randomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// sortedTableIDs lists the loaded tables (for shutdown and tests).
func (s *Service) sortedTableIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := make([]string, 0, len(s.tables))
	for id := range s.tables {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// JoinCode returns a table's join code.
func (s *Service) JoinCode(ctx context.Context, tableID string) (string, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return "", err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.row.JoinCode, nil
}

// Subscribe checks a token at a table and registers an SSE stream for it
// (hub.subscribe): CodeUnauthorized for a token the table does not know.
// It returns the stream and its first payload; the caller ends it with
// Unsubscribe.
func (s *Service) Subscribe(ctx context.Context, tableID, token string) (*subscriber, []byte, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return nil, nil, err
	}
	return s.hub.subscribe(t, token)
}

// Unsubscribe ends a stream registered by Subscribe.
func (s *Service) Unsubscribe(tableID string, sub *subscriber) { s.hub.unsubscribe(tableID, sub) }

// OpenStreams is the number of open SSE streams.
func (s *Service) OpenStreams() int { return s.hub.count() }
