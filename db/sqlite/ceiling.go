package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// Ceiling is the naive storage ceiling that the load tool
// (cmd/tablewarden-load) measures through /api/noop/commit: a separate
// SQLite file, opened with the same settings as the real database, that
// takes one single-row INSERT committed per call. It exists for
// benchmarks only; the game tables never touch it.
type Ceiling struct {
	d *sql.DB
}

// OpenCeiling opens (and creates if needed) the ceiling database at path.
func OpenCeiling(ctx context.Context, path string) (*Ceiling, error) {
	d, err := sql.Open("sqlite", DSN(path, false))
	if err != nil {
		return nil, err
	}
	d.SetMaxOpenConns(1)
	if _, err := d.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, at TEXT NOT NULL)`); err != nil {
		d.Close()
		return nil, err
	}
	return &Ceiling{d: d}, nil
}

// Insert commits one row holding the time at.
func (c *Ceiling) Insert(ctx context.Context, at time.Time) error {
	_, err := c.d.ExecContext(ctx, `INSERT INTO rows (at) VALUES (?)`, at.UTC().Format(time.RFC3339Nano))
	return err
}

// Close closes the ceiling database.
func (c *Ceiling) Close() error { return c.d.Close() }
