// Package db is the storage port: what package table needs of a database,
// and nothing of any engine. Its consumer is table; it lists only what
// table calls. It holds
//
//   - Store, the narrow interface a table's lifecycle runs on (Tx, Queries,
//     RecordMove, Ping, Close), and Querier, the queries table runs;
//   - the records and parameters they take and return (types.go);
//   - the typed errors every engine returns alike (ErrDuplicate,
//     ErrUnavailable, ErrLocked, ErrStale);
//   - the optional capabilities an engine may offer (Extras): a file
//     check, group-commit counters, retention's Pruner, sharing with other
//     instances (Shared), the load tool's commit ceiling.
//
// The engines are sibling adapters, one package per driver: db/sqlite
// (modernc.org/sqlite, the embedded default) and db/postgres (pgx/v5). Each
// holds its own forward-only migrations and sqlc's code for its dialect,
// and converts its rows to this package's types. Both pass the same
// conformance suite, db/dbtest. Neither this package nor table imports a
// driver: main picks the adapter (db/engine) and hands table the Store and
// its Extras through table.Config.
package db
