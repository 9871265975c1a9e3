-- +goose Up

-- The intake table. Clients INSERT (database_name, question[, options]); the
-- service fills in everything else. See README "The SQL contract".
CREATE TABLE rag.queries (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    database_name text NOT NULL,
    question      text NOT NULL,
    options       jsonb NOT NULL DEFAULT '{}',
    status        text NOT NULL DEFAULT 'queued',
    status_detail text,
    sql           text,
    confidence    double precision,
    error_class   text,
    sqlstate      text,
    error         text,
    attempts      integer NOT NULL DEFAULT 0,
    retrieval     jsonb,
    step          integer NOT NULL DEFAULT 1,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz,
    CONSTRAINT queries_database_registered FOREIGN KEY (database_name) REFERENCES rag.databases (name),
    CONSTRAINT queries_question_not_empty CHECK (question ~ '\S'),
    CONSTRAINT queries_question_at_most_2000_chars CHECK (char_length(question) <= 2000),
    CONSTRAINT queries_options_is_object CHECK (jsonb_typeof(options) = 'object'),
    CONSTRAINT queries_status_valid CHECK (status IN ('queued', 'retrieving', 'generating', 'validating', 'executing', 'succeeded', 'failed')),
    CONSTRAINT queries_error_class_valid CHECK (error_class IS NULL OR error_class IN ('infra_failure', 'query_timeout', 'validation_block', 'sql_error', 'unknown')),
    CONSTRAINT queries_terminal_has_finished_at CHECK ((status IN ('succeeded', 'failed')) = (finished_at IS NOT NULL)),
    CONSTRAINT queries_failed_has_error CHECK (status <> 'failed' OR (error_class IS NOT NULL AND error IS NOT NULL))
);
-- Every stage updates its question's row; leaving room on the page and
-- indexing no column that stages change (status, step, updated_at) keeps
-- those updates HOT. The sweeper finds in-flight questions by finished_at,
-- which changes only once.
ALTER TABLE rag.queries SET (fillfactor = 85);
CREATE INDEX queries_in_flight_idx ON rag.queries (id) WHERE finished_at IS NULL;
CREATE INDEX queries_created_at_idx ON rag.queries (database_name, created_at);
COMMENT ON TABLE rag.queries IS 'Questions in, guarded SQL and status out. INSERT (database_name, question[, options]); LISTEN rag_query_done.';
COMMENT ON COLUMN rag.queries.status_detail IS 'What a running query is doing or waiting for, e.g. a retry after the LLM was unreachable.';
COMMENT ON COLUMN rag.queries.retrieval IS 'retrievalMetadata: {strategy, tablesIncluded, ...}.';
COMMENT ON COLUMN rag.queries.step IS 'Internal: position in the job chain; a job for an older step is a duplicate and does nothing.';

