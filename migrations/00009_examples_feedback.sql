-- Verified examples and feedback (issue 12): people confirm or correct
-- answers over SQL, confirmed question–SQL pairs become few-shot examples of
-- their database, and an example whose SQL no longer passes the guard and
-- EXPLAIN after a catalog change is marked stale instead of being used. See
-- README "Examples and feedback" and docs/DESIGN.md, "Examples and feedback".
--
-- * rag.feedback: any client INSERTs (query_id, verdict, corrected_sql,
--   note) about its own questions. `correct` turns the question's answer into
--   an example at once; `wrong` with corrected_sql is checked by the service
--   (River job nl2sql.correction: the production guard and EXPLAIN on the
--   question's database, which plpgsql cannot reach) and then accepted into
--   rag.examples or rejected with a reason; either way rag_feedback_done is
--   notified.
-- * rag.examples: pairs from feedback, corrections, direct INSERTs by the
--   owner and `nl2sql examples add`. An example is used only when it was
--   checked against the database's current catalog (checked_at at or after
--   rag.databases.refreshed_at) and is not stale; River job
--   nl2sql.examples_check checks the others.

-- +goose Up

-- options.examples: "off" answers a question without examples (the exam's
-- --examples off).
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.check_query_options(opts jsonb) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    k text;
    v jsonb;
    lim numeric;
