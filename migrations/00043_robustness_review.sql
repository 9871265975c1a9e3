-- Schema index builds that store vectors took turns, from
-- rag.enable_vectors to their commit, on a fixed advisory lock
-- (schemaindex.vectorsLockKey, pg_advisory_xact_lock). Any role that may
-- connect can take any advisory lock: a client holding that key in its
-- session (SELECT pg_advisory_lock(31081211379149942)) held every build
-- up for as long as it liked (tried: `nl2sql index` and `db add` waited
-- without end, and serve's catalog check, which refreshes a changed schema,
-- until its job's timeout, every time), so questions kept being answered
-- from a catalog the database had left behind. The turn is now the row of
-- rag.vector_setup_turn, a table of the owner's that no client may read
-- or lock (as 00040 did for the open-questions bound).
--
-- The sweep also rejects a correction still pending whose check job is
-- gone (cancelled in River UI, deleted, discarded): it stayed pending for
-- good, and no rag_feedback_done came. feedback_pending_idx keeps that
-- look at the pending corrections alone.

-- +goose Up
CREATE TABLE rag.vector_setup_turn (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row)
);
INSERT INTO rag.vector_setup_turn DEFAULT VALUES;
COMMENT ON TABLE rag.vector_setup_turn IS 'One row: a schema index build that stores vectors locks it from rag.enable_vectors to its commit, so that such builds take turns (migration 00043). No client may read or lock it.';
REVOKE ALL ON rag.vector_setup_turn FROM PUBLIC;

CREATE INDEX feedback_pending_idx ON rag.feedback (created_at) WHERE status = 'pending';

-- +goose Down
DROP INDEX rag.feedback_pending_idx;
DROP TABLE rag.vector_setup_turn;
