-- A column of a domain was shown to the model by the domain's name only
-- ("Flag", name50), and one of a composite type without its fields: the
-- model guessed what the values are (1 or 'Y' for a boolean "Flag") or
-- what the fields are called. base_type is the type a domain stands for
-- and fields a composite's attributes; both are empty for other columns,
-- and for every column until its database is next refreshed (db add).

-- +goose Up
ALTER TABLE rag.columns ADD COLUMN base_type text, ADD COLUMN fields text[];
COMMENT ON COLUMN rag.columns.base_type IS 'For a column of a domain, the type the domain stands for (format_type).';
COMMENT ON COLUMN rag.columns.fields IS 'For a column of a composite type, its attributes as "name type", in order.';

-- +goose Down
ALTER TABLE rag.columns DROP COLUMN fields, DROP COLUMN base_type;
