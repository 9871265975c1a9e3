package worker

import (
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/nl2sql/nl2sql/internal/candidate"
	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/stage"
	"github.com/nl2sql/nl2sql/jobs"
	"github.com/nl2sql/nl2sql/migrations"
)

// Config configures the River client and the stages. Its fields for the
// stages are those of stage.Config, with the same defaults.
type Config struct {
	// RetrieveWorkers is the concurrency of the retrieve queue. Defaults to 10.
	RetrieveWorkers int
	// LLMWorkers is the concurrency of the generation queue; match it to what
	// the model server runs in parallel (OLLAMA_NUM_PARALLEL). Defaults to 4.
	LLMWorkers int
	// DBWorkers is the concurrency of validation and execution on target
	// databases. Defaults to 10.
	DBWorkers int
	// MaxAttempts is how many generations (the first plus repairs) a
	// question gets before it fails; a question's options.max_attempts
	// overrides it. Defaults to 3.
	MaxAttempts int
	// ClientModels are the models a client role may name in options.model,
	// comma-separated (stage.Config.ClientModels). Defaults to "".
	ClientModels string
	// Candidates configures multi-candidate generation: how many model
	// calls an attempt makes by the question's difficulty, their temperature
	// and time budget, and how many candidates are EXPLAINed at once.
	// Defaults to candidate.Config{}.WithDefaults().
	Candidates candidate.Config
	// Examples configures the few-shot examples found for a question
	// (docs/DESIGN.md, "Examples and feedback"). Defaults to
	// examples.Config{}.WithDefaults().
	Examples examples.Config
	// InfraAttempts is how many times a stage runs when it meets an
	// infrastructure failure (LLM unreachable, target database down) before
	// the question fails with infra_failure. Defaults to 5.
	InfraAttempts int
	// RetryBackoff is the wait before the first infrastructure retry; it
	// doubles each time. Defaults to 1s.
	RetryBackoff time.Duration
	// RetryBackoffMax caps the backoff between retries; a model server's
	// Retry-After may ask for longer, up to llm.MaxRetryAfter (5m).
	// Defaults to 30s.
	RetryBackoffMax time.Duration
	// FetchCooldown is the shortest time between two job fetches of a
	// queue: a job handed to a queue that fetched less than this ago waits
	// out the rest (validate → execute, both on the DB queue, always does),
	// so it bounds each hand-off's wait; lower means more fetches, empty
	// ones on every other replica (docs/DESIGN.md, Stage hand-off).
	// Defaults to 5ms.
	FetchCooldown time.Duration
	// FetchPollInterval is how often queues poll when no notification
	// arrives: every hand-off notifies its queue, so this is the fallback
	// for a notification lost while the listener reconnects. Defaults to
	// 100ms.
	FetchPollInterval time.Duration
	// SynchronousCommit makes each stage's transaction wait at commit for
	// its WAL to reach disk. Off (PostgreSQL's synchronous_commit=off for
	// those transactions alone), a crash of PostgreSQL can lose the stage
	// hand-offs of its last moments (up to three times wal_writer_delay,
	// 600ms by default), which River runs again after RescueAfter, as after
	// kill -9; every notifying transaction holds a lock of PostgreSQL's
	// across its commit, so the flush kept every stage waiting on the
	// others' (docs/DESIGN.md, Stage hand-off). The transaction that
	// finishes a question waits either way. Defaults to false.
	SynchronousCommit bool
	// StageTimeout bounds a database stage's run. Defaults to 2m.
	StageTimeout time.Duration
	// GenerateTimeout bounds a generation stage's run (the LLM call
	// included); a RescueAfter below it cuts it to RescueAfter. Defaults
	// to 3m.
	GenerateTimeout time.Duration
	// RescueAfter is how long a job may stay running before River hands it
	// to another worker: the time a question waits after its worker died
	// without draining (kill -9, a lost machine), plus up to River's rescuer
	// and scheduler intervals (30s and 5s). River never takes a job over
	// before the job's own timeout ends, so a stage's timeout must not
	// exceed it: it must be at least StageTimeout (see MinRescueAfter), and
	// the generate stage's timeout is cut to it when GenerateTimeout is
	// longer. Defaults to the longer stage timeout plus 30s.
	RescueAfter time.Duration
	// SweepInterval is how often in-flight questions whose job was lost are
	// failed. Defaults to 1m.
	SweepInterval time.Duration
	// SweepGrace is how long a question must have been idle before the
	// sweeper considers it. Defaults to 2m.
	SweepGrace time.Duration
	// CatalogCheckInterval is how often the leader compares every
	// registered database's schema with its catalog, and refreshes the
	// catalog and rebuilds the schema index of those whose schema changed
	// (stage.CatalogChecker), as `nl2sql db add` would. 0 turns the check
	// off, and with it the check a question asks for when it finds a
	// catalog stale: zero set on a Config WithDefaults returned stays 0.
	// Defaults to 10m.
	CatalogCheckInterval time.Duration
	// Schema is River's schema. Defaults to "river"; the rag.queries trigger
	// inserts there, so change both together.
	Schema string
	// Logger receives the service's logs. Defaults to a discarding logger.
	Logger *slog.Logger
	// Clock returns the current time, for stage timings. Defaults to time.Now.
	Clock func() time.Time
	// Observer is told of stage runs and finished questions (metrics).
	// Defaults to one that does nothing.
	Observer Observer

	// defaulted is set by WithDefaults: a zero CatalogCheckInterval is
	// then explicit (off).
	defaulted bool
}

