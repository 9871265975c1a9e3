-- Schema linking (issue 10): with a chat model, retrieval asks it which of
-- the best ranked tables a question needs. What it was asked and answered is
-- kept with the context it shaped; see internal/retrieval/link.go.

-- +goose Up
ALTER TABLE rag.query_contexts ADD COLUMN linking jsonb;
COMMENT ON COLUMN rag.query_contexts.linking IS 'Schema linking with the chat model: outcome and reason, candidates listed, tables picked, unknown names, tables kept, added and dropped, duration, tokens, the prompt and the raw reply. NULL when linking did not run (off, no model, full schema).';

-- +goose Down
ALTER TABLE rag.query_contexts DROP COLUMN linking;
