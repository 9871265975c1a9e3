-- +goose Up

-- A pair already there is not added twice (ON CONFLICT DO NOTHING), so
-- when the service's role confirmed or corrected to a pair a client had
-- made, the feedback pointed at the client's example and left it waiting
-- for approval. An accepted verdict of a role whose examples are approved
-- as made (00012) now approves the example it points at.
-- +goose StatementBegin
CREATE FUNCTION rag.feedback_approve_example() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF rag.approves_own_examples(NEW.given_by) THEN
        UPDATE rag.examples SET approved_at = now(), approved_by = NEW.given_by
        WHERE id = NEW.example_id AND approved_at IS NULL;
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER feedback_approve_example AFTER INSERT OR UPDATE OF status ON rag.feedback
    FOR EACH ROW
    WHEN (NEW.status = 'accepted' AND NEW.example_id IS NOT NULL)
    EXECUTE FUNCTION rag.feedback_approve_example();

-- +goose Down
DROP TRIGGER feedback_approve_example ON rag.feedback;
DROP FUNCTION rag.feedback_approve_example();
