// Package engine opens the storage engine that a -db value names: the one
// place, beside main, that knows both adapters (db/sqlite, db/postgres).
// main, the load tool and the api tests' harness open their store through
// it and hand table the port (db.Store) and the engine's db.Extras.
package engine

import (
	"context"
	"strings"

	"tablewarden/db"
	"tablewarden/db/postgres"
	"tablewarden/db/sqlite"
)

// IsPostgres reports whether a -db value names a PostgreSQL server
// (postgres:// or postgresql://) rather than a SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Engine is an open store (it is the db.Store it embeds) and what its
// engine offers beyond the port. Exactly one of SQLite and Postgres is set,
// for the tools and tests that reach an engine's own methods; table never
// sees them.
type Engine struct {
	db.Store
	Extras   db.Extras
	SQLite   *sqlite.Store
	Postgres *postgres.Store
}

// Open opens the database dsn names (a PostgreSQL URL, or a SQLite file,
// created if needed) and applies its pending migrations.
func Open(ctx context.Context, dsn string) (*Engine, error) {
	if IsPostgres(dsn) {
		p, err := postgres.Open(ctx, dsn)
		if err != nil {
			return nil, err
		}
		return &Engine{Store: p, Extras: p.Extras(), Postgres: p}, nil
	}
	s, err := sqlite.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	return &Engine{Store: s, Extras: s.Extras(), SQLite: s}, nil
}

// Source returns the store's reads with those of a whole database
// (db.Source), for tools and tests that list every table.
func (e *Engine) Source() db.Source {
	if e.Postgres != nil {
		return e.Postgres.Source()
	}
	return e.SQLite.Source()
}