// WithDefaults returns a copy of c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.RetrieveWorkers == 0 {
		c.RetrieveWorkers = 10
	}
	if c.LLMWorkers == 0 {
		c.LLMWorkers = 4
	}
	if c.DBWorkers == 0 {
		c.DBWorkers = 10
	}
	sc := c.stage().WithDefaults()
	c.MaxAttempts, c.Candidates, c.Examples, c.Logger, c.Clock = sc.MaxAttempts, sc.Candidates, sc.Examples, sc.Logger, sc.Clock
	if c.InfraAttempts == 0 {
		c.InfraAttempts = 5
	}
	if c.RetryBackoff == 0 {
		c.RetryBackoff = time.Second
	}
	if c.RetryBackoffMax == 0 {
		c.RetryBackoffMax = 30 * time.Second
	}
	if c.FetchCooldown == 0 {
		c.FetchCooldown = 5 * time.Millisecond
	}
	if c.FetchPollInterval == 0 {
		c.FetchPollInterval = 100 * time.Millisecond
	}
	if c.StageTimeout == 0 {
		c.StageTimeout = 2 * time.Minute
	}
	if c.GenerateTimeout == 0 {
		c.GenerateTimeout = 3 * time.Minute
	}
	if c.RescueAfter == 0 {
		c.RescueAfter = max(c.StageTimeout, c.GenerateTimeout) + 30*time.Second
	}
	if c.SweepInterval == 0 {
		c.SweepInterval = time.Minute
	}
	if c.SweepGrace == 0 {
		c.SweepGrace = 2 * time.Minute
	}
	if c.CatalogCheckInterval == 0 && !c.defaulted {
		c.CatalogCheckInterval = 10 * time.Minute
	}
	c.defaulted = true
	if c.Schema == "" {
		c.Schema = migrations.RiverSchema
	}
	if c.Observer == nil {
		c.Observer = nopObserver{}
	}
	return c
}

// MinRescueAfter is the shortest RescueAfter c accepts: the database
// stages' timeout (c with defaults applied).
func (c Config) MinRescueAfter() time.Duration {
	if c.StageTimeout == 0 {
		return c.WithDefaults().StageTimeout
	}
	return c.StageTimeout
}

// RiverConfig is the River client set-up of the chain's queues — retrieve,
// LLM and DB, each with its worker count — fetching as c says and running
// workers. New adds the stages' attempts, timeouts, rescue and sweep; the
// pipeline benchmark's bare chain (internal/bench) uses it as is, so both
// run on the same queues. c must have its defaults (WithDefaults).
func (c Config) RiverConfig(workers *river.Workers) *river.Config {
	return &river.Config{
		Schema: c.Schema,
		Queues: map[string]river.QueueConfig{
			jobs.QueueRetrieve: {MaxWorkers: c.RetrieveWorkers},
			jobs.QueueLLM:      {MaxWorkers: c.LLMWorkers},
			jobs.QueueDB:       {MaxWorkers: c.DBWorkers},
		},
		Workers:           workers,
		Logger:            c.Logger,
		FetchCooldown:     c.FetchCooldown,
		FetchPollInterval: c.FetchPollInterval,
	}
}

// GenerateStageTimeout bounds a generate job (c with defaults applied):
// GenerateTimeout, cut to RescueAfter. River rescues a job only once both
// RescueAfter and the job's own timeout have passed, so a longer generate
// timeout would make a question whose worker died mid-generation wait that
// long instead. A model call must end before it (serve checks the model's
// request timeout against it).
func (c Config) GenerateStageTimeout() time.Duration {
	c = c.WithDefaults()
	return min(c.GenerateTimeout, c.RescueAfter)
}

// stage is the stages' part of c.
func (c Config) stage() stage.Config {
	return stage.Config{MaxAttempts: c.MaxAttempts, Candidates: c.Candidates, Examples: c.Examples, ClientModels: c.ClientModels, Logger: c.Logger, Clock: c.Clock}
}

func (c Config) validate() error {
	if err := c.stage().Validate(); err != nil {
		return err
	}
	switch {
	case c.RetrieveWorkers < 1 || c.LLMWorkers < 1 || c.DBWorkers < 1:
		return errors.New("worker: queue concurrency must be at least 1")
	case c.InfraAttempts < 1 || c.InfraAttempts > 100:
		return errors.New("worker: InfraAttempts must be between 1 and 100")
	case c.RetryBackoff <= 0 || c.RetryBackoffMax < c.RetryBackoff:
		return errors.New("worker: RetryBackoff must be positive and at most RetryBackoffMax")
	case c.FetchCooldown < time.Millisecond || c.FetchPollInterval < c.FetchCooldown:
		return errors.New("worker: FetchCooldown must be at least 1ms and at most FetchPollInterval")
	case c.StageTimeout <= 0 || c.GenerateTimeout <= 0:
		return errors.New("worker: stage timeouts must be positive")
	case c.RescueAfter < c.MinRescueAfter():
		return fmt.Errorf("worker: RescueAfter must be at least %s (StageTimeout), got %s: a running stage is never taken over before its timeout",
			FmtDuration(c.MinRescueAfter()), FmtDuration(c.RescueAfter))
	case c.CatalogCheckInterval < 0:
		return errors.New("worker: CatalogCheckInterval must not be negative (0 turns the check off)")
	case c.Schema != migrations.RiverSchema:
		return errors.New(`worker: Schema must be "river": the rag.queries trigger enqueues into river.river_job`)
	}
	return nil
}
