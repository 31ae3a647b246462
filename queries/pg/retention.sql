-- The retention on PostgreSQL: GREATEST where SQLite has the
-- scalar max(a, b). Each delete re-checks its condition.

-- name: ListStaleLobbyTables :many
SELECT t.id FROM game_tables t
WHERE t.status = 'lobby'
  AND GREATEST(t.created_at, coalesce((SELECT max(s.joined_at) FROM seats s WHERE s.table_id = t.id), '')) < sqlc.arg(before)::text
ORDER BY t.created_at
LIMIT sqlc.arg(max_rows);

-- name: ListOldEndedTables :many
SELECT t.id FROM game_tables t
WHERE t.status = 'ended'
  AND coalesce((SELECT max(m.at) FROM moves m WHERE m.table_id = t.id), t.created_at) < sqlc.arg(before)::text
ORDER BY t.created_at
LIMIT sqlc.arg(max_rows);

-- name: DeleteStaleLobbyTable :execrows
DELETE FROM game_tables
WHERE id = sqlc.arg(id) AND status = 'lobby'
  AND GREATEST(created_at, coalesce((SELECT max(s.joined_at) FROM seats s WHERE s.table_id = sqlc.arg(id)), '')) < sqlc.arg(before)::text;

-- name: DeleteOldEndedTable :execrows
DELETE FROM game_tables
WHERE id = sqlc.arg(id) AND status = 'ended'
  AND coalesce((SELECT max(m.at) FROM moves m WHERE m.table_id = sqlc.arg(id)), created_at) < sqlc.arg(before)::text;
