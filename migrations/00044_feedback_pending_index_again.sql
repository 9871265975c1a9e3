-- 00043 was first landed on main (cf7bb64) as 00043_vector_setup_turn.sql,
-- the vector turn alone, and then rewritten in place (ffef2ec) to add
-- feedback_pending_idx. A database migrated in between records version 43
-- and never runs the rewritten file: it had no feedback_pending_idx, and
-- the sweep's look for corrections whose check job is gone
-- (RejectOrphanedCorrections) read every correction ever given. The index
-- is created here where it is missing.

-- +goose Up
CREATE INDEX IF NOT EXISTS feedback_pending_idx ON rag.feedback (created_at) WHERE status = 'pending';

-- +goose Down
-- Nothing: the index is 00043's, whose Down drops it.
SELECT 1;
