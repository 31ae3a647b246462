package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"tablewarden/db"
)

// Store is the SQLite adapter of the storage port (db.Store) over the
// generated queries. Reads go to a
// pool of query-only connections; every write goes through a group
// committer: writes from many tables that arrive together share one
// transaction, and each caller is answered only after the commit. One
// failing write does not spoil the others: each runs inside its own
// savepoint, except in a batch of moves, which runs without and, when one
// fails, is rolled back and run again with savepoints (commit).
type Store struct {
	w, r  *sql.DB
	ckpt  *sql.DB // the checkpointer's connection
	path  string
	read  *Queries
	wc    *writerConn // the commit loop's connection (writer.go)
	rst   *stmtCache  // the readers' statements
	ops   chan *writeOp
	done  chan struct{}
	wg    sync.WaitGroup
	close sync.Once

	walRestart atomic.Bool // the checkpointer asks the commit loop to finish the WAL

	guard   *fileGuard    // The file opened is still there (fileguard.go)
	checked chan struct{} // closed once quick_check has run (QuickCheckDone)

	// batches and writes count commits and writes, for metrics.
	batches atomic.Int64
	writes  atomic.Int64
	// onCommit, when set, is told of each successful commit (OnCommit).
	onCommit atomic.Pointer[func(writes int, took time.Duration)]
	// stalled is when writes began to find the file locked by another
	// process (unix nanoseconds), 0 while they commit (Stalled).
	stalled atomic.Int64
}

// Stalled reports since when writes have found the database file locked
// by another process (ErrLocked); ok is false when none has, or when
// ProbeWrite has committed since.
func (s *Store) Stalled() (since time.Time, ok bool) {
	n := s.stalled.Load()
	if n == 0 {
		return time.Time{}, false
	}
	return time.Unix(0, n), true
}

// ProbeWrite commits a write that changes nothing but needs SQLite's write
// lock (a commit of reads alone never takes it), and ends the stall
// (Stalled) when it commits. It waits the busy timeout at most.
func (s *Store) ProbeWrite(ctx context.Context) error {
	err := s.Write(ctx, func(q *Queries) error {
		_, err := q.db.ExecContext(ctx, "UPDATE game_tables SET version = version WHERE id = ''")
		return err
	})
	if err == nil {
		s.stalled.Store(0)
	}
	return err
}

// noteLock records a stall when err is ErrLocked.
func (s *Store) noteLock(err error) {
	if errors.Is(err, db.ErrLocked) {
		s.stalled.CompareAndSwap(0, time.Now().UnixNano())
	}
}

// OnCommit sets a function told of each successful group commit: the writes
// it carried and its time, from the transaction's start to its durable end.
// It runs on the commit loop, so it must be quick.
func (s *Store) OnCommit(f func(writes int, took time.Duration)) { s.onCommit.Store(&f) }

type writeOp struct {
	ctx context.Context
	fn  func(q *Queries) error
	err chan error
	// again says that fn may run a second time after a rolled-back run:
	// it only writes through q and keeps nothing from a run that failed.
	again bool
}

// MaxBatch is the most writes one transaction carries.
const MaxBatch = 256

func newStore(w, r *sql.DB, path string) *Store {
	s := &Store{w: w, r: r, path: path, wc: newWriterConn(w), rst: newStmtCache(r), ops: make(chan *writeOp, 4096), done: make(chan struct{})}
	s.read = New(cachedDB{s.rst})
	s.wg.Add(1)
	go s.commitLoop()
	return s
}

// Batches counts the group commits, for metrics (db.GroupCommitter).
func (s *Store) Batches() int64 { return s.batches.Load() }

// Writes counts the writes the group commits carried (db.GroupCommitter).
func (s *Store) Writes() int64 { return s.writes.Load() }

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

// Read returns the generated queries over the read pool (for tools and
// tests; table reads through Queries).
func (s *Store) Read() *Queries { return s.read }

// ReadDB returns the read pool, for ad-hoc checks such as integrity_check.
func (s *Store) ReadDB() *sql.DB { return s.r }

// Write runs fn inside the next group commit and returns once that commit
// has succeeded or failed. fn must only use q; its writes are undone if it
// returns an error. Write returns fn's error, a commit error (wrapped in
// ErrUnavailable when the disk is full or read-only), or ctx.Err() when the
// store is closing.
func (s *Store) Write(ctx context.Context, fn func(q *Queries) error) error {
	return s.write(ctx, fn, false)
}

