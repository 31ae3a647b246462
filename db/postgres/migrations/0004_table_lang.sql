-- PostgreSQL twin of db/sqlite/migrations/0005_table_lang.sql: a table's
-- language, English for the tables made before it.
ALTER TABLE game_tables ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
