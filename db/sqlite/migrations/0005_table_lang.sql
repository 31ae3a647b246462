-- A table has a language (issue 36, problem 9): the one its host chose on
-- the create form, which the board and the server's own sentences use.
-- Tables made before it speak English, as they did.
ALTER TABLE game_tables ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
