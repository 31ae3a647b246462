// Package sqlite is the storage port's adapter (package db) for a SQLite
// file through modernc.org/sqlite, the embedded default: Open applies the
// pragmas and the migrations in migrations/, one writer connection commits
// the writes that arrive together in one transaction (the group committer,
// store.go and writer.go) and a pool of query-only connections reads. It
// converts sqlc's rows (generated from queries/ into *.sql.gen.go) to the
// port's, and SQLite's errors to the port's typed errors. What only a file
// has is here too: the file guard, quick_check, backups, the server lock,
// the load tool's bulk writer and commit ceiling. It passes the
// conformance suite db/dbtest (TestConformance).
package sqlite
