-- name: CreateTable :exec
INSERT INTO game_tables (id, game, join_code, options, seed, host_token_hash, created_at, lang)
VALUES (?, ?, ?, ?, ?, ?, ?, ?);

-- name: GetTable :one
SELECT * FROM game_tables WHERE id = ?;

-- name: GetTableByJoinCode :one
SELECT * FROM game_tables WHERE join_code = ?;

-- name: StartTable :execrows
UPDATE game_tables SET status = 'playing', started_at = ? WHERE id = ? AND status = 'lobby';

-- name: SetTableStatus :exec
UPDATE game_tables SET status = ? WHERE id = ?;

-- name: BumpTableVersion :one
UPDATE game_tables SET version = version + 1 WHERE id = ? RETURNING version;

-- name: AdvanceTableVersion :execrows
-- AdvanceTableVersion is BumpTableVersion for a writer that knows the
-- version it moves on from: it bumps the version only when it is still
-- previous, and reports the rows changed (0: the table has moved on). It
-- returns no row, which costs less than RETURNING on the hot path of a move.
UPDATE game_tables SET version = version + 1 WHERE id = sqlc.arg(id) AND version = sqlc.arg(previous);

-- name: CountTables :one
SELECT count(*) FROM game_tables;

-- name: ListTableIDs :many
SELECT id FROM game_tables ORDER BY id;

-- name: SetRematch :execrows
UPDATE game_tables SET rematch_id = ? WHERE id = ? AND rematch_id IS NULL;

-- name: SetTableOptions :execrows
-- SetTableOptions replaces a lobby table's options: the host assigns the
-- seat options (Space Cadets' stations) when starting, once players have
-- joined.
UPDATE game_tables SET options = ? WHERE id = ? AND status = 'lobby';

-- name: LockTable :one
-- LockTable is the stored version of a table read inside a write: SQLite's
-- one writer already holds the whole file (PostgreSQL's twin takes the
-- table's row lock).
SELECT version FROM game_tables WHERE id = ?;
