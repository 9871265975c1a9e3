// Package worker runs questions through their stages as River jobs: it
// sets up the River client with the chain's queues and workers (package
// jobs), and each worker decodes its job's args, runs the stage (package
// internal/stage) and commits what the stage wrote.
//
// Every stage job ends the same way: its output is written, the question's
// step advanced, the next job enqueued and the job itself completed
// (river.JobCompleteTx) in ONE transaction. A crash anywhere before that
// commit leaves the job to be retried; a crash after it leaves nothing to
// redo. A job whose step is behind the question's is a duplicate and
// completes without effect.
//
// Failures are classified (internal/errclass). Infrastructure failures — an
// unreachable LLM or target database — are retried with exponential backoff,
// or after as long as a busy model server asks (Retry-After, capped at
// llm.MaxRetryAfter) or its model's breaker stays open (llm.ErrBreakerOpen:
// the model is tried again at the end of its cool-down), while
// rag.queries.status_detail says what the question waits for; after
// Config.InfraAttempts the question fails with infra_failure. SQL errors go
// back to the model as a repair attempt until Config.MaxAttempts. Nothing
// is dropped silently: a periodic sweep fails questions whose job was lost.
package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/jobs"
)

// Service is the River client with the stages' workers.
type Service struct {
	cfg    Config
	pool   *pgxpool.Pool
	q      *dbsqlc.Queries
	client *river.Client[pgx.Tx]
	log    *slog.Logger
	stages *stage.Runner
	// catalogs is the periodic catalog check's part; nil: no check.
	catalogs stage.CatalogChecker
	// running counts the jobs being worked, for the shutdown's log.
	running atomic.Int64
	// draining is set when Shutdown starts: River stops its producers
	// asynchronously, so a job may still be fetched after the drain was
	// announced; such a job goes back to the queue unworked (see start).
	// drainMu makes the drain's count of running jobs exact.
	drainMu  sync.Mutex
	draining bool
	// retryAt is when a failed stage job runs again, by job ID, as
	// handleFailure chose it (maybe the server's Retry-After); NextRetry,
	// which River calls as soon as Work returns, takes it.
	retryAt sync.Map
}

// New builds the service running the stages with deps; Start runs it.
func New(pool *pgxpool.Pool, deps stage.Deps, cfg Config) (*Service, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	stages, err := stage.New(pool, deps, cfg.stage())
	if err != nil {
		return nil, err
	}
	s := &Service{cfg: cfg, pool: pool, q: dbsqlc.New(), log: cfg.Logger, stages: stages, catalogs: deps.CatalogChecker}

	workers := river.NewWorkers()
	river.AddWorker(workers, &stageWorker[jobs.RetrieveArgs]{s: s, stage: jobs.StageRetrieve, timeout: cfg.StageTimeout, run: stages.Retrieve})
	river.AddWorker(workers, &stageWorker[jobs.GenerateArgs]{s: s, stage: jobs.StageGenerate, timeout: cfg.GenerateStageTimeout(), run: stages.Generate})
	river.AddWorker(workers, &stageWorker[jobs.ValidateArgs]{s: s, stage: jobs.StageValidate, timeout: cfg.StageTimeout, run: stages.Validate})
	river.AddWorker(workers, &stageWorker[jobs.ExecuteArgs]{s: s, stage: jobs.StageExecute, timeout: cfg.StageTimeout, run: stages.Execute})
	river.AddWorker(workers, counted(s, s.sweep))
	river.AddWorker[jobs.CorrectionArgs](workers, retriedLikeStages[jobs.CorrectionArgs]{counted(s, s.checkCorrection), s})
	river.AddWorker(workers, counted(s, s.checkExamples))
	if s.catalogs != nil {
		river.AddWorker(workers, &catalogCheckWorker{s: s})
	}

	rcfg := cfg.RiverConfig(workers)
	// Headroom above InfraAttempts: the stage itself fails the question at
	// InfraAttempts; River only discards a job if recording that failure
	// kept failing too (then the sweeper catches the question).
	rcfg.MaxAttempts = cfg.InfraAttempts + 2
	rcfg.JobTimeout = cfg.StageTimeout
	rcfg.RescueStuckJobsAfter = cfg.RescueAfter
	rcfg.PeriodicJobs = []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(cfg.SweepInterval),
			func() (river.JobArgs, *river.InsertOpts) { return jobs.SweepArgs{}, nil },
			&river.PeriodicJobOpts{ID: jobs.KindSweep}),
	}
	if s.catalogs != nil && cfg.CatalogCheckInterval > 0 {
		rcfg.PeriodicJobs = append(rcfg.PeriodicJobs, river.NewPeriodicJob(river.PeriodicInterval(cfg.CatalogCheckInterval),
			func() (river.JobArgs, *river.InsertOpts) { return jobs.CatalogCheckArgs{}, nil },
			&river.PeriodicJobOpts{ID: jobs.KindCatalogCheck}))
	}
	client, err := river.NewClient(newGuardedDriver(pool, cfg.Logger), rcfg)
	if err != nil {
		return nil, fmt.Errorf("worker: river client: %w", err)
	}
	s.client = client
	return s, nil
}

