-- +goose Up

-- Target databases that questions can be asked of. The DSN is stored without
-- a password: either a DSN whose password comes from PGPASSFILE / PGPASSWORD
-- at connect time, or a reference "env:VAR" resolved from the service's
-- environment.
CREATE TABLE rag.databases (
    name            text PRIMARY KEY,
    dsn             text NOT NULL,
    schemas         text[] NOT NULL DEFAULT '{public}',
    read_only_role  text,
    table_count     integer NOT NULL DEFAULT 0,
    catalog_version bigint NOT NULL DEFAULT 0,
    created_at      timestamptz NOT NULL DEFAULT now(),
    refreshed_at    timestamptz,
    annotations     jsonb,
    CONSTRAINT databases_name_is_identifier CHECK (name ~ '^[A-Za-z][A-Za-z0-9_-]{0,62}$'),
    CONSTRAINT databases_dsn_has_no_password CHECK (
        dsn !~* 'password\s*='
        AND dsn !~ '^[a-z]+://[^/@?]*:[^/@?]*@'
    ),
    CONSTRAINT databases_schemas_not_empty CHECK (cardinality(schemas) > 0)
);
COMMENT ON TABLE rag.databases IS 'Target databases registered with `nl2sql db add`; dsn never holds a password.';
COMMENT ON COLUMN rag.databases.read_only_role IS 'Role assumed with SET LOCAL ROLE for EXPLAIN and execution on this database; NULL: NL2SQL_READ_ONLY_ROLE, if set.';
COMMENT ON COLUMN rag.databases.annotations IS 'The last annotations file given to `nl2sql db add`, re-applied by refreshes without one.';

CREATE TABLE rag.tables (
    database_name  text NOT NULL REFERENCES rag.databases (name) ON DELETE CASCADE,
    schema_name    text NOT NULL,
    table_name     text NOT NULL,
    kind           text NOT NULL,
    comment        text,
    module         text,
    gloss          text,
    synonyms       text[] NOT NULL DEFAULT '{}',
    estimated_rows bigint,
    primary_key    text[] NOT NULL DEFAULT '{}',
    PRIMARY KEY (database_name, schema_name, table_name),
    CONSTRAINT tables_kind_valid CHECK (kind IN ('table', 'partitioned_table', 'view', 'materialized_view', 'foreign_table'))
);
COMMENT ON TABLE rag.tables IS 'Schema catalog: one row per table or view of a registered database.';
COMMENT ON COLUMN rag.tables.primary_key IS 'Primary key columns in key order, which may differ from column order.';

CREATE TABLE rag.columns (
    database_name  text NOT NULL,
    schema_name    text NOT NULL,
    table_name     text NOT NULL,
    column_name    text NOT NULL,
    ordinal        integer NOT NULL,
    data_type      text NOT NULL,
    not_null       boolean NOT NULL,
    comment        text,
    allowed_values text[],
    PRIMARY KEY (database_name, schema_name, table_name, column_name),
    FOREIGN KEY (database_name, schema_name, table_name)
        REFERENCES rag.tables (database_name, schema_name, table_name) ON DELETE CASCADE
);
COMMENT ON COLUMN rag.columns.allowed_values IS 'Values allowed by a CHECK (col IN (...)) constraint, shown to the model.';

CREATE TABLE rag.foreign_keys (
    database_name   text NOT NULL,
    schema_name     text NOT NULL,
    table_name      text NOT NULL,
    constraint_name text NOT NULL,
    columns         text[] NOT NULL,
    ref_schema_name text NOT NULL,
    ref_table_name  text NOT NULL,
    ref_columns     text[] NOT NULL,
    PRIMARY KEY (database_name, schema_name, table_name, constraint_name),
    FOREIGN KEY (database_name, schema_name, table_name)
        REFERENCES rag.tables (database_name, schema_name, table_name) ON DELETE CASCADE
);
CREATE INDEX foreign_keys_ref_idx ON rag.foreign_keys (database_name, ref_schema_name, ref_table_name);

-- The CHECK above would refuse a DSN with a password, but its error shows
-- the failing row, password included; this trigger refuses it first with a
-- message that does not.
-- +goose StatementBegin
CREATE FUNCTION rag.databases_refuse_password() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.dsn ~* 'password\s*=' OR NEW.dsn ~ '^[a-z]+://[^/@?]*:[^/@?]*@' THEN
        RAISE EXCEPTION 'the DSN of database "%" contains a password; nl2sql never stores one', NEW.name
            USING ERRCODE = 'check_violation',
                  HINT = 'Use a DSN without the password (PGPASSFILE or PGPASSWORD supply it) or env:VAR naming a variable that holds the DSN.';
    END IF;
    RETURN NEW;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER databases_refuse_password BEFORE INSERT OR UPDATE OF dsn ON rag.databases
    FOR EACH ROW EXECUTE FUNCTION rag.databases_refuse_password();

-- +goose Down
DROP TRIGGER databases_refuse_password ON rag.databases;
DROP FUNCTION rag.databases_refuse_password();
DROP TABLE rag.foreign_keys;
DROP TABLE rag.columns;
DROP TABLE rag.tables;
DROP TABLE rag.databases;
