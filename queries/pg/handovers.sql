-- name: CreateHandover :exec
INSERT INTO handovers (code_hash, table_id, seat, expires_at) VALUES ($1, $2, $3, $4);

-- name: GetHandover :one
SELECT * FROM handovers WHERE code_hash = $1;

-- name: UseHandover :execrows
UPDATE handovers SET used = 1 WHERE code_hash = $1 AND used = 0 AND expires_at > $2;
