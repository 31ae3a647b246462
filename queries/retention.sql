-- Retention deletes lobby tables with no activity (created, or a
-- seat joined) since a cutoff, and ended tables whose last move is older
-- than a cutoff. Each delete re-checks its condition, so a table that came
-- back to life meanwhile stays; ON DELETE CASCADE removes its seats,
-- moves, snapshot and timers in the same transaction.

-- name: ListStaleLobbyTables :many
SELECT t.id FROM game_tables t
WHERE t.status = 'lobby'
  AND max(t.created_at, coalesce((SELECT max(s.joined_at) FROM seats s WHERE s.table_id = t.id), '')) < sqlc.arg(before)
ORDER BY t.created_at
LIMIT sqlc.arg(max_rows);

-- name: ListOldEndedTables :many
SELECT t.id FROM game_tables t
WHERE t.status = 'ended'
  AND coalesce((SELECT max(m.at) FROM moves m WHERE m.table_id = t.id), t.created_at) < sqlc.arg(before)
ORDER BY t.created_at
LIMIT sqlc.arg(max_rows);

-- name: DeleteStaleLobbyTable :execrows
DELETE FROM game_tables
WHERE id = sqlc.arg(id) AND status = 'lobby'
  AND max(created_at, coalesce((SELECT max(s.joined_at) FROM seats s WHERE s.table_id = sqlc.arg(id)), '')) < sqlc.arg(before);

-- name: DeleteOldEndedTable :execrows
DELETE FROM game_tables
WHERE id = sqlc.arg(id) AND status = 'ended'
  AND coalesce((SELECT max(m.at) FROM moves m WHERE m.table_id = sqlc.arg(id)), created_at) < sqlc.arg(before);
