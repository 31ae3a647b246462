-- name: AddSeat :exec
INSERT INTO seats (table_id, seat, name, token_hash, joined_at) VALUES ($1, $2, $3, $4, $5);

-- name: CopySeat :exec
INSERT INTO seats (table_id, seat, name, token_hash, removed, joined_at) VALUES ($1, $2, $3, $4, $5, $6);

-- name: ListSeats :many
SELECT * FROM seats WHERE table_id = $1 ORDER BY seat;

-- name: RemoveSeat :exec
UPDATE seats SET removed = 1 WHERE table_id = $1 AND seat = $2;

-- name: DeleteRemovedSeats :exec
DELETE FROM seats WHERE table_id = $1 AND removed = 1;

-- name: RenumberSeat :exec
UPDATE seats SET seat = $1 WHERE table_id = $2 AND seat = $3;
