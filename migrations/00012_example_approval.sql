-- +goose Up

-- An example is shown to the model with other users' questions, and its
-- question and SQL reach those users' prompts (rag.attempts, which a client
-- reads for its own questions). One made by a client role (its feedback or
-- correction) would let that client steer everyone's answers and read its
-- own words back in theirs, and would show its question text to them. So
-- an example serves everyone only once approved; until then it serves its
-- author. Examples made by the service's role (the owner of these tables,
-- or a member of it: `nl2sql examples add`, a direct INSERT, the owner's
-- own feedback) or by a superuser are approved as they are made.
ALTER TABLE rag.examples
    ADD COLUMN approved_at timestamptz,
    ADD COLUMN approved_by text;
COMMENT ON COLUMN rag.examples.approved_at IS 'When the example was approved for every role''s questions; NULL: it serves only created_by''s. Set as made for the service''s role and superusers; nl2sql examples approve, or UPDATE ... SET approved_at = now(), approved_by = current_user, for the rest.';
COMMENT ON COLUMN rag.examples.approved_by IS 'Who approved it (created_by when it was approved as made).';

-- Whether who is the service's role, a member of it, or a superuser: whose
-- examples serve everyone as they are made.
-- +goose StatementBegin
CREATE FUNCTION rag.approves_own_examples(who text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (
        SELECT 1 FROM pg_roles r
        WHERE r.rolname = who
          AND (r.rolsuper OR pg_has_role(r.oid, (SELECT c.relowner FROM pg_class c WHERE c.oid = 'rag.examples'::regclass), 'USAGE')));
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION rag.examples_before_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.approved_at IS NULL AND rag.approves_own_examples(NEW.created_by) THEN
        NEW.approved_at := coalesce(NEW.created_at, now());
        NEW.approved_by := NEW.created_by;
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd
CREATE TRIGGER examples_before_insert BEFORE INSERT ON rag.examples
    FOR EACH ROW EXECUTE FUNCTION rag.examples_before_insert();

-- The examples already there: a client's wait for approval, as new ones do.
UPDATE rag.examples SET approved_at = created_at, approved_by = created_by
WHERE rag.approves_own_examples(created_by);

-- +goose Down
DROP TRIGGER examples_before_insert ON rag.examples;
DROP FUNCTION rag.examples_before_insert();
DROP FUNCTION rag.approves_own_examples(text);
ALTER TABLE rag.examples DROP COLUMN approved_at, DROP COLUMN approved_by;
