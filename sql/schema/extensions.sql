-- For sqlc only: extensions nl2sql's statements use where the server has
-- them. Migration 00005 creates pg_trgm only when it is available, and
-- internal/schemaindex calls the statements that need it only then. Not a
-- migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
