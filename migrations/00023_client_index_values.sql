-- 00021 let a client read the schema index of the databases it may ask
-- about, values included. An index's value sample built before the sample
-- ran as the role questions run as (or by a db add run without the
-- service's NL2SQL_READ_ONLY_ROLE) read as the DSN's user: rows hidden by
-- row-level security, columns and tables that role may not read. A client
-- now reads no value document, posting or term; tables and columns stay
-- readable (their names are what the schema context shows anyway), and the
-- service's own retrieval reads everything, as the owner bypasses these.

-- +goose Up
ALTER POLICY index_docs_catalog_read ON rag.index_docs
    USING (kind <> 'value' AND database_name IN (SELECT rag.catalog_databases(current_user)));
ALTER POLICY index_terms_catalog_read ON rag.index_terms
    USING (kind <> 'value' AND database_name IN (SELECT rag.catalog_databases(current_user)));
ALTER POLICY index_postings_catalog_read ON rag.index_postings
    USING (kind <> 'value' AND database_name IN (SELECT rag.catalog_databases(current_user)));

-- +goose Down
ALTER POLICY index_postings_catalog_read ON rag.index_postings
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
ALTER POLICY index_terms_catalog_read ON rag.index_terms
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
ALTER POLICY index_docs_catalog_read ON rag.index_docs
    USING (database_name IN (SELECT rag.catalog_databases(current_user)));
