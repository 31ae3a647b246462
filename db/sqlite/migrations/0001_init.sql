-- Tables, seats, the append-only move log, state snapshots and timers.
-- The move log is the truth; snapshots are a cache that replay rebuilds.

CREATE TABLE game_tables (
    id              TEXT PRIMARY KEY,
    game            TEXT NOT NULL,
    join_code       TEXT NOT NULL UNIQUE,
    options         TEXT NOT NULL DEFAULT '{}',
    seed            INTEGER NOT NULL,
    host_token_hash BLOB NOT NULL,
    status          TEXT NOT NULL DEFAULT 'lobby' CHECK (status IN ('lobby', 'playing', 'ended')),
    version         INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    started_at      TEXT
);

CREATE TABLE seats (
    table_id   TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,
    token_hash BLOB NOT NULL UNIQUE,
    removed    INTEGER NOT NULL DEFAULT 0,
    joined_at  TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

-- kind: 'move' (a referee move) or 'undo' (the host took back move `undoes`).
CREATE TABLE moves (
    table_id        TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('move', 'undo')),
    actor           TEXT NOT NULL,
    type            TEXT NOT NULL,
    args            TEXT NOT NULL DEFAULT '{}',
    at              TEXT NOT NULL,
    idempotency_key TEXT,
    events          TEXT NOT NULL DEFAULT '[]',
    reveals         INTEGER NOT NULL DEFAULT 0,
    undoes          INTEGER,
    undone          INTEGER NOT NULL DEFAULT 0,
    version         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seq)
);

CREATE UNIQUE INDEX moves_idempotency ON moves (table_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TABLE snapshots (
    table_id TEXT PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    state    TEXT NOT NULL
);

-- Running and paused timers, so that a restart reschedules them without
-- loading every table.
CREATE TABLE timers (
    table_id     TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    generation   INTEGER NOT NULL,
    running      INTEGER NOT NULL,
    deadline     TEXT,
    remaining_ms INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, name)
);

CREATE INDEX timers_running ON timers (running) WHERE running = 1;