BEGIN
    FOR k, v IN SELECT key, value FROM jsonb_each(opts) LOOP
        CASE k
        WHEN 'max_rows', 'timeout_ms', 'max_attempts', 'candidates' THEN
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
        WHEN 'retrieval' THEN
            IF jsonb_typeof(v) <> 'string' OR (v #>> '{}') NOT IN ('full', 'rag') THEN
                RAISE EXCEPTION 'options.retrieval must be "full" or "rag", got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        WHEN 'examples' THEN
            IF jsonb_typeof(v) <> 'string' OR (v #>> '{}') NOT IN ('on', 'off') THEN
                RAISE EXCEPTION 'options.examples must be "on" or "off", got %', v
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
                      HINT = 'Known options: max_rows, timeout_ms, max_attempts, candidates, temperature, model, schema_format, retrieval, examples, tags.';
        END CASE;
    END LOOP;
END;
$$;
-- +goose StatementEnd

-- The form two questions are compared in: lower case, words only. The exam
-- never uses an example whose question is one of its own in this form.
CREATE FUNCTION rag.normalize_question(q text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN btrim(regexp_replace(lower(q), '[^[:alnum:]]+', ' ', 'g'));

CREATE TABLE rag.examples (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    database_name text NOT NULL REFERENCES rag.databases (name) ON DELETE CASCADE,
    question      text NOT NULL,
    sql           text NOT NULL,
    source        text NOT NULL DEFAULT 'direct',
    source_ref    text,
    query_id      bigint REFERENCES rag.queries (id) ON DELETE SET NULL,
    created_by    text NOT NULL DEFAULT current_user,
    created_at    timestamptz NOT NULL DEFAULT now(),
    checked_at    timestamptz,
    stale         boolean NOT NULL DEFAULT false,
    stale_reason  text,
    -- The question's words as the English text search configuration stems
    -- them (stop words dropped): the lexical similarity is their overlap.
    lexemes       text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('english', question))) STORED,
    CONSTRAINT examples_question_not_empty CHECK (question ~ '\S'),
    CONSTRAINT examples_question_at_most_2000_chars CHECK (char_length(question) <= 2000),
    CONSTRAINT examples_sql_not_empty CHECK (sql ~ '\S'),
    CONSTRAINT examples_source_valid CHECK (source IN ('feedback', 'correction', 'direct', 'file')),
    CONSTRAINT examples_stale_has_reason CHECK (stale = (stale_reason IS NOT NULL))
);
-- One row per pair: confirming the same answer twice adds nothing.
CREATE UNIQUE INDEX examples_pair_idx ON rag.examples (database_name, rag.normalize_question(question), md5(sql));
CREATE INDEX examples_lexemes_idx ON rag.examples USING gin (lexemes);
COMMENT ON TABLE rag.examples IS 'Confirmed question–SQL pairs per database, used as few-shot examples. INSERT (database_name, question, sql) as the owner; nl2sql examples add; from rag.feedback.';
COMMENT ON COLUMN rag.examples.source IS 'feedback (a question marked correct), correction (a wrong answer''s accepted corrected_sql), direct (INSERT), file (nl2sql examples add).';
COMMENT ON COLUMN rag.examples.source_ref IS 'The question''s id in the file it was loaded from (the exam''s id): the exam never uses an example of its own questions.';
COMMENT ON COLUMN rag.examples.checked_at IS 'When the SQL last passed (or, stale, failed) the guard and EXPLAIN. Used only when at or after rag.databases.refreshed_at.';
COMMENT ON COLUMN rag.examples.stale IS 'The SQL no longer passes the guard and EXPLAIN on the current catalog (stale_reason says why): never used.';

CREATE TABLE rag.feedback (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    query_id      bigint NOT NULL REFERENCES rag.queries (id) ON DELETE CASCADE,
    verdict       text NOT NULL,
    corrected_sql text,
    note          text,
    given_by      text NOT NULL DEFAULT current_user,
    status        text NOT NULL DEFAULT 'recorded',
    reason        text,
    example_id    bigint REFERENCES rag.examples (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    checked_at    timestamptz,
    CONSTRAINT feedback_verdict_valid CHECK (verdict IN ('correct', 'wrong')),
    CONSTRAINT feedback_status_valid CHECK (status IN ('recorded', 'pending', 'accepted', 'rejected')),
    CONSTRAINT feedback_correction_only_when_wrong CHECK (corrected_sql IS NULL OR verdict = 'wrong'),
    CONSTRAINT feedback_rejected_has_reason CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
CREATE INDEX feedback_query_idx ON rag.feedback (query_id, created_at);
COMMENT ON TABLE rag.feedback IS 'Users'' verdicts on answers. INSERT (query_id, verdict[, corrected_sql, note]); LISTEN rag_feedback_done for a correction''s outcome.';
COMMENT ON COLUMN rag.feedback.status IS 'recorded (wrong, no correction), pending (correction being checked), accepted (an example was made: example_id), rejected (reason says why).';

ALTER TABLE rag.query_contexts ADD COLUMN examples jsonb;
COMMENT ON COLUMN rag.query_contexts.examples IS 'The examples put in the prompt: [{"id", "similarity", "question", "sql"}], most similar first; NULL or [] when none.';

-- BEFORE INSERT: refuse what can be refused here, with a message, and make
-- an example of a confirmed answer in the same transaction. SECURITY
-- DEFINER: a client reads neither rag.examples nor other roles' questions.
-- +goose StatementBegin
CREATE FUNCTION rag.feedback_before_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    q record;
    ex bigint;
BEGIN
    SELECT id, database_name, question, status, sql, submitted_by, finished_at INTO q
    FROM rag.queries WHERE id = NEW.query_id;
    -- Another role's question is refused like a missing one: a client
    -- learns nothing of questions it cannot read.
    IF NOT FOUND OR (q.submitted_by <> NEW.given_by
                     AND NOT pg_has_role(NEW.given_by, (SELECT relowner FROM pg_class WHERE oid = 'rag.queries'::regclass), 'USAGE')) THEN
        RAISE EXCEPTION 'no question % of role "%" to give feedback on', NEW.query_id, NEW.given_by
            USING ERRCODE = 'insufficient_privilege',
                  HINT = 'A client gives feedback on the questions it asked (rag.queries.submitted_by).';
    END IF;
    NEW.corrected_sql := nullif(btrim(NEW.corrected_sql), '');
    NEW.status := 'recorded';
    NEW.reason := NULL;
    NEW.example_id := NULL;
    NEW.created_at := now();
    NEW.checked_at := NULL;
    IF NEW.verdict = 'correct' THEN
        IF NEW.corrected_sql IS NOT NULL THEN
            RAISE EXCEPTION 'corrected_sql goes with verdict ''wrong'', not ''correct'''
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF q.status <> 'succeeded' OR q.sql IS NULL THEN
            RAISE EXCEPTION 'question % has no answer to confirm (status %)', q.id, q.status
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Mark it wrong, with corrected_sql if you know the right query.';
        END IF;
        -- The SQL passed the guard and EXPLAIN when the question was
        -- answered: checked then, and rechecked if the catalog changed since.
        INSERT INTO rag.examples (database_name, question, sql, source, query_id, created_by, checked_at)
        VALUES (q.database_name, q.question, q.sql, 'feedback', q.id, NEW.given_by, q.finished_at)
        ON CONFLICT (database_name, rag.normalize_question(question), md5(sql)) DO NOTHING
        RETURNING id INTO ex;
        IF ex IS NULL THEN
            SELECT e.id INTO ex FROM rag.examples e
            WHERE e.database_name = q.database_name AND rag.normalize_question(e.question) = rag.normalize_question(q.question)
              AND md5(e.sql) = md5(q.sql);
        END IF;
        NEW.status := 'accepted';
        NEW.example_id := ex;
        NEW.checked_at := now();
    ELSIF NEW.verdict = 'wrong' AND NEW.corrected_sql IS NOT NULL THEN
        -- A cheap first check; the guard (nl2sql.correction) is the
        -- authority and refuses a WITH that writes, two statements, and
        -- what reads tables or columns the database lacks.
        IF NEW.corrected_sql !~* '^[\s(]*(select|with)\M' THEN
            RAISE EXCEPTION 'corrected_sql must be one read-only query (SELECT or WITH ... SELECT), got: %', left(NEW.corrected_sql, 60)
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        NEW.status := 'pending';
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER feedback_before_insert BEFORE INSERT ON rag.feedback
    FOR EACH ROW EXECUTE FUNCTION rag.feedback_before_insert();

-- AFTER INSERT (per statement): a correction is checked by the service,
-- enqueued in the inserting transaction like a question.
-- +goose StatementBegin
CREATE FUNCTION rag.feedback_enqueue() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO river.river_job (args, kind, max_attempts, queue, priority, state, scheduled_at, metadata, tags)
    SELECT jsonb_build_object('feedback_id', n.id),
           'nl2sql.correction', 25, 'nl2sql_db', 1, 'available', now(), '{}'::jsonb, '{}'::varchar(255)[]
    FROM new_feedback n
    WHERE n.status = 'pending'
    ORDER BY n.id;
    IF FOUND THEN
        PERFORM pg_notify('river.river_insert', '{"queue": "nl2sql_db"}');
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER feedback_enqueue AFTER INSERT ON rag.feedback
    REFERENCING NEW TABLE AS new_feedback
    FOR EACH STATEMENT EXECUTE FUNCTION rag.feedback_enqueue();

-- A correction checked: LISTEN rag_feedback_done.
-- +goose StatementBegin
CREATE FUNCTION rag.feedback_notify_done() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('rag_feedback_done', json_build_object('id', NEW.id, 'query_id', NEW.query_id,
        'status', NEW.status, 'reason', NEW.reason, 'example_id', NEW.example_id)::text);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER feedback_notify_done AFTER UPDATE OF status ON rag.feedback
    FOR EACH ROW
    WHEN (NEW.status IN ('accepted', 'rejected') AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION rag.feedback_notify_done();

-- Examples not checked against their database's current catalog are
-- checked by the service: after an INSERT (a direct one, a file's) and
-- after every catalog refresh (`nl2sql db add`). One job per database.
-- +goose StatementBegin
CREATE FUNCTION rag.examples_enqueue_check(dbs text[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO river.river_job (args, kind, max_attempts, queue, priority, state, scheduled_at, metadata, tags)
    SELECT jsonb_build_object('database_name', d), 'nl2sql.examples_check', 25, 'nl2sql_db', 2, 'available', now(),
           '{}'::jsonb, '{}'::varchar(255)[]
    FROM unnest(dbs) d
    ORDER BY d;
    IF FOUND THEN
        PERFORM pg_notify('river.river_insert', '{"queue": "nl2sql_db"}');
    END IF;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION rag.examples_after_insert() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM rag.examples_enqueue_check(ARRAY(
        SELECT DISTINCT n.database_name FROM new_examples n JOIN rag.databases d ON d.name = n.database_name
        WHERE n.checked_at IS NULL OR n.checked_at < d.refreshed_at));
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER examples_after_insert AFTER INSERT ON rag.examples
    REFERENCING NEW TABLE AS new_examples
    FOR EACH STATEMENT EXECUTE FUNCTION rag.examples_after_insert();

-- +goose StatementBegin
CREATE FUNCTION rag.databases_examples_recheck() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM rag.examples e WHERE e.database_name = NEW.name) THEN
        PERFORM rag.examples_enqueue_check(ARRAY[NEW.name]);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER databases_examples_recheck AFTER UPDATE OF catalog_version ON rag.databases
    FOR EACH ROW
    WHEN (OLD.catalog_version IS DISTINCT FROM NEW.catalog_version)
    EXECUTE FUNCTION rag.databases_examples_recheck();

-- Row-level security, as for the questions (00006): a role gives feedback
-- on, and reads the feedback of, the questions it sees; a reader sees all.
ALTER TABLE rag.feedback ENABLE ROW LEVEL SECURITY;
CREATE POLICY feedback_read ON rag.feedback FOR SELECT
    USING (EXISTS (SELECT 1 FROM rag.queries q WHERE q.id = feedback.query_id));
CREATE POLICY feedback_give ON rag.feedback FOR INSERT
    WITH CHECK (given_by = current_user AND EXISTS (SELECT 1 FROM rag.queries q WHERE q.id = feedback.query_id AND q.submitted_by = current_user));

-- Reading is row-level security's to decide, as through the views below:
-- a client reads the verdicts on its own questions (INSERT ... RETURNING
-- status included), a reader all, and a role that cannot read rag.queries
-- nothing. Writing is granted per role: roles granted before this migration
-- get what rag.grant_client gives once rag.feedback exists.
GRANT SELECT ON rag.feedback TO PUBLIC;
-- +goose StatementBegin
DO $$
DECLARE
    c record;
BEGIN
    FOR c IN SELECT role_name, kind FROM rag.clients WHERE EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) LOOP
        IF c.kind = 'reader' THEN
            EXECUTE format('GRANT SELECT ON rag.feedback TO %I', c.role_name);
        ELSE
            EXECUTE format('GRANT INSERT ON rag.feedback TO %I', c.role_name);
        END IF;
    END LOOP;
END;
$$;
-- +goose StatementEnd

-- Views for BI tools. security_invoker: a role reads through them only what
-- it may read in rag.queries and rag.feedback (a client: its own questions,
-- a reader: everything), so they are granted to PUBLIC. The latest verdict on a question counts.
CREATE VIEW rag.feedback_rate WITH (security_invoker = true) AS
SELECT q.database_name,
       date_trunc('week', q.created_at) AS week,
       count(*) AS questions,
       count(*) FILTER (WHERE q.status = 'succeeded') AS answered,
       count(*) FILTER (WHERE EXISTS (SELECT 1 FROM rag.feedback f WHERE f.query_id = q.id)) AS with_feedback,
       (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM rag.feedback f WHERE f.query_id = q.id)))::double precision
           / nullif(count(*) FILTER (WHERE q.status = 'succeeded'), 0) AS feedback_rate
FROM rag.queries q
GROUP BY 1, 2;
COMMENT ON VIEW rag.feedback_rate IS 'Per database and week: questions, answered, answered with feedback, and the share of answers judged.';

CREATE VIEW rag.feedback_accuracy WITH (security_invoker = true) AS
SELECT q.database_name,
       date_trunc('week', q.created_at) AS week,
       count(*) AS judged,
       count(*) FILTER (WHERE l.verdict = 'correct') AS correct,
       count(*) FILTER (WHERE l.verdict = 'wrong') AS wrong,
       count(*) FILTER (WHERE l.verdict = 'correct')::double precision / count(*) AS accuracy
FROM rag.queries q
JOIN LATERAL (
    SELECT f.verdict FROM rag.feedback f WHERE f.query_id = q.id ORDER BY f.created_at DESC, f.id DESC LIMIT 1
) l ON true
GROUP BY 1, 2;
COMMENT ON VIEW rag.feedback_accuracy IS 'Accuracy as users judged it, per database and week of the question: each judged question''s latest verdict.';

CREATE VIEW rag.feedback_wrong_questions WITH (security_invoker = true) AS
SELECT q.database_name,
       rag.normalize_question(q.question) AS question_key,
       min(q.question) AS question,
       count(DISTINCT q.id) AS asked,
       count(*) FILTER (WHERE f.verdict = 'wrong') AS marked_wrong,
       count(*) FILTER (WHERE f.verdict = 'correct') AS marked_correct,
       count(*) FILTER (WHERE f.verdict = 'wrong' AND f.corrected_sql IS NOT NULL) AS corrections,
       max(f.created_at) FILTER (WHERE f.verdict = 'wrong') AS last_marked_wrong
FROM rag.queries q
JOIN rag.feedback f ON f.query_id = q.id
GROUP BY 1, 2
HAVING count(*) FILTER (WHERE f.verdict = 'wrong') > 0;
COMMENT ON VIEW rag.feedback_wrong_questions IS 'Questions (compared in normalized form) marked wrong at least once, with how often; ORDER BY marked_wrong DESC for the worst.';

GRANT SELECT ON rag.feedback_rate, rag.feedback_accuracy, rag.feedback_wrong_questions TO PUBLIC;
REVOKE EXECUTE ON FUNCTION rag.feedback_before_insert(), rag.feedback_enqueue(), rag.examples_after_insert(),
    rag.databases_examples_recheck(), rag.examples_enqueue_check(text[]) FROM PUBLIC;

-- +goose Down
DROP VIEW rag.feedback_wrong_questions;
DROP VIEW rag.feedback_accuracy;
DROP VIEW rag.feedback_rate;
DROP TRIGGER databases_examples_recheck ON rag.databases;
DROP FUNCTION rag.databases_examples_recheck();
DROP TABLE rag.feedback;
DROP FUNCTION rag.feedback_notify_done();
DROP FUNCTION rag.feedback_enqueue();
DROP FUNCTION rag.feedback_before_insert();
DROP TABLE rag.examples;
DROP FUNCTION rag.examples_after_insert();
DROP FUNCTION rag.examples_enqueue_check(text[]);
DROP FUNCTION rag.normalize_question(text);
ALTER TABLE rag.query_contexts DROP COLUMN examples;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.check_query_options(opts jsonb) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    k text;
    v jsonb;
    lim numeric;
BEGIN
    FOR k, v IN SELECT key, value FROM jsonb_each(opts) LOOP
        CASE k
        WHEN 'max_rows', 'timeout_ms', 'max_attempts', 'candidates' THEN
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
        WHEN 'retrieval' THEN
            IF jsonb_typeof(v) <> 'string' OR (v #>> '{}') NOT IN ('full', 'rag') THEN
                RAISE EXCEPTION 'options.retrieval must be "full" or "rag", got %', v
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
                      HINT = 'Known options: max_rows, timeout_ms, max_attempts, candidates, temperature, model, schema_format, retrieval, tags.';
        END CASE;
    END LOOP;
END;
$$;
-- +goose StatementEnd
