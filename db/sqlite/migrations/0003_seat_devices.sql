-- Seats and devices. A seat is an identity fixed at start; the
-- device that holds it is its token, which the host may revoke or hand to
-- a new phone: token_hash becomes NULL while no device holds the seat.
-- The log gains 'setup' entries (the game's setup events, stored at start);
-- a move's reveals is 1 when it revealed hidden information and 2 when it
-- drew randomness (dice, shuffles, draws): neither can be undone.
-- Tables gain the id of their rematch, and hand-over codes their table.

CREATE TABLE seats_new (
    table_id   TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       TEXT NOT NULL,
    token_hash BLOB UNIQUE,
    removed    INTEGER NOT NULL DEFAULT 0,
    joined_at  TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
INSERT INTO seats_new (table_id, seat, name, token_hash, removed, joined_at)
SELECT table_id, seat, name, token_hash, removed, joined_at FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;

CREATE TABLE moves_new (
    table_id        TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('move', 'undo', 'setup')),
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
INSERT INTO moves_new SELECT table_id, seq, kind, actor, type, args, at, idempotency_key, events, reveals, undoes, undone, version FROM moves;
DROP TABLE moves;
ALTER TABLE moves_new RENAME TO moves;
CREATE UNIQUE INDEX moves_idempotency ON moves (table_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

ALTER TABLE game_tables ADD COLUMN rematch_id TEXT;

-- One-time codes that hand a seat to a new phone.
CREATE TABLE handovers (
    code_hash  BLOB PRIMARY KEY,
    table_id   TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    expires_at TEXT NOT NULL,
    used       INTEGER NOT NULL DEFAULT 0
);
