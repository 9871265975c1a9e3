package migrations

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// createDatabase is built with the database name as a quoted identifier:
// CREATE DATABASE takes no bind parameters.
const createDatabase = "CREATE DATABASE "

// EnsureDatabase creates the database named in url when it does not exist,
// connecting to the server's "postgres" database to do it. It reports
// whether it created one.
func EnsureDatabase(ctx context.Context, url string) (bool, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return false, err
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err == nil {
		return false, conn.Close(ctx)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "3D000" { // invalid_catalog_name
		return false, err
	}
	name := cfg.Database
	cfg.Database = "postgres"
	admin, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, fmt.Errorf("database %q does not exist and the server's postgres database is unreachable to create it: %w", name, err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, createDatabase+pgx.Identifier{name}.Sanitize()); err != nil {
		// Created concurrently: 42P04 when the other creation had committed
		// when this one began, a unique violation on pg_database's names
		// when both were under way (several `nl2sql migrate` at once).
		if errors.As(err, &pgErr) && (pgErr.Code == "42P04" || pgErr.Code == "23505" && pgErr.ConstraintName == "pg_database_datname_index") {
			return false, nil
		}
		return false, fmt.Errorf("creating database %q: %w", name, err)
	}
	return true, nil
}
