-- The model was shown a CHECK constraint only when it was a list of values
-- (allowed_values): CHECK (price >= 0), CHECK (ends_at > starts_at) or a
-- domain's CHECK (VALUE ~ '^[A-Z]{3}$') were shown nowhere, though they say
-- what a literal looks like and which values never occur. checks holds the
-- validated ones that are no such list, as pg_get_constraintdef prints them
-- (NOT VALID ones are left out: the rows before them may break them):
-- rag.tables.checks the table's own, rag.columns.checks those of the
-- column's domain, written on VALUE. Both are empty until the database is
-- next refreshed; the catalog fingerprint includes them, so the periodic
-- catalog check refreshes every database that has some.

-- +goose Up
ALTER TABLE rag.tables ADD COLUMN checks text[] NOT NULL DEFAULT '{}';
ALTER TABLE rag.columns ADD COLUMN checks text[] NOT NULL DEFAULT '{}';
COMMENT ON COLUMN rag.tables.checks IS 'The table''s validated CHECK constraints other than lists of values (allowed_values), as pg_get_constraintdef prints them, by constraint name.';
COMMENT ON COLUMN rag.columns.checks IS 'For a column of a domain, the domain''s validated CHECK constraints other than lists of values, on VALUE, as pg_get_constraintdef prints them.';

-- +goose Down
ALTER TABLE rag.columns DROP COLUMN checks;
ALTER TABLE rag.tables DROP COLUMN checks;
