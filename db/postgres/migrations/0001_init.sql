-- PostgreSQL twin of db/migrations/0001_init.sql: the same tables, columns
-- and constraints, so that `tablewarden copy` moves a table night over as
-- it is and replay gives the same states on both engines. Times stay RFC
-- 3339 text and JSON stays text, byte for byte as the server wrote them (a
-- jsonb column would reorder keys and change the snapshots' bytes); flags
-- stay integers, as in SQLite.

CREATE TABLE game_tables (
    id              TEXT PRIMARY KEY,
    game            TEXT NOT NULL,
    join_code       TEXT NOT NULL UNIQUE,
    options         TEXT NOT NULL DEFAULT '{}',
    seed            BIGINT NOT NULL,
    host_token_hash BYTEA NOT NULL,
    status          TEXT NOT NULL DEFAULT 'lobby' CHECK (status IN ('lobby', 'playing', 'ended')),
    version         BIGINT NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    started_at      TEXT
);

CREATE TABLE seats (
    table_id   TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL,
    name       TEXT NOT NULL,
    token_hash BYTEA NOT NULL UNIQUE,
    removed    BIGINT NOT NULL DEFAULT 0,
    joined_at  TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

-- kind: 'move' (a referee move) or 'undo' (the host took back move `undoes`).
CREATE TABLE moves (
    table_id        TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq             BIGINT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('move', 'undo')),
    actor           TEXT NOT NULL,
    type            TEXT NOT NULL,
    args            TEXT NOT NULL DEFAULT '{}',
    at              TEXT NOT NULL,
    idempotency_key TEXT,
    events          TEXT NOT NULL DEFAULT '[]',
    reveals         BIGINT NOT NULL DEFAULT 0,
    undoes          BIGINT,
    undone          BIGINT NOT NULL DEFAULT 0,
    version         BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seq)
);

CREATE UNIQUE INDEX moves_idempotency ON moves (table_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TABLE snapshots (
    table_id TEXT PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    seq      BIGINT NOT NULL,
    state    TEXT NOT NULL
);

-- Running and paused timers. Any instance claims a due one with FOR UPDATE
-- SKIP LOCKED (queries/pg/timers.sql), so each generation expires once.
CREATE TABLE timers (
    table_id     TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    generation   BIGINT NOT NULL,
    running      BIGINT NOT NULL,
    deadline     TEXT,
    remaining_ms BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, name)
);

CREATE INDEX timers_running ON timers (running) WHERE running = 1;

-- Every change of a table's version (a move, an undo, a join, a start)
-- notifies the listening instances, from inside the transaction that made
-- it: PostgreSQL delivers the notification when that transaction commits,
-- and never when it rolls back. The payload is "<table id>:<version>".
CREATE FUNCTION tablewarden_notify_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('tablewarden', NEW.id || ':' || NEW.version);
    RETURN NULL;
END
$$;

CREATE TRIGGER game_tables_version_notify
AFTER UPDATE OF version ON game_tables
FOR EACH ROW WHEN (NEW.version <> OLD.version)
EXECUTE FUNCTION tablewarden_notify_version();
