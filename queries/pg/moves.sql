-- name: AppendMove :exec
INSERT INTO moves (table_id, seq, kind, actor, type, args, at, idempotency_key, events, reveals, undoes, version)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12);

-- name: CopyMove :exec
INSERT INTO moves (table_id, seq, kind, actor, type, args, at, idempotency_key, events, reveals, undoes, undone, version)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13);

-- name: MarkUndone :exec
UPDATE moves SET undone = 1 WHERE table_id = $1 AND seq = $2;

-- name: ListMoves :many
SELECT * FROM moves WHERE table_id = $1 ORDER BY seq;

-- name: ListMovesAfter :many
SELECT * FROM moves WHERE table_id = $1 AND seq > $2 ORDER BY seq;

-- name: GetMoveByKey :one
SELECT * FROM moves WHERE table_id = $1 AND idempotency_key = $2;

-- name: LastMoveSeq :one
SELECT coalesce(max(seq), 0)::bigint FROM moves WHERE table_id = $1;

-- name: CountMoves :one
SELECT count(*) FROM moves;

-- name: ListRecentMoves :many
SELECT * FROM moves WHERE table_id = $1 ORDER BY seq DESC LIMIT $2;
