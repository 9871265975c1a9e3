// Package report turns the outcome of one or more exam runs into the
// aggregates the CLI prints (Summarize, Summary.WriteText, JSON) and into
// a self-contained HTML report (Render): one file with inline CSS and
// server-side SVG charts, no scripts and no external resources, so it can
// be mailed, archived or opened offline.
//
// The exam runner fills Report; every aggregate is computed here, so the
// text, JSON and HTML views always agree.
package report

import "time"

// Report is the input of Render.
type Report struct {
	// Title heads the report; "nl2sql exam" when empty.
	Title       string
	GeneratedAt time.Time
	// Database is the name of the database the questions were asked of.
	Database string
	Runs     []Run
}

// Run is one pass of the exam over its questions.
type Run struct {
	ID         int64
	Model      string
	Config     map[string]string // settings worth comparing between runs
	StartedAt  time.Time
	FinishedAt time.Time
	Questions  []Question
}

// Question is the outcome of one exam question in one run.
type Question struct {
	// ID identifies the question across runs ("q26").
	ID         string
	Question   string
	Difficulty string   // easy, medium, hard, or the exam's own levels
	Modules    []string // schema modules the question belongs to
	Pass       bool
	// FailureType classifies a failure (one of FailureTypes, or the
	// runner's own); ignored when Pass.
	FailureType string
	// Reason explains a failure for people, e.g. the comparator's verdict
	// ("row count 12 vs 11") or the error class.
	Reason          string
	ExpectedTables  []string
	RetrievedTables []string
	// Precision and Recall of the retrieved tables against the expected
	// ones (see TableOverlap); they count only when ExpectedTables is set.
	Precision, Recall float64
	// Attempts is the number of generate/validate rounds the answer took.
	Attempts int
	// StageMs is the time spent per stage in milliseconds: retrieve,
	// generate, validate, execute, queue (any other stage is shown too).
	StageMs map[string]float64
	SQL     string
	GoldSQL string
	Error   string
}

// The failure taxonomy of the exam (seed 001/003), in display order.
const (
	RetrievalMiss       = "retrieval_miss"       // an expected table was not retrieved
	JoinPathMiss        = "join_path_miss"       // tables retrieved, join path not
	ColumnMiss          = "column_miss"          // the model used a column that does not exist
	ExecutionError      = "execution_error"      // the SQL failed when run
	LLMReasoning        = "llm_reasoning"        // valid SQL, wrong answer
	ValidationExhausted = "validation_exhausted" // the repair loop ran out of attempts
	InfraFailure        = "infra_failure"        // database or LLM unavailable: not the model's fault
	// Unclassified counts failed questions without a FailureType.
	Unclassified = "unclassified"
)

// FailureTypes lists the taxonomy in display order. Summaries always
// include these, with zero counts, so that runs compare line by line.
var FailureTypes = []string{RetrievalMiss, JoinPathMiss, ColumnMiss, ExecutionError, LLMReasoning, ValidationExhausted, InfraFailure}

// Stages lists the pipeline stages in display order; other stages found in
// StageMs follow in alphabetical order.
var Stages = []string{"queue", "retrieve", "generate", "validate", "execute"}

// TableOverlap is the precision and recall of retrieved tables against the
// expected ones, compared as sets. With no expected tables recall is 1;
// with nothing retrieved precision is 1 (nothing wrong was retrieved).
func TableOverlap(expected, retrieved []string) (precision, recall float64) {
	exp := map[string]bool{}
	for _, t := range expected {
		exp[t] = true
	}
	got := map[string]bool{}
	for _, t := range retrieved {
		got[t] = true
	}
	hit := 0
	for t := range got {
		if exp[t] {
			hit++
		}
	}
	precision, recall = 1, 1
	if len(got) > 0 {
		precision = float64(hit) / float64(len(got))
	}
	if len(exp) > 0 {
		recall = float64(hit) / float64(len(exp))
	}
	return precision, recall
}
