package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// Store is the one storage API over the generated queries. Reads go to a
// pool of query-only connections; every write goes through a group
// committer: writes from many tables that arrive together share one
// transaction (each inside its own savepoint, so one failing write does not
// spoil the others), and each caller is answered only after the commit.
type Store struct {
	w, r  *sql.DB
	path  string
	read  *Queries
	ops   chan *writeOp
	done  chan struct{}
	wg    sync.WaitGroup
	close sync.Once

	// Batches and Writes count commits and writes, for metrics.
	Batches atomic.Int64
	Writes  atomic.Int64
}

type writeOp struct {
	ctx context.Context
	fn  func(q *Queries) error
	err chan error
}

// MaxBatch is the most writes one transaction carries.
const MaxBatch = 256

func newStore(w, r *sql.DB, path string) *Store {
	s := &Store{w: w, r: r, path: path, read: New(r), ops: make(chan *writeOp, 4096), done: make(chan struct{})}
	s.wg.Add(1)
	go s.commitLoop()
	return s
}

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

// Read returns queries over the read pool.
func (s *Store) Read() *Queries { return s.read }

// ReadDB returns the read pool, for ad-hoc checks such as integrity_check.
func (s *Store) ReadDB() *sql.DB { return s.r }

// Write runs fn inside the next group commit and returns once that commit
// has succeeded or failed. fn must only use q; its writes are undone if it
// returns an error. Write returns fn's error, a commit error (wrapped in
// ErrUnavailable when the disk is full or read-only), or ctx.Err() when the
// store is closing.
func (s *Store) Write(ctx context.Context, fn func(q *Queries) error) error {
	op := &writeOp{ctx: ctx, fn: fn, err: make(chan error, 1)}
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
	}
}

func (s *Store) commit(batch []*writeOp) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		for _, op := range batch {
			op.err <- classify(err)
		}
		return
	}
	q := New(tx)
	for i, op := range batch {
		if _, err := tx.ExecContext(ctx, "SAVEPOINT w"); err != nil {
			errs[i] = classify(err)
			continue
		}
		if err := op.fn(q); err != nil {
			errs[i] = classify(err)
			if _, rerr := tx.ExecContext(ctx, "ROLLBACK TO w"); rerr != nil {
				tx.Rollback()
				for _, op := range batch {
					op.err <- classify(fmt.Errorf("rollback to savepoint: %w", rerr))
				}
				return
			}
		}
		if _, err := tx.ExecContext(ctx, "RELEASE w"); err != nil && errs[i] == nil {
			errs[i] = classify(err)
		}
	}
	if err := tx.Commit(); err != nil {
		tx.Rollback()
		for _, op := range batch {
			op.err <- classify(err)
		}
		return
	}
	s.Batches.Add(1)
	s.Writes.Add(int64(len(batch)))
	for i, op := range batch {
		op.err <- errs[i]
	}
}

// Close stops the committer after the queued writes and closes the
// connections.
func (s *Store) Close() error {
	var err error
	s.close.Do(func() {
		close(s.done)
		s.wg.Wait()
		err = errors.Join(s.r.Close(), s.w.Close())
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
