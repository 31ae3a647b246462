package sqlite

import (
	"context"
	"database/sql"
)

// LogicalSize returns the size of the database file at path as SQLite
// counts it (page_count × page_size): unlike the file's size on disk, it
// includes the committed pages still in the write-ahead log. It opens the
// file read-only on a connection of its own, so a running server may hold
// the database meanwhile.
func LogicalSize(ctx context.Context, path string) (int64, error) {
	d, err := sql.Open("sqlite", DSN(path, true))
	if err != nil {
		return 0, err
	}
	defer d.Close()
	var pages, size int64
	if err := d.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		return 0, err
	}
	if err := d.QueryRowContext(ctx, "PRAGMA page_size").Scan(&size); err != nil {
		return 0, err
	}
	return pages * size, nil
}
