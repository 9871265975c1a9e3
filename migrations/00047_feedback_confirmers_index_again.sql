-- 00046 was first landed on main (550c17d) as
-- 00046_feedback_correction_comments.sql, the correction check alone, and
-- then rewritten in place (9564491) to add feedback_given_by_example_idx
-- with the rule that an example serves every client that confirmed it. A
-- database migrated in between records version 46 and never runs the
-- rewritten file: without the index, each question's look for the asker's
-- confirmations (CandidateExamples) reads every verdict ever given. The
-- index is created here where it is missing, as 00044 does for 00043's.

-- +goose Up
CREATE INDEX IF NOT EXISTS feedback_given_by_example_idx ON rag.feedback (given_by) WHERE example_id IS NOT NULL;

-- +goose Down
-- Nothing: the index is 00046's, whose Down drops it.
SELECT 1;
