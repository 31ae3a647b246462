-- name: AddSeat :exec
INSERT INTO seats (table_id, seat, name, token_hash, joined_at) VALUES (?, ?, ?, ?, ?);

-- name: ListSeats :many
SELECT * FROM seats WHERE table_id = ? ORDER BY seat;

-- name: RemoveSeat :exec
UPDATE seats SET removed = 1 WHERE table_id = ? AND seat = ?;

-- name: DeleteRemovedSeats :exec
DELETE FROM seats WHERE table_id = ? AND removed = 1;

-- name: RenumberSeat :exec
UPDATE seats SET seat = ? WHERE table_id = ? AND seat = ?;

-- name: SetSeatToken :exec
UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ?;
