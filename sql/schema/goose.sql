-- For sqlc only: goose's version table, created by goose in rag (see
-- migrations.Migrate, gooseTable). Not a migration.
CREATE TABLE rag.goose_db_version (
    id integer PRIMARY KEY,
    version_id bigint NOT NULL,
    is_applied boolean NOT NULL,
    tstamp timestamp NOT NULL
);
