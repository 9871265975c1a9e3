-- 00046 let the first check of a correction skip the comments before the
-- query, promising that none could hide a statement that is no query. Two
-- did, since the pattern read comments otherwise than PostgreSQL does:
--   /* /* */ SELECT */ DELETE FROM orders
-- (PostgreSQL nests block comments: the whole of "/* /* */ SELECT */" is
-- one, and the DELETE is the statement; the pattern ended the comment at
-- the first */ and read SELECT), and
--   -- x<CR>DELETE FROM orders WHERE id IN (--<LF>SELECT 1)
-- (a line comment ends at a carriage return too: the pattern read it to
-- the line feed, and SELECT after it). Now a line comment ends at either,
-- and a block comment holding "/*" is not skipped: such a text is
-- refused, as 00046's comment said a nested one was. The guard stays the
-- authority.

-- +goose Up
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
        -- Comments before the query are skipped, never searched, as
        -- PostgreSQL reads them: a line comment ends at a line feed or a
        -- carriage return, and a block comment holding "/*" (nested, so
        -- ending later than its first */) is not skipped at all.
        IF NEW.corrected_sql !~* '^(\s|\(|--[^\n\r]*[\n\r]|/\*([^*/]|\*+[^*/]|/(?!\*))*\*+/)*(select|with)\M' THEN
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
