// Package jobs defines the River job kinds of the question pipeline and the
// order they run in:
//
//	retrieve → generate → validate → execute
//	              ↑           │  │
//	              └─ repair ──┘  └─ (execute errors loop back the same way)
//
// Every job carries the question id and the chain step it was enqueued for.
// The question row (rag.queries.step) records the step the chain is at, so a
// job whose step is behind the row's is a duplicate and does nothing: a stage
// commits its output, advances the step, enqueues the next job and completes
// its own job in one transaction.
//
// The first job is inserted by a trigger on rag.queries (see
// migrations/00002_rag_queries.sql); its kind, queue and args shape are part
// of that contract and must not change without a migration.
package jobs

import (
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// Queues. LLM calls and database work get separate queues so a slow model
// cannot starve EXPLAIN/execution, and a slow target database cannot starve
// generation.
const (
	// QueueRetrieve runs retrieval: catalog reads (and, with RAG, embeddings).
	QueueRetrieve = "nl2sql_retrieve"
	// QueueLLM runs generation and repair calls to the model.
	QueueLLM = "nl2sql_llm"
	// QueueDB runs validation (guard + EXPLAIN) and execution on target databases.
	QueueDB = "nl2sql_db"
)

// Job kinds.
const (
	KindRetrieve = "nl2sql.retrieve"
	KindGenerate = "nl2sql.generate"
	KindValidate = "nl2sql.validate"
	KindExecute  = "nl2sql.execute"
	KindSweep    = "nl2sql.sweep"
)

// Stage names, as stored in rag.stage_timings.stage.
const (
	StageRetrieve = "retrieve"
	StageGenerate = "generate"
	StageValidate = "validate"
	StageExecute  = "execute"
)

// Ref identifies the question and the chain step a job was enqueued for.
type Ref struct {
	QueryID int64 `json:"query_id"`
	Step    int32 `json:"step"`
}

// Chain returns the reference; promoted to every args type that embeds Ref.
func (r Ref) Chain() Ref { return r }

// Args are the args of a chain job, what a stage hands a question on with:
// RetrieveArgs, GenerateArgs, ValidateArgs or ExecuteArgs.
type Args interface {
	river.JobArgs
	river.JobArgsWithInsertOpts
	Chain() Ref
	AttemptNumber() int32
}

// RetrieveArgs starts the chain. Inserted by the rag.queries trigger.
type RetrieveArgs struct {
	Ref
}

func (RetrieveArgs) Kind() string { return KindRetrieve }

func (RetrieveArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueRetrieve} }

// AttemptNumber is 0: retrieval precedes the first generation attempt.
func (RetrieveArgs) AttemptNumber() int32 { return 0 }

// AttemptRef is Ref and the generation attempt a job belongs to: the args
// of every job after retrieval. Embedded without a tag, its fields stay at
// the top level of the args' JSON ({"query_id", "step", "attempt"}), the
// shape queued jobs were written in.
type AttemptRef struct {
	Ref
	Attempt int32 `json:"attempt"`
}

// AttemptNumber is the generation attempt the job belongs to.
func (a AttemptRef) AttemptNumber() int32 { return a.Attempt }

// GenerateArgs asks the model for SQL; Attempt 1 is the first try, later
// attempts are repairs that carry the previous attempt's error.
type GenerateArgs struct{ AttemptRef }

func (GenerateArgs) Kind() string { return KindGenerate }

func (GenerateArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueLLM} }

// ValidateArgs checks the candidates of one attempt: guard, lint, EXPLAIN.
type ValidateArgs struct{ AttemptRef }

func (ValidateArgs) Kind() string { return KindValidate }

func (ValidateArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueDB} }

// ExecuteArgs runs the selected candidate of an attempt, read-only.
type ExecuteArgs struct{ AttemptRef }

func (ExecuteArgs) Kind() string { return KindExecute }

func (ExecuteArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueDB} }

// SweepArgs is the periodic safety net that fails questions whose job chain
// was lost (a job cancelled or deleted by an operator), so no question waits
// forever.
type SweepArgs struct{}

func (SweepArgs) Kind() string { return KindSweep }

func (SweepArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueRetrieve} }

// KindCatalogCheck is the periodic check of the registered databases'
// schemas against their catalogs.
const KindCatalogCheck = "nl2sql.catalog_check"

// CatalogCheckArgs is the periodic job that compares every registered
// database's schema with its catalog and refreshes the catalog (and
// rebuilds the schema index) of those whose schema changed. It runs on the
// DB queue, where work on target databases runs, once at a time (a run
// that outlasts the interval is not joined by the next), and is never
// retried: the next run is the retry.
//
// With Database set it checks that database alone: the validate stage asks
// for it when the database said a table or column the catalog holds does
// not exist (StaleCatalogCheckOpts).
type CatalogCheckArgs struct {
	Database string `json:"database,omitempty"`
}

func (CatalogCheckArgs) Kind() string { return KindCatalogCheck }

func (CatalogCheckArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue: QueueDB, MaxAttempts: 1,
		UniqueOpts: river.UniqueOpts{ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled,
		}},
	}
}

// StaleCatalogCheckOpts insert the check of one database whose catalog a
// question found stale: one at a time per database (by its args, so apart
// from the periodic check of all) and at most one a minute, however many
// questions find it.
func StaleCatalogCheckOpts() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{
		ByArgs: true, ByPeriod: time.Minute,
		ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStateCompleted, rivertype.JobStatePending,
			rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled,
		},
	}}
}

// Kinds of the examples' jobs (issue 12), inserted by triggers of
// migrations/00009_examples_feedback.sql on QueueDB: their args shape is
// part of that contract.
const (
	KindCorrection    = "nl2sql.correction"
	KindExamplesCheck = "nl2sql.examples_check"
)

// CorrectionArgs checks a user's corrected SQL (rag.feedback) with the
// guard and EXPLAIN before it becomes an example.
type CorrectionArgs struct {
	FeedbackID int64 `json:"feedback_id"`
}

func (CorrectionArgs) Kind() string { return KindCorrection }

func (CorrectionArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueDB} }

// ExamplesCheckArgs re-checks a database's examples not checked against
// its current catalog; those that fail are marked stale.
type ExamplesCheckArgs struct {
	DatabaseName string `json:"database_name"`
}

func (ExamplesCheckArgs) Kind() string { return KindExamplesCheck }

func (ExamplesCheckArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueDB} }
