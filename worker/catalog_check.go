package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/jobs"
)

// catalogCheckWorker works the periodic nl2sql.catalog_check job.
type catalogCheckWorker struct {
	river.WorkerDefaults[jobs.CatalogCheckArgs]
	s *Service
}

// Timeout gives a run the interval (at least the stage timeout): it
// connects to every registered database and may rebuild several indexes,
// embeddings included, which the stage timeout was not sized for. The next
// run is not inserted while this one runs (jobs.CatalogCheckArgs).
func (w *catalogCheckWorker) Timeout(*river.Job[jobs.CatalogCheckArgs]) time.Duration {
	return max(w.s.cfg.CatalogCheckInterval, w.s.cfg.StageTimeout)
}

func (w *catalogCheckWorker) Work(ctx context.Context, job *river.Job[jobs.CatalogCheckArgs]) error {
	return counted(w.s, func(ctx context.Context, job *river.Job[jobs.CatalogCheckArgs]) error {
		// Each database's failure is logged by checkCatalogs; the run
		// fails only when the databases could not be listed, and is not
		// retried either way: the next run is the retry.
		_, err := w.s.checkCatalogs(ctx, job.Args.Database)
		return err
	}).Work(ctx, job)
}

// checkStaleCatalog asks, in tx, for a check of database, whose catalog a
// question found older than the database (stage.Output.StaleCatalog): the
// questions after it then read the schema as it is now instead of failing
// until the next periodic check. It follows the periodic check's switch
// (CatalogCheckInterval 0 turns both off) and River's uniqueness bounds it
// to one a minute per database (jobs.StaleCatalogCheckOpts).
func (s *Service) checkStaleCatalog(ctx context.Context, tx pgx.Tx, database string) error {
	if s.catalogs == nil || s.cfg.CatalogCheckInterval == 0 {
		return nil
	}
	_, err := s.client.InsertTx(ctx, tx, jobs.CatalogCheckArgs{Database: database}, jobs.StaleCatalogCheckOpts())
	return err
}

// CheckCatalogs compares every registered database's schema with its
// catalog and, for each whose schema changed, refreshes the catalog and
// rebuilds its schema index, as the periodic nl2sql.catalog_check job does
// every CatalogCheckInterval on the leader. A database that cannot be
// checked (its target unreachable) is logged and the others are checked
// all the same; the error joins their failures. Exported for tests and
// operators; with no catalog checker (stage.Deps.CatalogChecker) it does
// nothing.
func (s *Service) CheckCatalogs(ctx context.Context) error {
	var failed error
	err := counted(s, func(ctx context.Context, _ *river.Job[jobs.CatalogCheckArgs]) error {
		var err error
		failed, err = s.checkCatalogs(ctx, "")
		return err
	}).Work(ctx, nil)
	return errors.Join(err, failed)
}

// checkCatalogs checks each registered database in turn, or only the
// database named. failed joins the databases' failures, each logged; err
// is listing them failing.
func (s *Service) checkCatalogs(ctx context.Context, only string) (failed, err error) {
	if s.catalogs == nil {
		return nil, nil
	}
	names, err := s.catalogs.Databases(ctx)
	if err != nil {
		return nil, errclass.Meta(err)
	}
	if only != "" {
		// A database removed since it was found stale is not checked.
		names = slices.DeleteFunc(names, func(n string) bool { return n != only })
	}
	var errs []error
	for _, name := range names {
		if ctx.Err() != nil {
			return errors.Join(errs...), ctx.Err()
		}
		c, err := s.catalogs.CheckCatalog(ctx, name)
		if err != nil {
			s.log.WarnContext(ctx, "catalog check failed; the catalog stays as it is until the next check", slog.String("database", name),
				slog.String("class", string(errclass.Classify(err).Class)), slog.String("err", errclass.Classify(err).Message))
			errs = append(errs, fmt.Errorf("database %q: %w", name, err))
			continue
		}
		switch {
		case c.Refreshed:
			s.log.InfoContext(ctx, fmt.Sprintf("the schema of database %s changed: catalog refreshed to version %d", name, c.CatalogVersion),
				slog.String("database", name), slog.Int64("catalog_version", c.CatalogVersion),
				slog.Int("tables", c.Tables), slog.Int("columns", c.Columns), slog.Bool("indexed", c.Indexed))
		case c.Adopted:
			s.log.InfoContext(ctx, "catalog check: the catalog matches the schema; its fingerprint is recorded",
				slog.String("database", name), slog.Int64("catalog_version", c.CatalogVersion))
		case c.Indexed:
			s.log.InfoContext(ctx, "catalog check: rebuilt the schema index ("+c.IndexReason+")",
				slog.String("database", name), slog.Int64("catalog_version", c.CatalogVersion))
		}
		if c.IndexError != "" {
			s.log.WarnContext(ctx, "catalog check: the schema index could not be rebuilt; the next check tries again",
				slog.String("database", name), slog.Int64("catalog_version", c.CatalogVersion), slog.String("err", c.IndexError))
		}
	}
	return errors.Join(errs...), nil
}
