-- A correction copied from an editor or a BI tool often starts with a
-- comment (`-- orders of the last month`, `/* checked against the ledger */`):
-- it is a query all the same, and the guard, which checks it after the
-- INSERT, reads it so. The first check at INSERT only looked at how the text
-- starts and refused it (`corrected_sql must be one read-only query ...`).
-- It now skips the comments before the query: a line comment to its end of
-- line, a block comment to its first `*/` (PostgreSQL nests block comments;
-- a nested one is still refused here, as before), so that what follows them
-- is what must start like a query. The guard stays the authority.
--
-- A client's example serves, until approved, the client that made it and
-- every client whose verdict on the same pair was given its id
-- (rag.feedback.example_id; sql/examples.sql, CandidateExamples): each
-- question looks up the asker's such verdicts, by feedback_given_by_example_idx.

-- +goose Up
CREATE INDEX feedback_given_by_example_idx ON rag.feedback (given_by) WHERE example_id IS NOT NULL;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.feedback_before_insert() RETURNS trigger
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
        -- Comments before the query are skipped, never searched: a block
        -- comment ends at its first */, so none can hide a DELETE.
        IF NEW.corrected_sql !~* '^(\s|\(|--[^\n]*\n|/\*([^*]|\*+[^*/])*\*+/)*(select|with)\M' THEN
            RAISE EXCEPTION 'corrected_sql must be one read-only query (SELECT or WITH ... SELECT), got: %', left(NEW.corrected_sql, 60)
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        NEW.status := 'pending';
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd

-- +goose Down
DROP INDEX rag.feedback_given_by_example_idx;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION rag.feedback_before_insert() RETURNS trigger
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
