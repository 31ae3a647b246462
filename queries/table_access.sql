-- The host changes the join code or locks the table.

-- name: SetJoinCode :exec
UPDATE game_tables SET join_code = ? WHERE id = ?;

-- name: SetTableLocked :exec
UPDATE game_tables SET locked = ? WHERE id = ?;
