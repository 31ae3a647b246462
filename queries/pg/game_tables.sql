-- name: CreateTable :exec
INSERT INTO game_tables (id, game, join_code, options, seed, host_token_hash, created_at, lang)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8);

-- name: CopyTable :exec
INSERT INTO game_tables (id, game, join_code, options, seed, host_token_hash, status, version, created_at, started_at, locked, rematch_id, lang)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13);

-- name: GetTable :one
SELECT * FROM game_tables WHERE id = $1;

-- name: GetTableByJoinCode :one
SELECT * FROM game_tables WHERE join_code = $1;

-- name: LockTable :one
-- LockTable takes the table's row lock until the transaction ends: every
-- write to a table goes through it, so moves on one table are applied one
-- at a time across instances.
SELECT version FROM game_tables WHERE id = $1 FOR UPDATE;

-- name: StartTable :execrows
UPDATE game_tables SET status = 'playing', started_at = $1 WHERE id = $2 AND status = 'lobby';

-- name: SetTableStatus :exec
UPDATE game_tables SET status = $1 WHERE id = $2;

-- name: BumpTableVersion :one
UPDATE game_tables SET version = version + 1 WHERE id = $1 RETURNING version;

-- name: GetTableVersion :one
SELECT version FROM game_tables WHERE id = $1;

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


-- name: SetTableOptions :execrows
-- SetTableOptions replaces a lobby table's options: the host assigns the
-- seat options (Space Cadets' stations) when starting, once players have
-- joined.
UPDATE game_tables SET options = $1 WHERE id = $2 AND status = 'lobby';
