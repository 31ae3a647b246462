-- name: PutTimer :exec
INSERT INTO timers (table_id, name, generation, running, deadline, remaining_ms) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (table_id, name) DO UPDATE SET generation = excluded.generation, running = excluded.running,
    deadline = excluded.deadline, remaining_ms = excluded.remaining_ms;

-- name: DeleteTimers :exec
DELETE FROM timers WHERE table_id = ?;

-- name: ListRunningTimers :many
SELECT * FROM timers WHERE running = 1 ORDER BY deadline;

-- name: ListTableTimers :many
SELECT * FROM timers WHERE table_id = ? ORDER BY name;
