-- +goose Up

-- A question of nothing but spaces PostgreSQL's \S takes for letters (U+00A0
-- no-break space, U+200B zero-width space, U+2060 word joiner, U+FEFF byte
-- order mark...) passed queries_question_not_empty and went to the model as
-- a blank question. The check now needs a character that is neither white
-- space nor one of Unicode's spaces and invisible format characters. NOT
-- VALID: rows already answered are left as they are; every new row is
-- checked.
ALTER TABLE rag.queries DROP CONSTRAINT queries_question_not_empty;
ALTER TABLE rag.queries ADD CONSTRAINT queries_question_not_empty
    CHECK (question ~ '[^[:space:]\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]') NOT VALID;

-- +goose Down
ALTER TABLE rag.queries DROP CONSTRAINT queries_question_not_empty;
ALTER TABLE rag.queries ADD CONSTRAINT queries_question_not_empty CHECK (question ~ '\S') NOT VALID;
