package table

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
	"slices"
	"sync"
	"time"

	"tablewarden/db"
	"tablewarden/referee/catalog"
	"tablewarden/referee/kit"
)

// Service holds the tables: it loads a table lazily on first touch, applies
// moves on one table strictly one at a time (a lock per table), commits each
// move through the store's group committer and pushes every subscriber its
// own new view. It knows games only through kit.Game.
type Service struct {
	store db.Store
	// extras are what the engine offers beyond the port (storage.go,
	// stall.go, multi.go); each nil when it has none.
	extras db.Extras
	// multi is set when other instances share the database (PostgreSQL):
	// table writes then check the stored version under the table's row
	// lock, and the cache is reloaded when it is behind (multi.go).
	multi    bool
	log      *slog.Logger
	now      func() time.Time
	hub      *hub
	counters Counters
	timers   *timerScheduler
	// publicURL is the base of the links the server hands out (join and
	// hand-over links), without a trailing slash.
	publicURL string

	mu     sync.Mutex
	tables map[string]*table

	lru  *loadedLRU // The loaded tables by last use (tablecache.go); nil = unbounded
	pads sync.Map   // table id → padEntry: its padded view length (padding.go)

	// observeFanout, when set, is told the time from each publish to its
	// views being handed to the table's streams (/metrics).
	observeFanout func(time.Duration)
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
	// handovers are the seats' open hand-over codes (handover.go).
	handovers []OpenHandover
}

// Config is what a Service needs.
type Config struct {
	// Store is the open database (the storage port; main opens an adapter,
	// db/engine).
	Store db.Store
	// Extras are what the store's engine offers beyond the port, each nil
	// when it has none: the file check, the group committer's counters,
	// the stall watch, retention, the commit ceiling, and Shared, set when
	// other instances share the database (multi.go).
	Extras db.Extras
	// Log receives the service's structured logs; nil is slog.Default().
	Log *slog.Logger
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// PublicURL is the base of the join and hand-over links, without a
	// trailing slash.
	PublicURL string
	// MaxLoaded bounds the tables kept in memory (idle ones leave first,
	// tablecache.go); 0 keeps every table loaded once.
	MaxLoaded int
	// ObserveFanout, when not nil, is told the time from each publish to
	// its views being rendered and handed to every stream of the table. It
	// runs on the table's drain goroutine, so it must be quick.
	ObserveFanout func(time.Duration)
}

// New returns a Service over cfg.Store. It arms no timers: call
// ResumeTimers once, before serving.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Service{store: cfg.Store, extras: cfg.Extras, log: cfg.Log, now: cfg.Now, publicURL: cfg.PublicURL, tables: map[string]*table{},
		observeFanout: cfg.ObserveFanout}
	s.multi = cfg.Extras.Shared != nil // other instances may share it (multi.go)
	if cfg.MaxLoaded > 0 {
		s.lru = newLoadedLRU(cfg.MaxLoaded, time.Minute)
	}
	s.hub = newHub(s)
	s.timers = newTimerScheduler(s)
	s.timers.claim = s.multi // PostgreSQL: claimDue expires timers (expire.go)
	return s
}

// Game returns the game with the given id among those the service serves
// (catalog.All, and catalog.Bench in the bench build).
func (s *Service) Game(id string) (kit.Game, bool) { return catalog.Find(id) }

// Games lists the games the service serves, in the home page's order.
func (s *Service) Games() []kit.Game {
	return append(slices.Clip(catalog.All()), catalog.Bench()...)
}

// Counters returns the service's counters (for /metrics).
func (s *Service) Counters() *Counters { return &s.counters }

// load returns the table, loading it from storage on first touch.
func (s *Service) load(ctx context.Context, id string) (*table, error) {
	s.mu.Lock()
	t, ok := s.tables[id]
	if !ok {
		t = &table{id: id}
		s.tables[id] = t
	}
	s.mu.Unlock()
	s.touchLoaded(id) // Bound the loaded tables (tablecache.go)
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
		return Refusef(ReasonUnknownTable, "No table %q.", t.id)
	}
	if err != nil {
		return err
	}
	g, ok := s.Game(row.Game)
	if !ok {
		return fmt.Errorf("table %s: unknown game %q", t.id, row.Game)
	}
	seats, err := q.ListSeats(ctx, t.id)
	if err != nil {
		return err
	}
	open, err := q.ListOpenHandovers(ctx, db.ListOpenHandoversParams{TableID: t.id, ExpiresAt: s.now().UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	seq, err := q.LastMoveSeq(ctx, t.id)
	if err != nil {
		return err
	}
	var st kit.State
	if row.Status != "lobby" {
		var full bool
		var have kit.State
		if t.state != nil && t.row.ID == row.ID && t.row.Status != "lobby" {
			have = t.state // a reload: build on the state held
		}
		st, full, err = stateFromStorage(ctx, q, g, row, seats, seq, have, t.seq)
		if err != nil {
			return err
		}
		if full {
			// The snapshot is a cache: store the state rebuilt from the log.
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
	t.handovers = nil
	for _, h := range open {
		if at, err := time.Parse(time.RFC3339, h.ExpiresAt); err == nil {
			t.handovers = append(t.handovers, OpenHandover{Seat: int(h.Seat), ExpiresAt: at})
		}
	}
	t.joinURL = s.publicURL + "/j/" + row.JoinCode
	s.counters.TablesLoaded.Add(1)
	return nil
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

// Subscribe checks a token at a table and registers an SSE stream for it
// (hub.subscribe). It returns CodeUnauthorized for a token the table does
// not know.
// It returns the stream and its first payload, a whole view and the
// spaces that pad it (padding.go); the caller ends it with Unsubscribe.
func (s *Service) Subscribe(ctx context.Context, tableID, token string) (sub *Subscriber, first, pad []byte, err error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return nil, nil, nil, err
	}
	return s.hub.subscribe(t, token)
}

// Unsubscribe ends a stream registered by Subscribe.
func (s *Service) Unsubscribe(tableID string, sub *Subscriber) { s.hub.unsubscribe(tableID, sub) }

// OpenStreams is the number of open SSE streams.
func (s *Service) OpenStreams() int { return s.hub.count() }

// ResumeTimers arms the timers stored as running (after a restart) and
// returns how many there are. A storage error is returned as it is.
func (s *Service) ResumeTimers(ctx context.Context) (int, error) { return s.timers.resume(ctx) }

// StopTimers disarms every timer (at shutdown); the stored timers stay
// for the next start.
func (s *Service) StopTimers() { s.timers.stop() }
