-- Two costs an index build paid once a row (docs/DESIGN.md, Indexing a
-- large schema).
--
-- rag.index_postings loses its foreign key to rag.schema_indexes: PostgreSQL
-- checks one a row, and a build inserts every posting of a database at once
-- (744,241 at 10,000 tables, where the checks cost 6-12 s of a 15-22 s
-- insert). What the key guarded still holds:
--
-- * a posting is only ever written by the build (BuildIndexPostings in
--   sql/schemaindex.sql), from rag.index_docs rows of the same database,
--   which keep their key, inside the transaction that created or locked the
--   database's rag.schema_indexes row (StartSchemaIndex): no posting without
--   its index;
-- * removing the index (or the database, which cascades to it) removes its
--   postings: the trigger below deletes them, in the same statement, as the
--   key's ON DELETE CASCADE did, and with the owner's rights, as a cascade
--   has; a build that holds the index row makes the removal wait for its
--   commit, and the trigger's statement then sees the committed postings;
-- * renaming an index that has postings is refused, as the key refused it.

-- +goose Up
ALTER TABLE rag.index_postings DROP CONSTRAINT index_postings_database_name_fkey;

-- +goose StatementBegin
CREATE FUNCTION rag.schema_indexes_drop_postings() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM rag.index_postings WHERE database_name = OLD.database_name;
    ELSIF OLD.database_name IS DISTINCT FROM NEW.database_name
          AND EXISTS (SELECT 1 FROM rag.index_postings WHERE database_name = OLD.database_name) THEN
        RAISE EXCEPTION 'the schema index of % has postings: it cannot be renamed', OLD.database_name
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER schema_indexes_drop_postings
AFTER DELETE OR UPDATE OF database_name ON rag.schema_indexes
FOR EACH ROW EXECUTE FUNCTION rag.schema_indexes_drop_postings();

-- rag.index_docs.doc_len is no longer written: nothing reads it (a search
-- scores with the postings' len_norm, the same number), and setting it
-- updated every document of a build, 140,000 at 10,000 tables, 2.6-7 s.
-- It stays, at 0, for the builds of an older nl2sql on this database,
-- which still write it.
COMMENT ON COLUMN rag.index_docs.doc_len IS 'Not written since migration 00036 (0): the postings'' len_norm holds the weighted length over the kind''s average. Kept for older nl2sql, whose builds write it.';
COMMENT ON COLUMN rag.index_postings.len_norm IS 'The document''s weighted length (sum of its postings'' tf) over the average of its kind: BM25''s dl/avgdl, copied to each posting so a search does not read the documents to score them.';

-- +goose Down
COMMENT ON COLUMN rag.index_postings.len_norm IS 'The document''s doc_len, copied so a search does not read the documents to score them.';
COMMENT ON COLUMN rag.index_docs.doc_len IS 'Weighted length (sum of the postings'' tf) over the kind''s average: BM25''s dl/avgdl.';
UPDATE rag.index_docs d SET doc_len = p.len_norm
FROM (SELECT DISTINCT doc_id, len_norm FROM rag.index_postings) p
WHERE d.id = p.doc_id;
DROP TRIGGER schema_indexes_drop_postings ON rag.schema_indexes;
DROP FUNCTION rag.schema_indexes_drop_postings();
DELETE FROM rag.index_postings p
WHERE NOT EXISTS (SELECT 1 FROM rag.schema_indexes s WHERE s.database_name = p.database_name);
ALTER TABLE rag.index_postings ADD CONSTRAINT index_postings_database_name_fkey
    FOREIGN KEY (database_name) REFERENCES rag.schema_indexes (database_name) ON DELETE CASCADE;