// Start is New and Service.Start: the service running, or an error and
// nothing started.
func Start(ctx context.Context, pool *pgxpool.Pool, deps stage.Deps, cfg Config) (*Service, error) {
	s, err := New(pool, deps, cfg)
	if err != nil {
		return nil, err
	}
	if err := s.Start(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Client returns the underlying River client.
func (s *Service) Client() *river.Client[pgx.Tx] { return s.client }

// Start starts fetching and working jobs. It returns once started. ctx
// only bounds starting: the jobs' contexts do not derive from it, so a
// cancelled ctx (a signal) never cancels running work. Stopping is Stop's
// or Shutdown's job.
func (s *Service) Start(ctx context.Context) error {
	return s.client.Start(context.WithoutCancel(ctx))
}

// Stop stops fetching new jobs and waits for the running ones to finish
// (drain). If ctx ends first, running jobs are cancelled: their work is
// rolled back and they will run again on the next start.
func (s *Service) Stop(ctx context.Context) error {
	err := s.client.Stop(ctx)
	if err != nil && errors.Is(err, context.DeadlineExceeded) {
		return s.cancelRunning()
	}
	return err
}

// cancelWait bounds the wait for cancelled jobs to return. Every stage
// honours its context (pgx, HTTP), so they return within moments.
const cancelWait = 15 * time.Second

// Shutdown stops the service the way a deploy should: it stops fetching,
// lets the running jobs finish and commit for up to drain, then cancels
// those still running — at once when hurry is closed (a second signal). A
// cancelled job commits nothing and goes back to the queue without
// spending an attempt (see handleFailure), so it runs again on the next
// start. Each step is logged.
func (s *Service) Shutdown(drain time.Duration, hurry <-chan struct{}) error {
	s.drainMu.Lock()
	s.draining = true
	running := s.running.Load()
	s.drainMu.Unlock()
	s.log.Info(fmt.Sprintf("draining: fetching no new jobs, waiting for %d running job(s) to finish (up to %s); a second signal cancels them",
		running, FmtDuration(drain)), slog.Int64("running", running), slog.Duration("drain_timeout", drain))
	dctx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	var hurried atomic.Bool
	go func() {
		select {
		case <-hurry:
			hurried.Store(true)
			cancel()
		case <-dctx.Done():
		}
	}()
	err := s.client.Stop(dctx)
	if err == nil {
		s.log.Info("drained: every running job finished")
		return nil
	}
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return err
	}
	n := s.running.Load()
	if hurried.Load() {
		s.log.Warn(fmt.Sprintf("second signal: cancelling %d running job(s); they run again on the next start", n), slog.Int64("running", n))
	} else {
		s.log.Warn(fmt.Sprintf("drain timeout (%s): cancelling %d running job(s); they run again on the next start", FmtDuration(drain), n),
			slog.Int64("running", n))
	}
	return s.cancelRunning()
}

// cancelRunning cancels the running jobs' contexts and waits for them to
// return.
func (s *Service) cancelRunning() error {
	ctx, cancel := context.WithTimeout(context.Background(), cancelWait)
	defer cancel()
	if err := s.client.StopAndCancel(ctx); err != nil {
		return fmt.Errorf("worker: %d job(s) had not returned %s after being cancelled: %w", s.running.Load(), cancelWait, err)
	}
	s.log.Info("stopped: cancelled jobs are back in the queue")
	return nil
}

// Running is the number of jobs being worked right now.
func (s *Service) Running() int { return int(s.running.Load()) }

// FmtDuration prints d without zero units, as the service's messages do:
// 2m, 3m30s, 1m0.5s.
func FmtDuration(d time.Duration) string {
	out := d.String()
	if strings.HasSuffix(out, "m0s") {
		out = strings.TrimSuffix(out, "0s")
	}
	if strings.HasSuffix(out, "h0m") {
		out = strings.TrimSuffix(out, "0m")
	}
	return out
}

// stageWorker adapts a stage to River: it runs the stage, commits its
// output with the job's completion, and adds the shared failure handling,
// retry backoff and timeout.
type stageWorker[T jobs.Args] struct {
	river.WorkerDefaults[T]
	s       *Service
	stage   string
	timeout time.Duration
	run     func(ctx context.Context, job stage.Job) (*stage.Output, error)
}

func (w *stageWorker[T]) Timeout(*river.Job[T]) time.Duration { return w.timeout }

func (w *stageWorker[T]) NextRetry(job *river.Job[T]) time.Time {
	if at, ok := w.s.retryAt.LoadAndDelete(job.ID); ok {
		return at.(time.Time)
	}
	return w.s.cfg.Clock().Add(w.s.backoff(job.Attempt))
}

func (w *stageWorker[T]) Work(ctx context.Context, job *river.Job[T]) (err error) {
	if !w.s.start() {
		return river.JobSnooze(0)
	}
	defer w.s.running.Add(-1)
	started, failed := w.s.cfg.Clock(), false
	defer func() {
		// A panic must not skip the failure bookkeeping: River would retry
		// and eventually discard the job, leaving the question waiting.
		if r := recover(); r != nil {
			failed = true
			err = handleFailure(ctx, w.s, job, w.stage, &errclass.Error{
				Class: errclass.Unknown, Code: "worker.panic",
				Message: fmt.Sprintf("internal error in the %s stage: %v", w.stage, r),
			})
		}
		w.s.observeStage(w.stage, started, failed, err)
	}()
	if err := w.work(ctx, job); err != nil {
		failed = true
		return handleFailure(ctx, w.s, job, w.stage, err)
	}
	return nil
}

// work runs the stage and commits its output; a duplicate job only
// completes.
func (w *stageWorker[T]) work(ctx context.Context, job *river.Job[T]) error {
	if n := len(job.Errors); n > 0 && job.Errors[n-1].Error == riverRescued {
		// Otherwise the log says nothing between a worker's end and the
		// question going on minutes later (RescueAfter).
		w.s.log.WarnContext(ctx, "stage taken over: its last run stopped without finishing (a worker killed, stopped or lost); running it again",
			slog.String("kind", job.Kind), slog.Int64("query_id", job.Args.Chain().QueryID), slog.Int("attempt", job.Attempt),
			slog.Time("rescued_at", job.Errors[n-1].At))
	}
	out, err := w.run(ctx, stageJob(job))
	if errors.Is(err, stage.ErrStale) {
		w.s.log.InfoContext(ctx, "duplicate job: the question already moved on", "kind", job.Kind, "job_id", job.ID)
		return completeOnly(ctx, w.s, job)
	}
	if err != nil {
		return err
	}
	return complete(ctx, w.s, job, out)
}

// riverRescued is the error River's rescuer records on a job it takes back
// from a client that stopped working it (River's JobRescuer; checked by
// TestCrashedWorkerIsRescued when River changes).
const riverRescued = "Stuck job rescued by JobRescuer"

// stageJob is job as the stages see it.
func stageJob[T jobs.Args](job *river.Job[T]) stage.Job {
	return stage.Job{
		Ref: job.Args.Chain(), Attempt: job.Args.AttemptNumber(),
		ID: job.ID, Tries: int32(job.Attempt), Enqueued: job.CreatedAt,
	}
}

// counted is fn as a River worker, counted by Running while it works.
func counted[T river.JobArgs](s *Service, fn func(ctx context.Context, job *river.Job[T]) error) river.Worker[T] {
	return river.WorkFunc(func(ctx context.Context, job *river.Job[T]) error {
		if !s.start() {
			return river.JobSnooze(0)
		}
		defer s.running.Add(-1)
		return fn(ctx, job)
	})
}

// start counts a job as running, unless the service is draining: a job
// River fetched after the drain began (its producers stop asynchronously)
// is not started, so "fetching no new jobs" holds and a drain never waits
// for, nor cancels, work begun after it. Snoozing puts the job back at once
// without spending an attempt, as for a cancelled job (handleFailure).
func (s *Service) start() bool {
	s.drainMu.Lock()
	defer s.drainMu.Unlock()
	if s.draining {
		return false
	}
	s.running.Add(1)
	return true
}

// backoff is the wait before the retry that follows attempt: RetryBackoff
// doubled per attempt, capped, with ±10% jitter so many questions stuck on
// the same outage do not retry in lockstep.
func (s *Service) backoff(attempt int) time.Duration {
	d := s.cfg.RetryBackoff
	for i := 1; i < attempt && d < s.cfg.RetryBackoffMax; i++ {
		d *= 2
	}
	d = min(d, s.cfg.RetryBackoffMax)
	return d + time.Duration((rand.Float64()*0.2-0.1)*float64(d))
}

// serverWait is implemented by errors that say how long the server asked
// to be left alone (*llm.Error: Retry-After, or the rest of an open
// breaker's cool-down).
type serverWait interface{ RetryAfter() time.Duration }

// retryWait is the wait before the retry that follows attempt after err:
// the backoff, or, when the server asked for longer (asked), that plus up
// to 10% so that questions refused together do not all come back at once.
// A retry sooner would be refused again and spend a try. The server's
// wait is capped at llm.MaxRetryAfter, so InfraAttempts, not the server,
// bounds how long a question waits; no worker is held meanwhile (the job
// waits in River as retryable).
func (s *Service) retryWait(attempt int, err error) (wait time.Duration, asked bool) {
	wait = s.backoff(attempt)
	var sw serverWait
	if !errors.As(err, &sw) {
		return wait, false
	}
	if ra := min(sw.RetryAfter(), llm.MaxRetryAfter); ra > wait {
		return ra + time.Duration(rand.Float64()*0.1*float64(ra)), true
	}
	return wait, false
}

// snoozes is how many times River snoozed a job: the count it keeps in
// the job's metadata (0 when it has none or cannot be read).
func snoozes(metadata []byte) int {
	var m struct {
		Snoozes int `json:"snoozes"`
	}
	_ = json.Unmarshal(metadata, &m)
	return m.Snoozes
}

// permanent is implemented by errors that no retry can fix (a model that is
// not pulled, a malformed option).
type permanent interface{ Retryable() bool }

// handleFailure decides what a stage error means for the question: retry
// later (infrastructure, attempts left), or fail the question now and
// complete the job so River does not run it again.
func handleFailure[T jobs.Args](ctx context.Context, s *Service, job *river.Job[T], stage string, err error) error {
	ref := job.Args.Chain()
	if errors.Is(context.Cause(ctx), rivertype.ErrJobCancelledRemotely) {
		// Someone cancelled the job in River (River UI, JobCancel): the
		// question stops here, failed now with that reason, instead of
		// waiting for the sweep to find its job gone. River records the
		// job itself as cancelled.
		ce := &errclass.Error{
			Class: errclass.Unknown, Code: "stage.cancelled", Permanent: true,
			Message: fmt.Sprintf("the %s stage's job was cancelled in River (River UI or JobCancel); ask again to retry", stage),
		}
		s.log.WarnContext(ctx, "stage cancelled in River; the question fails", slog.String("stage", stage), slog.Int64("query_id", ref.QueryID))
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		if ferr := record(rctx, s, s.stages.Fail(stageJob(job), ce, ce.Message)); ferr != nil {
			s.log.ErrorContext(ctx, "cannot record the cancellation; the sweep will fail the question", slog.Int64("query_id", ref.QueryID), slog.String("err", ferr.Error()))
		}
		return err
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		// The client is stopping and cancelled the job: the work was
		// interrupted, not refused, and rolled back. Snoozing puts it back
		// at once without spending an attempt (River's advice for
		// shutdown), so a restart never fails a question.
		s.log.InfoContext(ctx, "stage interrupted by shutdown; it will run again", slog.String("stage", stage), slog.Int64("query_id", ref.QueryID))
		return river.JobSnooze(0)
	}
	ce := errclass.Classify(err)
	var p permanent
	isPermanent := ce.Class == errclass.ValidationBlock || (errors.As(err, &p) && !p.Retryable())
	if ctx.Err() != nil {
		// The job ran out of time: whatever the error says, the work was
		// interrupted, not refused. Try again while attempts remain.
		isPermanent = false
	}
	// A refusal while another call tries the model again is no verdict of
	// the server's: it waits for that call, even on the last try, and
	// spends no try, up to InfraAttempts such waits (River counts its
	// snoozes, those of drains and shutdowns too, which only make the
	// bound tighter), so that an outage whose probes all hang still fails
	// the question in bounded time (docs/DESIGN.md, A model server that
	// stops answering).
	probing := !isPermanent && errors.Is(err, llm.ErrBreakerProbing) && snoozes(job.Metadata) < s.cfg.InfraAttempts
	last := !probing && (job.Attempt >= s.cfg.InfraAttempts || job.Attempt >= job.MaxAttempts)

	// Record with a fresh deadline: the stage's own context may be what
	// expired.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()

	if !isPermanent && !last {
		wait, asked := s.retryWait(job.Attempt, err)
		if !probing {
			// River asks NextRetry for an error, never for a snooze: an
			// entry stored for a snooze would stay, and mislead a later
			// retry of the job.
			s.retryAt.Store(job.ID, s.cfg.Clock().Add(wait))
		}
		why := ""
		switch {
		case asked && errors.Is(err, llm.ErrBreakerOpen):
			why = " when the model server is tried again"
		case asked:
			why = " as the server asked (Retry-After)"
		}
		detail := fmt.Sprintf("%s: retrying in about %s%s (attempt %d of %d) after: %s",
			stage, wait.Round(time.Second), why, job.Attempt+1, s.cfg.InfraAttempts, ce.Message)
		if probing {
			detail = fmt.Sprintf("%s: waiting about %s for the call that is trying the model again (not counted as a try) after: %s",
				stage, wait.Round(time.Second), ce.Message)
		}
		if uerr := s.stages.Retrying(rctx, ref, detail); uerr != nil {
			s.log.WarnContext(ctx, "cannot record retry detail", slog.Int64("query_id", ref.QueryID), slog.String("err", uerr.Error()))
		}
		if probing {
			// Another call is finding out whether the model answers again:
			// this one was refused for no verdict of the server's, so it
			// waits without spending a try (a snooze gives River's attempt
			// back). Bounded by that call, which ends within the model's
			// RequestTimeout: the breaker then closes, or opens and counts.
			s.log.InfoContext(ctx, "stage waits for the model's breaker to be tried", slog.String("stage", stage),
				slog.Int64("query_id", ref.QueryID), slog.Duration("wait", wait))
			return river.JobSnooze(wait)
		}
		s.log.WarnContext(ctx, "stage failed; will retry", slog.String("stage", stage), slog.Int64("query_id", ref.QueryID),
			slog.Int("attempt", job.Attempt), slog.Duration("wait", wait), slog.Bool("retry_after", asked),
			slog.String("class", string(ce.Class)), slog.String("err", ce.Message))
		return err
	}

	msg := ce.Message
	if !isPermanent {
		msg = fmt.Sprintf("%s (gave up after %d tries of the %s stage)", msg, job.Attempt, stage)
	}
	s.log.ErrorContext(ctx, "question failed", slog.String("stage", stage), slog.Int64("query_id", ref.QueryID),
		slog.String("class", string(ce.Class)), slog.String("err", msg))
	if ferr := complete(rctx, s, job, s.stages.Fail(stageJob(job), ce, msg)); ferr != nil {
		s.log.ErrorContext(ctx, "cannot record the failure; River will retry the job", slog.Int64("query_id", ref.QueryID), slog.String("err", ferr.Error()))
		return err
	}
	return nil
}

// complete commits out and completes job in one transaction: out's write,
// the next job's insert (handOff), the job's completion. When the write
// finds the question moved on (stage.ErrStale, or the question is gone),
// only the job is completed. A question out finished is reported to the
// Observer once the transaction committed.
func complete[T jobs.Args](ctx context.Context, s *Service, job *river.Job[T], out *stage.Output) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return errclass.Meta(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // no-op after commit
	// The transaction that finishes the question waits for its flush: its
	// notification tells a client the answer is there, and a crash must
	// not take back an answer someone read (docs/DESIGN.md, Stage
	// hand-off).
	if err := s.q.SetupStageTransaction(ctx, tx, s.cfg.SynchronousCommit || out.Done != nil); err != nil {
		return errclass.Meta(err)
	}

	next, err := out.WriteFunc(ctx, tx)
	if err == nil && next != nil {
		err = s.handOff(ctx, tx, next, job.Priority)
	}
	if err == nil && out.StaleCatalog != "" {
		err = s.checkStaleCatalog(ctx, tx, out.StaleCatalog)
	}
	if err != nil {
		if !movedOn(err) {
			return errclass.Meta(err)
		}
		if rerr := tx.Rollback(ctx); rerr != nil {
			return errclass.Meta(rerr)
		}
		s.log.InfoContext(ctx, "duplicate job: the question already moved on", slog.String("kind", job.Kind), slog.Int64("job_id", job.ID))
		return completeOnly(ctx, s, job)
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return errclass.Meta(err)
	}
	return commitOutput(ctx, s, tx, out)
}

// handOff enqueues the next stage's job in tx and wakes its queue's
// producers when tx commits. River announces an insert at most once per
// queue per FetchCooldown (its notify limiter), so without this a job
// handed to the queue that just announced one (validate → execute, both on
// the DB queue; any queue under load) waited for the next poll,
// FetchPollInterval (docs/DESIGN.md, Stage hand-off). The payload is
// byte-identical to River's, so PostgreSQL folds the two into one when
// River did send its own. The next job keeps priority, the asker's share
// of the service that the intake trigger set (migration 00015).
func (s *Service) handOff(ctx context.Context, tx pgx.Tx, next jobs.Args, priority int) error {
	if _, err := s.client.InsertTx(ctx, tx, next, &river.InsertOpts{Priority: priority}); err != nil {
		return err
	}
	return s.q.NotifyQueue(ctx, tx, &dbsqlc.NotifyQueueParams{
		Channel: s.cfg.Schema + ".river_insert",
		Payload: fmt.Sprintf("{\"queue\": %q}", next.InsertOpts().Queue),
	})
}

// record commits out's write alone, leaving the job to River: the failure
// of a question whose job River cancelled.
func record(ctx context.Context, s *Service, out *stage.Output) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return errclass.Meta(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // no-op after commit
	if _, err := out.WriteFunc(ctx, tx); err != nil {
		if movedOn(err) {
			return nil // the question had already moved on or ended: nothing to count
		}
		return errclass.Meta(err)
	}
	return commitOutput(ctx, s, tx, out)
}

// commitOutput commits tx, which holds out's write, and then reports the
// question out finished, if any, to the Observer: it is done only once
// that write committed.
func commitOutput(ctx context.Context, s *Service, tx pgx.Tx, out *stage.Output) error {
	if err := tx.Commit(ctx); err != nil {
		return errclass.Meta(err)
	}
	if out.Done != nil {
		s.cfg.Observer.QuestionDone(out.Done.Status, out.Done.Class)
	}
	return nil
}

// movedOn reports whether err is a stage write finding its question moved
// on (stage.ErrStale) or gone.
func movedOn(err error) bool {
	return errors.Is(err, stage.ErrStale) || errors.Is(err, pgx.ErrNoRows)
}

func completeOnly[T river.JobArgs](ctx context.Context, s *Service, job *river.Job[T]) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return errclass.Meta(err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil && !errors.Is(err, rivertype.ErrNotFound) {
		return errclass.Meta(err)
	}
	return errclass.Meta(tx.Commit(ctx))
}
