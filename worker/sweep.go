package worker

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/nl2sql/nl2sql/jobs"
)

// sweepWorker fails in-flight questions whose job chain is gone.
type sweepWorker struct {
	river.WorkerDefaults[jobs.SweepArgs]
	s *Service
}

func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[jobs.SweepArgs]) error {
	w.s.running.Add(1)
	defer w.s.running.Add(-1)
	ids, err := w.s.q.FailOrphanedQueries(ctx, w.s.pool, w.s.cfg.SweepGrace.Seconds())
	if err != nil {
		return metaError(err)
	}
	if len(ids) > 0 {
		w.s.log.WarnContext(ctx, "failed questions whose job was lost", slog.Any("query_ids", ids))
	}
	for range ids {
		w.s.cfg.Observer.QuestionDone(statusFailed, "unknown")
	}
	return nil
}

// Sweep fails in-flight questions idle for longer than SweepGrace whose job
// chain has no live River job. It runs periodically on the leader; it is
// exported for tests and operators.
func (s *Service) Sweep(ctx context.Context) error {
	return (&sweepWorker{s: s}).Work(ctx, nil)
}
