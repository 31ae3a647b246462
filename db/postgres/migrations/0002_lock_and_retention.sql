-- PostgreSQL twin of db/migrations/0002_lock_and_retention.sql:
-- the host can lock a table against new joins, and the retention job finds
-- idle lobby tables and old ended tables quickly.

ALTER TABLE game_tables ADD COLUMN locked BIGINT NOT NULL DEFAULT 0;

CREATE INDEX game_tables_status ON game_tables (status, created_at);
