package worker

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/jobs"
)

// sweep works the periodic nl2sql.sweep job: it fails in-flight questions
// whose job chain is gone, rejects pending corrections whose check job is
// gone, and aborts exam runs whose process is.
func (s *Service) sweep(ctx context.Context, _ *river.Job[jobs.SweepArgs]) error {
	ids, err := s.q.FailOrphanedQueries(ctx, s.pool, s.cfg.SweepGrace.Seconds())
	if err != nil {
		return errclass.Meta(err)
	}
	if len(ids) > 0 {
		s.log.WarnContext(ctx, "failed questions whose job was lost", slog.Any("query_ids", ids))
	}
	for range ids {
		s.cfg.Observer.QuestionDone(stage.StatusFailed, "unknown")
	}
	fb, err := s.q.RejectOrphanedCorrections(ctx, s.pool, s.cfg.SweepGrace.Seconds())
	if err != nil {
		return errclass.Meta(err)
	}
	if len(fb) > 0 {
		s.log.WarnContext(ctx, "rejected corrections whose check job was lost", slog.Any("feedback_ids", fb))
	}
	// Exam runs whose process ended without recording them (their lock is
	// free): aborted, their unanswered questions withdrawn.
	runs, err := s.q.AbortOrphanedExamRuns(ctx, s.pool)
	if err != nil {
		return errclass.Meta(err)
	}
	if len(runs) > 0 {
		s.log.WarnContext(ctx, "aborted exam runs whose process ended without recording them", slog.Any("exam_runs", runs))
	}
	return nil
}

// Sweep fails in-flight questions idle for longer than SweepGrace whose job
// chain has no live River job, rejects corrections pending for longer than
// SweepGrace whose check has no live River job, and aborts exam runs whose
// process ended without recording them. It runs periodically on the
// leader; it is exported for tests and operators.
func (s *Service) Sweep(ctx context.Context) error {
	return counted(s, s.sweep).Work(ctx, nil)
}

// checkCorrection works the nl2sql.correction job: it checks a correction
// given in rag.feedback. A check that cannot be made (the database refused
// or unreachable) is retried up to InfraAttempts times, as a stage is; then,
// or at once for a refusal no retry can change, the correction is rejected
// with the reason, so that it does not stay pending for the weeks River
// would retry it and its notification is sent.
func (s *Service) checkCorrection(ctx context.Context, job *river.Job[jobs.CorrectionArgs]) error {
	c, err := s.stages.CheckCorrection(ctx, job.Args.FeedbackID)
	if err != nil {
		ce := errclass.Classify(err)
		var p permanent
		final := ce.Class == errclass.ValidationBlock || (errors.As(err, &p) && !p.Retryable())
		if ctx.Err() != nil || (!final && job.Attempt < s.cfg.InfraAttempts) {
			return err
		}
		ended, gerr := s.stages.GiveUpCorrection(ctx, job.Args.FeedbackID, "could not be checked: "+ce.Message)
		if gerr != nil {
			return errclass.Meta(gerr)
		}
		if ended {
			s.log.WarnContext(ctx, "correction rejected: it could not be checked", "feedback_id", job.Args.FeedbackID, "attempt", job.Attempt, "err", ce.Message)
		}
		return nil
	}
	if c.Status != "" {
		s.log.InfoContext(ctx, "correction checked", "feedback_id", job.Args.FeedbackID, "status", c.Status, "reason", c.Reason, "example_id", c.ExampleID)
	}
	return nil
}

// checkExamples works the nl2sql.examples_check job: it re-checks a
// database's examples after its catalog changed or examples were added.
func (s *Service) checkExamples(ctx context.Context, job *river.Job[jobs.ExamplesCheckArgs]) error {
	n, err := s.CheckExamples(ctx, job.Args.DatabaseName, false)
	if err != nil {
		return err
	}
	if n.Checked > 0 {
		s.log.InfoContext(ctx, "examples checked", "database", job.Args.DatabaseName, "checked", n.Checked, "stale", n.Stale)
	}
	return nil
}

// CheckExamples checks database's examples with the guard and EXPLAIN, as
// the nl2sql.examples_check job does: those not checked against the
// current catalog, or all of them. Exported for `nl2sql examples check`
// and tests.
func (s *Service) CheckExamples(ctx context.Context, database string, all bool) (examples.Checked, error) {
	return s.stages.CheckExamples(ctx, database, all)
}

// retriedLikeStages gives a job the stages' retry backoff (RetryBackoff
// doubled, capped at RetryBackoffMax) in place of River's default, which
// waits attempt⁴ seconds: a correction's InfraAttempts checks then take
// minutes, as a question's do, not hours.
type retriedLikeStages[T river.JobArgs] struct {
	river.Worker[T]
	s *Service
}

func (w retriedLikeStages[T]) NextRetry(job *river.Job[T]) time.Time {
	return w.s.cfg.Clock().Add(w.s.backoff(job.Attempt))
}