// write is Write; again says that fn may run twice (writeOp.again).
func (s *Store) write(ctx context.Context, fn func(q *Queries) error, again bool) error {
	op := &writeOp{ctx: ctx, fn: fn, err: make(chan error, 1), again: again}
	select {
	case s.ops <- op:
	case <-s.done:
		return errors.New("store closed")
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the op will be committed or failed; wait for the answer
	// even if ctx ends, so that an acknowledged write is never in doubt.
	return <-op.err
}

func (s *Store) commitLoop() {
	defer s.wg.Done()
	defer s.wc.release()
	batch := make([]*writeOp, 0, MaxBatch)
	for {
		select {
		case op := <-s.ops:
			batch = append(batch[:0], op)
		case <-s.done:
			// Drain what was queued before closing.
			for {
				select {
				case op := <-s.ops:
					s.commit([]*writeOp{op})
				default:
					return
				}
			}
		}
	fill:
		for len(batch) < MaxBatch {
			select {
			case op := <-s.ops:
				batch = append(batch, op)
			default:
				break fill
			}
		}
		s.commit(batch)
		s.finishCheckpoint()
	}
}

func (s *Store) commit(batch []*writeOp) {
	ctx := context.Background()
	start := time.Now()

	// Refuse every write once the database file is gone or damaged.
	if err := s.guardWrites(); err != nil {
		for _, op := range batch {
			op.err <- err
		}
		return
	}
	// A savepoint per write costs three statements and a copy of every
	// page the write touches; a batch of writes that may run again, or of
	// one write, does without, and runs again with them if one fails.
	plain := len(batch) == 1
	if !plain {
		plain = true
		for _, op := range batch {
			plain = plain && op.again
		}
	}
	errs, committed, err := s.run(ctx, batch, !plain)
	if errors.Is(err, errRunAgain) {
		errs, committed, err = s.run(ctx, batch, true)
	}
	if err != nil {
		s.noteLock(err)
		for _, op := range batch {
			op.err <- err
		}
		return
	}
	for _, e := range errs {
		s.noteLock(e)
	}
	if committed {
		s.batches.Add(1)
		s.writes.Add(int64(len(batch)))
		// A commit into a file deleted meanwhile is not kept;
		// never acknowledge it.
		if err := s.guardWrites(); err != nil {
			for _, op := range batch {
				op.err <- err
			}
			return
		}
		if f := s.onCommit.Load(); f != nil {
			(*f)(len(batch), time.Since(start))
		}
	}
	for i, op := range batch {
		op.err <- errs[i]
	}
}

// errRunAgain is run's answer when a write of a batch without savepoints
// failed: the transaction is rolled back, and the batch must run again
// with savepoints.
var errRunAgain = errors.New("a write failed: run the batch again with savepoints")

// run runs batch in one transaction and commits it; errs holds each
// write's own error. With savepoints, each write runs inside its own and a
// failing write's changes are undone alone. Without, the first failing
// write rolls the whole transaction back: run returns errRunAgain for a
// batch of several writes, and for a single write its error in errs, with
// committed false. err is an error of the whole batch.
func (s *Store) run(ctx context.Context, batch []*writeOp, savepoints bool) (errs []error, committed bool, err error) {
	errs = make([]error, len(batch))
	w := s.wc
	if err := w.begin(ctx); err != nil {
		return nil, false, classify(err)
	}
	q := New(w)
	for i, op := range batch {
		if !savepoints {
			if err := op.fn(q); err != nil {
				w.rollback(ctx)
				if len(batch) > 1 {
					return nil, false, errRunAgain
				}
				errs[i] = classify(err)
				return errs, false, nil
			}
			continue
		}
		if _, err := w.ExecContext(ctx, "SAVEPOINT w"); err != nil {
			errs[i] = classify(err)
			continue
		}
		if err := op.fn(q); err != nil {
			errs[i] = classify(err)
			if _, rerr := w.ExecContext(ctx, "ROLLBACK TO w"); rerr != nil {
				w.rollback(ctx)
				return nil, false, classify(fmt.Errorf("rollback to savepoint: %w", rerr))
			}
		}
		if _, err := w.ExecContext(ctx, "RELEASE w"); err != nil && errs[i] == nil {
			errs[i] = classify(err)
		}
	}
	if err := w.commit(ctx); err != nil {
		s.guard.noteError(err) // a damaged or replaced file (fileguard.go)
		return nil, false, classify(err)
	}
	return errs, true, nil
}

// stmtCache keeps one prepared statement per SQL text (sqlc's queries are
// constants) for the read pool, so that SQLite parses each query once
// instead of on every call. The writer's statements are the commit loop's
// own (writerConn).
type stmtCache struct {
	db *sql.DB
	mu sync.RWMutex
	m  map[string]*sql.Stmt
}

func newStmtCache(d *sql.DB) *stmtCache {
	return &stmtCache{db: d, m: map[string]*sql.Stmt{}}
}

func (c *stmtCache) get(query string) *sql.Stmt {
	c.mu.RLock()
	st := c.m[query]
	c.mu.RUnlock()
	return st
}

// prepare returns the statement for query, preparing it on the pool.
func (c *stmtCache) prepare(ctx context.Context, query string) (*sql.Stmt, error) {
	if st := c.get(query); st != nil {
		return st, nil
	}
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.m[query]; old != nil {
		st.Close()
		return old, nil
	}
	c.m[query] = st
	return st, nil
}

// cachedDB runs queries on a pool through the statement cache.
type cachedDB struct{ c *stmtCache }

func (d cachedDB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := d.c.prepare(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(ctx, args...)
}

func (d cachedDB) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return d.c.db.PrepareContext(ctx, query)
}

func (d cachedDB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := d.c.prepare(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

func (d cachedDB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := d.c.prepare(ctx, query)
	if err != nil {
		return d.c.db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// checkpointLoop copies the WAL back into the database file (a PASSIVE
// checkpoint, which never blocks the writer or the readers) a few times a
// second while writes come in. The writer's own automatic checkpoints are
// off (see Open): run inside a commit, they made that commit, and every
// move waiting on it, slow.
//
// A checkpoint from another connection can never finish the WAL while
// writes keep coming, so the WAL would only grow; when it holds more than
// walRestartFrames frames, the checkpointer asks the commit loop to run one
// PASSIVE checkpoint itself between two batches (walRestart). Nothing is
// written meanwhile, so that one finishes the WAL (it only has the frames
// written since the last background pass left to copy), and the next
// commit starts the WAL over from its beginning.
func (s *Store) checkpointLoop() {
	defer s.wg.Done()
	tk := time.NewTicker(200 * time.Millisecond)
	defer tk.Stop()
	var last int64
	for {
		select {
		case <-s.done:
			return
		case <-tk.C:
		}
		if n := s.batches.Load(); n != last {
			last = n
			var busy, frames, done int64
			if err := s.ckpt.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &done); err == nil && frames > walRestartFrames {
				s.walRestart.Store(true)
			}
		}
	}
}

// walRestartFrames is the WAL length (in frames of one page) above which
// the commit loop finishes a checkpoint itself: 4,000 pages of 4 KiB.
const walRestartFrames = 4000

// finishCheckpoint runs the checkpoint the checkpointer asked for, on the
// writer connection, between batches.
func (s *Store) finishCheckpoint() {
	if !s.walRestart.Swap(false) {
		return
	}
	_, _ = s.wc.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
}

// Close stops the committer after the queued writes and closes the
// connections.
func (s *Store) Close() error {
	var err error
	s.close.Do(func() {
		close(s.done)
		s.wg.Wait()
		c := s.rst
		c.mu.Lock()
		for _, st := range c.m {
			st.Close()
		}
		clear(c.m)
		c.mu.Unlock()
		var cerr error
		if s.ckpt != nil {
			cerr = s.ckpt.Close()
		}
		err = errors.Join(s.r.Close(), cerr, s.w.Close())
	})
	return err
}

// IntegrityCheck runs PRAGMA integrity_check and returns nil when it says ok.
func (s *Store) IntegrityCheck(ctx context.Context) error {
	var res string
	if err := s.r.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return fmt.Errorf("integrity_check: %s", res)
	}
	return nil
}

// BackupFile copies the database at src to dst with VACUUM INTO over its
// own connection (safe while a server writes to src), then opens the copy
// and runs integrity_check on it.
func BackupFile(ctx context.Context, src, dst string) error {
	d, err := sql.Open("sqlite", DSN(src, false))
	if err != nil {
		return err
	}
	defer d.Close()
	d.SetMaxOpenConns(1)
	if _, err := d.ExecContext(ctx, "VACUUM INTO ?", dst); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	c, err := sql.Open("sqlite", DSN(dst, false))
	if err != nil {
		return err
	}
	defer c.Close()
	var res string
	if err := c.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&res); err != nil {
		return fmt.Errorf("backup check: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("backup check: integrity_check says %s", res)
	}
	return nil
}

// Raw returns the connection or transaction under q, for pragmas and
// checks that sqlc does not generate.
func (q *Queries) Raw() DBTX { return q.db }
