-- +goose Up

-- Examples found by meaning too (issue 12): each example's question embedded
-- with the embedding model the service runs, when it has one. NULL until the
-- service embeds it (the first question of its database asked after it was
-- added); embed_model says with which model, so a change of model re-embeds.
ALTER TABLE rag.examples
    ADD COLUMN embedding real[],
    ADD COLUMN embed_model text;
COMMENT ON COLUMN rag.examples.embedding IS 'The question embedded with embed_model, for finding examples by meaning; NULL until embedded.';

-- +goose Down
ALTER TABLE rag.examples
    DROP COLUMN embed_model,
    DROP COLUMN embedding;
