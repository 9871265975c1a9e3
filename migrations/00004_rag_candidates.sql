-- Multi-candidate generation and deterministic repair (issue 5): what each
-- model call of an attempt replied, how candidates were deduplicated, and
-- what the deterministic repair changed — or, in observe mode, would have.

-- +goose Up
ALTER TABLE rag.attempts
    ADD COLUMN difficulty text,
    ADD COLUMN calls      integer,
    ADD COLUMN replies    jsonb,
    ADD CONSTRAINT attempts_difficulty_valid CHECK (difficulty IS NULL OR difficulty IN ('easy', 'medium', 'hard'));
COMMENT ON COLUMN rag.attempts.difficulty IS 'The question''s difficulty as classified for a first attempt; it sets how many candidates were generated.';
COMMENT ON COLUMN rag.attempts.calls IS 'Model calls made for this attempt (K).';
COMMENT ON COLUMN rag.attempts.replies IS 'One object per model call: seed, raw reply, tokens, duration, error; raw_reply holds the first successful one.';

ALTER TABLE rag.candidates
    ADD COLUMN fingerprint  text,
    ADD COLUMN votes        integer NOT NULL DEFAULT 1,
    ADD COLUMN source_call  integer,
    ADD COLUMN original_sql text,
    ADD COLUMN repair       jsonb,
    DROP CONSTRAINT candidates_verdict_valid,
    ADD CONSTRAINT candidates_verdict_valid CHECK (verdict IN ('pending', 'passed', 'rejected', 'skipped'));
COMMENT ON COLUMN rag.candidates.fingerprint IS 'pg_query fingerprint of sql; NULL when it does not parse.';
COMMENT ON COLUMN rag.candidates.votes IS 'How many of the attempt''s model calls produced this same query (same fingerprint and constants).';
COMMENT ON COLUMN rag.candidates.source_call IS 'The model call (0-based, see rag.attempts.replies) that first produced it.';
COMMENT ON COLUMN rag.candidates.original_sql IS 'The model''s SQL when the deterministic repair rewrote it; sql is then the repaired text.';
COMMENT ON COLUMN rag.candidates.repair IS 'What the deterministic repair (autocorrect, surgical whitelist) did, or in observe mode would have done, with its gate outcomes: one object per round.';
COMMENT ON COLUMN rag.candidates.verdict IS 'passed, rejected, or skipped: not EXPLAINed because a better-scored candidate passed first.';

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
        WHEN 'tags' THEN
            IF jsonb_typeof(v) <> 'object' THEN
                RAISE EXCEPTION 'options.tags must be a JSON object, got %', v
                    USING ERRCODE = 'invalid_parameter_value';
            END IF;
        ELSE
            RAISE EXCEPTION 'unknown option "%"', k
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Known options: max_rows, timeout_ms, max_attempts, candidates, temperature, model, schema_format, tags.';
        END CASE;
    END LOOP;
END;
$$;
-- +goose StatementEnd

-- +goose Down
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

UPDATE rag.candidates SET verdict = 'pending' WHERE verdict = 'skipped';
ALTER TABLE rag.candidates
    DROP COLUMN fingerprint,
    DROP COLUMN votes,
    DROP COLUMN source_call,
    DROP COLUMN original_sql,
    DROP COLUMN repair,
    DROP CONSTRAINT candidates_verdict_valid,
    ADD CONSTRAINT candidates_verdict_valid CHECK (verdict IN ('pending', 'passed', 'rejected'));
COMMENT ON COLUMN rag.candidates.verdict IS NULL;

ALTER TABLE rag.attempts
    DROP COLUMN difficulty,
    DROP COLUMN calls,
    DROP COLUMN replies;
