package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/migrations"
)

func runMigrate(ctx context.Context, m *Main, args []string) error {
	fs := newFlagSet(m, "migrate")
	if err := parseNoArgs(fs, args, "migrate takes no arguments; it migrates NL2SQL_DATABASE_URL (nl2sql env)"); err != nil {
		return err
	}
	e := newEnv(m.Getenv)
	e.logs = m.Logs
	log := e.logger()
	url := e.databaseURL()
	// Refuse a malformed URL as the other commands do, naming the variable,
	// rather than as a connection failure.
	e.load(defaultSettings(), "NL2SQL_DATABASE_URL")
	if err := e.err(); err != nil {
		return err
	}
	// The command that creates databases says which URL won, as the
	// others do (NL2SQL_DATABASE_URL over DATABASE_URL).
	e.warnConflicts(log)
	warnUnknown(log, m.Environ, false)
	return migrate(ctx, m, url, log)
}

func migrate(ctx context.Context, m *Main, url string, log *slog.Logger) error {
	created, err := migrations.EnsureDatabase(ctx, url)
	if err != nil {
		return dbUnreachable(url, err)
	}
	if created {
		fmt.Fprintf(m.Stdout, "created database %s\n", redactURL(url))
	}
	pool, err := connect(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	// River logs every migration at info; the summary below says it once.
	// Warnings still show: a migration lock another session holds.
	if !log.Enabled(ctx, slog.LevelDebug) {
		log = slog.New(warnings{log.Handler()})
	}
	res, err := migrations.Migrate(ctx, pool, log)
	if err != nil {
		return &errclass.Error{Class: errclass.InfraFailure, Code: "migrate", Message: err.Error(), Err: err}
	}
	fmt.Fprintf(m.Stdout, "migrated %s: %d River migration(s), %d nl2sql migration(s) applied; schemas river and rag are up to date\n",
		redactURL(url), len(res.River), len(res.Rag))
	return nil
}

// warnings passes on the records of h at warn level and above.
type warnings struct{ h slog.Handler }

func (w warnings) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && w.h.Enabled(ctx, l)
}

func (w warnings) Handle(ctx context.Context, r slog.Record) error { return w.h.Handle(ctx, r) }

func (w warnings) WithAttrs(as []slog.Attr) slog.Handler { return warnings{w.h.WithAttrs(as)} }

func (w warnings) WithGroup(name string) slog.Handler { return warnings{w.h.WithGroup(name)} }
