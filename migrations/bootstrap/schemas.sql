-- Run by `nl2sql migrate` before River's and our migrations: both need their
-- schema to exist (River migrates into "river"; goose keeps its version table
-- in "rag").
CREATE SCHEMA IF NOT EXISTS river;
CREATE SCHEMA IF NOT EXISTS rag;
