-- name: WriteTable :exec
-- WriteTable writes a whole table row as it stands, status and version
-- included: the load tool's generated databases (cmd/tablewarden-load
-- -gen-db) write started tables this way. PostgreSQL's twin is CopyTable
-- (queries/pg), which copies a SQLite database (db/postgres/copy.go, through cmd/tablewarden copy).
INSERT INTO game_tables (id, game, join_code, options, seed, host_token_hash, status, version, created_at, started_at, locked, rematch_id)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
