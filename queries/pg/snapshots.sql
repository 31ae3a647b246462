-- name: PutSnapshot :exec
INSERT INTO snapshots (table_id, seq, state) VALUES ($1, $2, $3)
ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, state = excluded.state;

-- name: GetSnapshot :one
SELECT * FROM snapshots WHERE table_id = $1;
