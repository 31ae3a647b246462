-- name: CreateHandover :exec
INSERT INTO handovers (code_hash, table_id, seat, expires_at) VALUES (?, ?, ?, ?);

-- name: GetHandover :one
SELECT * FROM handovers WHERE code_hash = ?;

-- name: UseHandover :execrows
UPDATE handovers SET used = 1 WHERE code_hash = ? AND used = 0 AND expires_at > ?;

-- name: CancelSeatHandovers :execrows
DELETE FROM handovers WHERE table_id = ? AND seat = ? AND used = 0;

-- name: RenumberHandovers :exec
UPDATE handovers SET seat = ? WHERE table_id = ? AND seat = ?;

-- name: ListOpenHandovers :many
SELECT seat, expires_at FROM handovers WHERE table_id = ? AND used = 0 AND expires_at > ? ORDER BY seat;

-- name: CountUsedHandovers :one
SELECT COUNT(*) FROM handovers WHERE table_id = ? AND seat = ? AND used = 1;

-- name: ListTableHandovers :many
SELECT * FROM handovers WHERE table_id = ? ORDER BY code_hash;