-- What retrieval produced for generation: the rendered schema context and
-- join hints, kept so every attempt (and a person debugging) sees the same.
CREATE TABLE rag.query_contexts (
    query_id   bigint PRIMARY KEY REFERENCES rag.queries (id) ON DELETE CASCADE,
    format     text NOT NULL,
    schema     text NOT NULL,
    join_hints text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per generation attempt: the first try, then each repair.
CREATE TABLE rag.attempts (
    query_id        bigint NOT NULL REFERENCES rag.queries (id) ON DELETE CASCADE,
    attempt         integer NOT NULL,
    repair_strategy text NOT NULL,
    input_sql       text,
    input_error     text,
    model           text NOT NULL,
    prompt          jsonb NOT NULL,
    raw_reply       text,
    sql             text,
    outcome         text NOT NULL DEFAULT 'pending',
    failed_ordinal  integer,
    stage           text,
    error_class     text,
    sqlstate        text,
    error           text,
    prompt_tokens   integer,
    reply_tokens    integer,
    llm_ms          integer,
    created_at      timestamptz NOT NULL DEFAULT now(),
    validated_at    timestamptz,
    PRIMARY KEY (query_id, attempt),
    CONSTRAINT attempts_outcome_valid CHECK (outcome IN ('pending', 'passed', 'failed')),
    CONSTRAINT attempts_repair_strategy_valid CHECK (repair_strategy IN ('initial', 'error_context', 'column_whitelist', 'timeout'))
);
COMMENT ON TABLE rag.attempts IS 'Each generation/repair step: the prompt, the raw reply, the SQL, and how validating it ended.';
COMMENT ON COLUMN rag.attempts.repair_strategy IS 'How this attempt was prompted: initial, or the repair that fed it the previous error.';
COMMENT ON COLUMN rag.attempts.input_sql IS 'The failed SQL of the previous attempt that this attempt repairs.';
COMMENT ON COLUMN rag.attempts.failed_ordinal IS 'The candidate whose error stage/error_class/sqlstate/error describe (the next attempt repairs its SQL).';

-- Every SQL considered, scored; exactly one is selected for a succeeded query.
CREATE TABLE rag.candidates (
    query_id    bigint NOT NULL,
    attempt     integer NOT NULL,
    ordinal     integer NOT NULL,
    sql         text NOT NULL,
    guarded_sql text,
    score       double precision,
    breakdown   jsonb NOT NULL DEFAULT '{}',
    verdict     text NOT NULL DEFAULT 'pending',
    stage       text,
    error_class text,
    sqlstate    text,
    error       text,
    plan        jsonb,
    selected    boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (query_id, attempt, ordinal),
    FOREIGN KEY (query_id, attempt) REFERENCES rag.attempts (query_id, attempt) ON DELETE CASCADE,
    CONSTRAINT candidates_verdict_valid CHECK (verdict IN ('pending', 'passed', 'rejected')),
    CONSTRAINT candidates_stage_valid CHECK (stage IS NULL OR stage IN ('parse', 'policy', 'lint', 'explain', 'execute'))
);
CREATE UNIQUE INDEX candidates_one_selected_idx ON rag.candidates (query_id) WHERE selected;
COMMENT ON COLUMN rag.candidates.breakdown IS 'Score parts, e.g. {"base": 100, "lint_warning": -5, "explain_failed": -50}.';
COMMENT ON COLUMN rag.candidates.stage IS 'Where a rejected candidate failed: parse, policy, lint, explain or execute.';

CREATE TABLE rag.query_results (
    query_id    bigint PRIMARY KEY REFERENCES rag.queries (id) ON DELETE CASCADE,
    columns     jsonb NOT NULL,
    rows        jsonb NOT NULL,
    row_count   integer NOT NULL,
    truncated   boolean NOT NULL,
    duration_ms double precision NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
COMMENT ON COLUMN rag.query_results.columns IS '[{"name": ..., "type": ...}] in result order.';
COMMENT ON COLUMN rag.query_results.rows IS 'Array of arrays, in result order; numerics keep their exact text.';
COMMENT ON COLUMN rag.query_results.truncated IS 'True when the row cap cut the result.';

-- One row per stage run (a repair loop runs generate/validate again).
CREATE TABLE rag.stage_timings (
    query_id      bigint NOT NULL REFERENCES rag.queries (id) ON DELETE CASCADE,
    stage         text NOT NULL,
    attempt       integer NOT NULL,
    job_id        bigint,
    job_attempts  integer NOT NULL DEFAULT 1,
    enqueued_at   timestamptz NOT NULL,
    started_at    timestamptz NOT NULL,
    finished_at   timestamptz NOT NULL,
    PRIMARY KEY (query_id, stage, attempt),
    CONSTRAINT stage_timings_stage_valid CHECK (stage IN ('retrieve', 'generate', 'validate', 'execute'))
);
COMMENT ON COLUMN rag.stage_timings.job_attempts IS 'River attempts the stage took; above 1 means it was retried after an infrastructure failure.';

-- Options a client may pass in rag.queries.options. Validated at INSERT so a
-- bad row is refused with a message instead of failing later.
-- +goose StatementBegin
CREATE FUNCTION rag.check_query_options(opts jsonb) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    k text;
    v jsonb;
    lim numeric;
BEGIN
    FOR k, v IN SELECT key, value FROM jsonb_each(opts) LOOP
        CASE k
        WHEN 'max_rows', 'timeout_ms', 'max_attempts' THEN
            IF jsonb_typeof(v) <> 'number' OR (v #>> '{}')::numeric <= 0 OR (v #>> '{}')::numeric <> trunc((v #>> '{}')::numeric) THEN
                RAISE EXCEPTION 'options.% must be a positive integer, got %', k, v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
            -- Upper bounds keep a question inside what the service can do:
            -- rows held in one jsonb value, a statement that finishes within
            -- the stage timeout (2m), a bounded repair loop.
            lim := CASE k WHEN 'max_rows' THEN 1000000 WHEN 'timeout_ms' THEN 100000 ELSE 10 END;
            IF (v #>> '{}')::numeric > lim THEN
                RAISE EXCEPTION 'options.% must be at most %, got %', k, lim, v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'temperature' THEN
            IF jsonb_typeof(v) <> 'number' OR (v #>> '{}')::numeric < 0 OR (v #>> '{}')::numeric > 2 THEN
                RAISE EXCEPTION 'options.temperature must be a number between 0 and 2, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'model' THEN
            IF jsonb_typeof(v) <> 'string' OR btrim(v #>> '{}') = '' THEN
                RAISE EXCEPTION 'options.model must be a non-empty string, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'schema_format' THEN
            IF jsonb_typeof(v) <> 'string' OR (v #>> '{}') NOT IN ('mschema', 'create_table') THEN
                RAISE EXCEPTION 'options.schema_format must be "mschema" or "create_table", got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'tags' THEN
            IF jsonb_typeof(v) <> 'object' THEN
                RAISE EXCEPTION 'options.tags must be a JSON object, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        ELSE
            RAISE EXCEPTION 'unknown option "%"', k
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Known options: max_rows, timeout_ms, max_attempts, temperature, model, schema_format, tags.';
        END CASE;
    END LOOP;
END;
$$;
-- +goose StatementEnd

-- BEFORE INSERT: refuse unknown databases and bad options with a clear
-- message, and make sure a client cannot pre-fill what the service owns.
-- +goose StatementBegin
CREATE FUNCTION rag.queries_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM rag.databases WHERE name = NEW.database_name) THEN
        RAISE EXCEPTION 'unknown database "%"', NEW.database_name
            USING ERRCODE = 'foreign_key_violation',
                  HINT = 'Register it first: nl2sql db add ' || coalesce(NEW.database_name, 'NAME') || ' --dsn DSN';
    END IF;
    IF NEW.options IS NULL THEN
        NEW.options := '{}';
    END IF;
    IF jsonb_typeof(NEW.options) = 'object' THEN
        PERFORM rag.check_query_options(NEW.options);
    END IF;
    NEW.status        := 'queued';
    NEW.status_detail := NULL;
    NEW.sql           := NULL;
    NEW.confidence    := NULL;
    NEW.error_class   := NULL;
    NEW.sqlstate      := NULL;
    NEW.error         := NULL;
    NEW.attempts      := 0;
    NEW.retrieval     := NULL;
    NEW.step          := 1;
    NEW.created_at    := now();
    NEW.updated_at    := now();
    NEW.finished_at   := NULL;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER queries_before_insert BEFORE INSERT ON rag.queries
    FOR EACH ROW EXECUTE FUNCTION rag.queries_before_insert();

-- AFTER INSERT (per statement, so a bulk INSERT of 2,000 questions is one
-- job INSERT and one NOTIFY): enqueue the first stage as a River job and wake
-- River's producers, in the inserting transaction. The channel is
-- schema-qualified the way River listens: "<schema>.river_insert".
-- +goose StatementBegin
CREATE FUNCTION rag.queries_enqueue() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO river.river_job (args, kind, max_attempts, queue, priority, state, scheduled_at, metadata, tags)
    SELECT jsonb_build_object('query_id', n.id, 'step', 1),
           'nl2sql.retrieve', 25, 'nl2sql_retrieve', 1, 'available', now(), '{}'::jsonb, '{}'::varchar(255)[]
    FROM new_queries n
    ORDER BY n.id;
    IF FOUND THEN
        PERFORM pg_notify('river.river_insert', '{"queue": "nl2sql_retrieve"}');
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER queries_enqueue AFTER INSERT ON rag.queries
    REFERENCING NEW TABLE AS new_queries
    FOR EACH STATEMENT EXECUTE FUNCTION rag.queries_enqueue();

-- On a terminal status, tell listeners: LISTEN rag_query_done.
-- +goose StatementBegin
CREATE FUNCTION rag.queries_notify_done() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('rag_query_done', json_build_object('id', NEW.id, 'status', NEW.status)::text);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER queries_notify_done AFTER UPDATE OF status ON rag.queries
    FOR EACH ROW
    WHEN (NEW.status IN ('succeeded', 'failed') AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION rag.queries_notify_done();

-- Views for people and BI tools: no internals needed to read them.

CREATE VIEW rag.query_overview AS
SELECT q.id,
       q.database_name,
       q.question,
       q.status,
       q.status_detail,
       q.sql,
       q.confidence,
       q.error_class,
       q.sqlstate,
       q.error,
       q.attempts,
       r.row_count,
       r.truncated,
       q.retrieval ->> 'strategy' AS retrieval_strategy,
       ARRAY(SELECT jsonb_array_elements_text(coalesce(q.retrieval -> 'tablesIncluded', '[]'))) AS tables_included,
       q.created_at,
       q.finished_at,
       (extract(epoch FROM q.finished_at - q.created_at) * 1000)::double precision AS total_ms
FROM rag.queries q
LEFT JOIN rag.query_results r ON r.query_id = q.id;
COMMENT ON VIEW rag.query_overview IS 'One row per question: status, final SQL, row count, error and latency.';

CREATE VIEW rag.query_stage_latency AS
SELECT q.id AS query_id,
       q.database_name,
       q.status,
       sum(extract(epoch FROM s.started_at - s.enqueued_at) * 1000)::double precision AS queue_ms,
       sum(CASE WHEN s.stage = 'retrieve' THEN extract(epoch FROM s.finished_at - s.started_at) * 1000 END)::double precision AS retrieve_ms,
       sum(CASE WHEN s.stage = 'generate' THEN extract(epoch FROM s.finished_at - s.started_at) * 1000 END)::double precision AS generate_ms,
       sum(CASE WHEN s.stage = 'validate' THEN extract(epoch FROM s.finished_at - s.started_at) * 1000 END)::double precision AS validate_ms,
       sum(CASE WHEN s.stage = 'execute' THEN extract(epoch FROM s.finished_at - s.started_at) * 1000 END)::double precision AS execute_ms,
       (extract(epoch FROM q.finished_at - q.created_at) * 1000)::double precision AS total_ms
FROM rag.queries q
JOIN rag.stage_timings s ON s.query_id = q.id
GROUP BY q.id;
COMMENT ON VIEW rag.query_stage_latency IS 'Per question: time waiting in queues and time in each stage (all attempts summed), in ms.';

CREATE VIEW rag.query_stats AS
SELECT q.database_name,
       date_trunc('day', q.created_at) AS day,
       count(*) AS questions,
       count(*) FILTER (WHERE q.status = 'succeeded') AS succeeded,
       count(*) FILTER (WHERE q.status = 'failed') AS failed,
       count(*) FILTER (WHERE q.status NOT IN ('succeeded', 'failed')) AS in_flight,
       count(*) FILTER (WHERE q.error_class = 'infra_failure') AS infra_failures,
       count(*) FILTER (WHERE q.error_class = 'sql_error') AS sql_errors,
       count(*) FILTER (WHERE q.error_class = 'validation_block') AS validation_blocks,
       count(*) FILTER (WHERE q.error_class = 'query_timeout') AS query_timeouts,
       avg(q.attempts) AS avg_attempts,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM q.finished_at - q.created_at) * 1000) AS p50_ms,
       percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM q.finished_at - q.created_at) * 1000) AS p95_ms
FROM rag.queries q
GROUP BY 1, 2;
COMMENT ON VIEW rag.query_stats IS 'Per database and day: volume, outcome, error classes and latency percentiles.';

CREATE VIEW rag.query_failures AS
SELECT q.id,
       q.database_name,
       q.question,
       q.error_class,
       q.sqlstate,
       q.error,
       q.attempts,
       a.sql AS last_sql,
       a.stage AS last_stage,
       q.finished_at
FROM rag.queries q
LEFT JOIN LATERAL (
    SELECT sql, stage FROM rag.attempts WHERE query_id = q.id ORDER BY attempt DESC LIMIT 1
) a ON true
WHERE q.status = 'failed';
COMMENT ON VIEW rag.query_failures IS 'Failed questions with their class, message and the last SQL tried.';

-- +goose Down
DROP VIEW rag.query_failures;
DROP VIEW rag.query_stats;
DROP VIEW rag.query_stage_latency;
DROP VIEW rag.query_overview;
DROP TRIGGER queries_notify_done ON rag.queries;
DROP TRIGGER queries_enqueue ON rag.queries;
DROP TRIGGER queries_before_insert ON rag.queries;
DROP FUNCTION rag.queries_notify_done();
DROP FUNCTION rag.queries_enqueue();
DROP FUNCTION rag.queries_before_insert();
DROP FUNCTION rag.check_query_options(jsonb);
DROP TABLE rag.stage_timings;
DROP TABLE rag.query_results;
DROP TABLE rag.candidates;
DROP TABLE rag.attempts;
DROP TABLE rag.query_contexts;
DROP TABLE rag.queries;
