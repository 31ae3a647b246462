package table

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"tablewarden/db"
	"tablewarden/referee/kit"
)

// timerScheduler turns the timers held in game states into server-side
// expiries. Each running timer gets one time.AfterFunc for its generation;
// when it fires, the server sends the game a timer_expired system move for
// that generation, which the game refuses as stale if the timer was paused,
// restarted or cancelled meanwhile. Running timers are also stored in the
// timers table, so a restart reschedules them without loading any table.
//
// On PostgreSQL (claim set) it arms nothing: every instance's claimDue
// expires the stored timers (expire.go), and schedule and resume only wake
// it so that it sees a deadline this instance just stored.
type timerScheduler struct {
	s     *Service
	mu    sync.Mutex
	m     map[string]*scheduled // key: table id + "/" + timer name
	claim bool
	wake  chan struct{}
}

type scheduled struct {
	gen      int
	deadline time.Time
	t        *time.Timer
}

func newTimerScheduler(s *Service) *timerScheduler {
	return &timerScheduler{s: s, m: map[string]*scheduled{}, wake: make(chan struct{}, 1)}
}

// nudge wakes claimDue without waiting.
func (ts *timerScheduler) nudge() {
	select {
	case ts.wake <- struct{}{}:
	default:
	}
}

func timersOf(g kit.Game, st kit.State) ([]kit.Timer, bool) {
	th, ok := g.(kit.TimerHolder)
	if !ok || st == nil {
		return nil, false
	}
	return th.Timers(st), true
}

// timerRows are the stored rows of a state's running and paused timers;
// ok is false for a game without timers.
func timerRows(tableID string, g kit.Game, st kit.State) (rows []db.PutTimerParams, ok bool) {
	timers, ok := timersOf(g, st)
	if !ok {
		return nil, false
	}
	for _, t := range timers {
		if !t.Running && !t.Paused {
			continue
		}
		dl := sql.NullString{}
		if t.Running {
			dl = sql.NullString{String: t.Deadline.UTC().Format(time.RFC3339Nano), Valid: true}
		}
		rows = append(rows, db.PutTimerParams{TableID: tableID, Name: t.Name, Generation: int64(t.Generation),
			Running: boolInt(t.Running), Deadline: dl, RemainingMs: t.RemainingMS})
	}
	return rows, true
}

// persist stores a state's timers in the same transaction as its move.
func (ts *timerScheduler) persist(ctx context.Context, q db.Querier, tableID string, g kit.Game, st kit.State) error {
	rows, ok := timerRows(tableID, g, st)
	if !ok {
		return nil
	}
	if err := q.DeleteTimers(ctx, tableID); err != nil {
		return err
	}
	for _, r := range rows {
		if err := q.PutTimer(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// schedule arms an expiry for every running timer of a state and disarms
// the others of that table.
func (ts *timerScheduler) schedule(tableID string, g kit.Game, st kit.State) {
	timers, ok := timersOf(g, st)
	if !ok {
		return
	}
	if ts.claim {
		ts.nudge()
		return
	}
	running := map[string]kit.Timer{}
	for _, t := range timers {
		if t.Running {
			running[t.Name] = t
		}
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	prefix := tableID + "/"
	for key, sc := range ts.m {
		if len(key) > len(prefix) && key[:len(prefix)] == prefix {
			name := key[len(prefix):]
			if t, ok := running[name]; !ok || t.Generation != sc.gen || !t.Deadline.Equal(sc.deadline) {
				sc.t.Stop()
				delete(ts.m, key)
			}
		}
	}
	for name, t := range running {
		ts.armLocked(tableID, name, t.Generation, t.Deadline)
	}
}

func (ts *timerScheduler) armLocked(tableID, name string, gen int, deadline time.Time) {
	key := tableID + "/" + name
	if sc, ok := ts.m[key]; ok && sc.gen == gen && sc.deadline.Equal(deadline) {
		return
	}
	if sc, ok := ts.m[key]; ok {
		sc.t.Stop()
	}
	d := deadline.Sub(ts.s.now())
	if d < 0 {
		d = 0
	}
	sc := &scheduled{gen: gen, deadline: deadline}
	sc.t = time.AfterFunc(d, func() { ts.fire(tableID, name, gen, deadline) })
	ts.m[key] = sc
}

// fire sends the expiry. A stale generation is refused by the game and only
// logged.
func (ts *timerScheduler) fire(tableID, name string, gen int, deadline time.Time) {
	ts.mu.Lock()
	key := tableID + "/" + name
	if sc, ok := ts.m[key]; ok && sc.gen == gen {
		delete(ts.m, key)
	}
	ts.mu.Unlock()
	args, _ := json.Marshal(kit.TimerExpiredArgs{Name: name, Generation: gen})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := ts.s.Move(ctx, tableID, systemIdentity, MoveRequest{Type: kit.TimerExpiredMove, Args: args,
		IdempotencyKey: fmt.Sprintf("%stimer:%s:%d:%d", SystemKeyPrefix, name, gen, deadline.UnixMilli())})
	if err != nil {
		ts.s.log.Info("timer expiry not applied", "table", tableID, "timer", name, "generation", gen, "err", err)
	}
}

// resume schedules every running timer stored in the database. It runs at
// boot; tables themselves load lazily when their timer fires.
func (ts *timerScheduler) resume(ctx context.Context) (int, error) {
	rows, err := ts.s.store.Queries().ListRunningTimers(ctx)
	if err != nil {
		return 0, err
	}
	if ts.claim {
		ts.nudge()
		return len(rows), nil
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, r := range rows {
		dl, err := time.Parse(time.RFC3339Nano, r.Deadline.String)
		if err != nil {
			return 0, fmt.Errorf("timer %s/%s: %w", r.TableID, r.Name, err)
		}
		ts.armLocked(r.TableID, r.Name, int(r.Generation), dl)
	}
	return len(rows), nil
}

// stop disarms every timer (shutdown).
func (ts *timerScheduler) stop() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for k, sc := range ts.m {
		sc.t.Stop()
		delete(ts.m, k)
	}
}
