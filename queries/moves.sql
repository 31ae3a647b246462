-- name: AppendMove :exec
INSERT INTO moves (table_id, seq, kind, actor, type, args, at, idempotency_key, events, reveals, undoes, version)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- name: MarkUndone :exec
UPDATE moves SET undone = 1 WHERE table_id = ? AND seq = ?;

-- name: ListMoves :many
SELECT * FROM moves WHERE table_id = ? ORDER BY seq;

-- name: ListMovesAfter :many
SELECT * FROM moves WHERE table_id = ? AND seq > ? ORDER BY seq;

-- name: GetMoveByKey :one
SELECT * FROM moves WHERE table_id = ? AND idempotency_key = ?;

-- name: LastMoveSeq :one
SELECT CAST(coalesce(max(seq), 0) AS INTEGER) FROM moves WHERE table_id = ?;

-- name: ListRecentMoves :many
SELECT * FROM moves WHERE table_id = ? ORDER BY seq DESC LIMIT ?;
