package internal

import (
	_ "github.com/google/go-cmp/cmp"
	_ "github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	_ "github.com/ollama/ollama/api"
	_ "github.com/pganalyze/pg_query_go/v5"
	_ "github.com/pgvector/pgvector-go"
	_ "github.com/pressly/goose/v3"
	_ "github.com/riverqueue/river"
	_ "github.com/riverqueue/river/riverdriver/riverpgxv5"
	_ "github.com/riverqueue/river/rivermigrate"
	_ "github.com/stretchr/testify/require"
)
