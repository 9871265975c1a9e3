-- For sqlc only: the part of River's schema (created by rivermigrate, see
-- migrations.Migrate) that nl2sql's own statements read. Not a migration.
CREATE TABLE river.river_job (
    id bigint PRIMARY KEY,
    args jsonb NOT NULL,
    attempt smallint NOT NULL,
    kind text NOT NULL,
    max_attempts smallint NOT NULL,
    queue text NOT NULL,
    state text NOT NULL,
    errors jsonb[],
    created_at timestamptz NOT NULL,
    finalized_at timestamptz,
    metadata jsonb NOT NULL
);

CREATE TABLE river.river_leader (
    elected_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    leader_id text NOT NULL,
    name text PRIMARY KEY
);

CREATE TABLE river.river_queue (
    name text PRIMARY KEY,
    paused_at timestamptz
);
