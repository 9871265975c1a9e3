-- rag.exam_runs.config kept NL2SQL_OLLAMA_HOST as written, with the
-- user:password a proxy may need (fixed in the exam command, d631dad):
-- the runs stored before lose them here. Secrets are never stored.

-- +goose Up
UPDATE rag.exam_runs
SET config = jsonb_set(config, '{ollama_host}',
                       to_jsonb(regexp_replace(config ->> 'ollama_host', '^([A-Za-z][A-Za-z0-9+.-]*://)?[^/@]*@', '\1')))
WHERE config ->> 'ollama_host' ~ '^([A-Za-z][A-Za-z0-9+.-]*://)?[^/@]*@';

-- +goose Down
-- The credentials are gone: nothing to restore.
SELECT 1;
