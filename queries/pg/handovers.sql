-- name: CreateHandover :exec
INSERT INTO handovers (code_hash, table_id, seat, expires_at) VALUES ($1, $2, $3, $4);

-- name: GetHandover :one
SELECT * FROM handovers WHERE code_hash = $1;

-- name: UseHandover :execrows
UPDATE handovers SET used = 1 WHERE code_hash = $1 AND used = 0 AND expires_at > $2;

-- name: CancelSeatHandovers :execrows
DELETE FROM handovers WHERE table_id = $1 AND seat = $2 AND used = 0;

-- name: RenumberHandovers :exec
UPDATE handovers SET seat = $1 WHERE table_id = $2 AND seat = $3;

-- name: ListOpenHandovers :many
SELECT seat, expires_at FROM handovers WHERE table_id = $1 AND used = 0 AND expires_at > $2 ORDER BY seat;

-- name: CountUsedHandovers :one
SELECT COUNT(*) FROM handovers WHERE table_id = $1 AND seat = $2 AND used = 1;

-- name: ListTableHandovers :many
SELECT * FROM handovers WHERE table_id = $1 ORDER BY code_hash;

-- name: CopyHandover :exec
INSERT INTO handovers (code_hash, table_id, seat, expires_at, used) VALUES ($1, $2, $3, $4, $5);
