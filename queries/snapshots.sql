-- name: PutSnapshot :exec
INSERT INTO snapshots (table_id, seq, state) VALUES (?, ?, ?)
ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, state = excluded.state;

-- name: GetSnapshot :one
SELECT * FROM snapshots WHERE table_id = ?;
