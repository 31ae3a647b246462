-- The host changes the join code or locks the table.

-- name: SetJoinCode :exec
UPDATE game_tables SET join_code = $1 WHERE id = $2;

-- name: SetTableLocked :exec
UPDATE game_tables SET locked = $1 WHERE id = $2;

-- name: SetRematch :execrows
UPDATE game_tables SET rematch_id = $1 WHERE id = $2 AND rematch_id IS NULL;

-- name: SetSeatToken :exec
UPDATE seats SET token_hash = $1 WHERE table_id = $2 AND seat = $3;
