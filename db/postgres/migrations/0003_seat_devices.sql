-- PostgreSQL twin of db/migrations/0003_seat_devices.sql: a
-- seat's token_hash becomes NULL while no device holds it; the log gains
-- 'setup' entries; tables gain their rematch's id; hand-over codes.

ALTER TABLE seats ALTER COLUMN token_hash DROP NOT NULL;

ALTER TABLE moves DROP CONSTRAINT moves_kind_check;
ALTER TABLE moves ADD CONSTRAINT moves_kind_check CHECK (kind IN ('move', 'undo', 'setup'));

ALTER TABLE game_tables ADD COLUMN rematch_id TEXT;

CREATE TABLE handovers (
    code_hash  BYTEA PRIMARY KEY,
    table_id   TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat       BIGINT NOT NULL,
    expires_at TEXT NOT NULL,
    used       BIGINT NOT NULL DEFAULT 0
);
