-- The moves table's CHECK on kind, written as comparisons instead of IN:
-- SQLite evaluates `kind IN ('move', 'undo', 'setup')` by building a
-- temporary b-tree of the three values on every INSERT into the log (a
-- list of more than two constants), which was about a tenth of a move's
-- commit (README, Performance). The new CHECK admits exactly the same rows
-- (kind is NOT NULL), so every row already stored satisfies it, and the
-- table's text in the schema is changed in place as SQLite documents for
-- changing a CHECK constraint (lang_altertable.html, "other kinds of table
-- schema changes"), without copying the log. RESET turns schema writes off
-- and makes this connection read the schema again; creating and dropping a
-- table then moves the schema cookie on, so that every other connection
-- reads it again too.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (kind IN (''move'', ''undo'', ''setup''))', 'CHECK (kind = ''move'' OR kind = ''undo'' OR kind = ''setup'')')
WHERE type = 'table' AND name = 'moves';
PRAGMA writable_schema = RESET;
CREATE TABLE schema_cookie_0004 (x);
DROP TABLE schema_cookie_0004;
