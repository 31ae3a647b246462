-- name: PutTimer :exec
INSERT INTO timers (table_id, name, generation, running, deadline, remaining_ms) VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (table_id, name) DO UPDATE SET generation = excluded.generation, running = excluded.running,
    deadline = excluded.deadline, remaining_ms = excluded.remaining_ms;

-- name: DeleteTimers :exec
DELETE FROM timers WHERE table_id = $1;

-- name: ListRunningTimers :many
SELECT * FROM timers WHERE running = 1 ORDER BY deadline::timestamptz;

-- name: ListTableTimers :many
SELECT * FROM timers WHERE table_id = $1 ORDER BY name;

-- name: ClaimDueTimer :one
-- ClaimDueTimer picks the running timer whose deadline passed longest ago
-- (at $now) and takes its table's and its own row locks, skipping rows
-- another transaction holds (FOR UPDATE SKIP LOCKED). Every write to a
-- table's rows holds the table's lock, so the claim lasts until the
-- transaction ends, and the expiry that runs in it stops the timer: each
-- generation expires once, whichever instance claims it. Locking the timer
-- row too makes PostgreSQL recheck it once locked, so a claim that raced a
-- committed expiry finds the timer stopped and skips it; SKIP LOCKED never
-- waits, so the claim cannot deadlock with a move.
SELECT timers.table_id, timers.name, timers.generation, timers.deadline, game_tables.version
FROM timers JOIN game_tables ON game_tables.id = timers.table_id
WHERE timers.running = 1 AND timers.deadline::timestamptz <= sqlc.arg(now)::text::timestamptz
ORDER BY timers.deadline::timestamptz
LIMIT 1
FOR UPDATE OF game_tables, timers SKIP LOCKED;

-- name: StopTimer :execrows
-- StopTimer marks one generation of a timer expired; it changes nothing
-- when the timer was re-armed (a new generation) or stopped meanwhile.
UPDATE timers SET running = 0, remaining_ms = 0
WHERE table_id = $1 AND name = $2 AND generation = $3 AND running = 1;

-- name: NextTimerDeadline :one
SELECT deadline FROM timers WHERE running = 1 ORDER BY deadline::timestamptz LIMIT 1;
