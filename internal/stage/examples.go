package stage

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/examples"
	"github.com/nl2sql/nl2sql/internal/prompt"
	"github.com/nl2sql/nl2sql/internal/validate"
)

// Verified examples (issue 12; docs/DESIGN.md, "Examples and feedback"):
// the retrieve stage finds the question's examples, the generate stage puts
// them in the prompt, and two jobs (package worker) check corrections and
// examples with the guard and EXPLAIN the validate stage uses (checkSQL).

// findExamples returns the question's most similar verified examples; none
// when options.examples is "off". A failure to read them is logged and
// the question goes on without: examples help, they are not needed.
func (s *Runner) findExamples(ctx context.Context, database, question, askedBy string, opts options) []examples.Example {
	if opts.Examples == "off" {
		return nil
	}
	ex, err := s.examples.Similar(ctx, examples.Query{Database: database, Question: question, ExamRunID: examRunID(opts.Tags), AskedBy: askedBy})
	if err != nil {
		s.log.WarnContext(ctx, "examples unavailable; answering without", "database", database, "err", err)
		return nil
	}
	return ex
}

// examRunID is tags.exam_run_id as text, "" when absent.
func examRunID(tags json.RawMessage) string {
	var t struct {
		Run json.RawMessage `json:"exam_run_id"`
	}
	if len(tags) == 0 || json.Unmarshal(tags, &t) != nil || len(t.Run) == 0 || string(t.Run) == "null" {
		return ""
	}
	if s, err := strconv.Unquote(string(t.Run)); err == nil {
		return s
	}
	return string(t.Run)
}

// exampleTables are the tables the examples' SQL reads.
func exampleTables(ex []examples.Example) []string {
	var out []string
	for _, e := range ex {
		out = append(out, e.Tables...)
	}
	return out
}

// checkSQL is examples.CheckFunc over the validate stage's parts: the
// guard (validate.Guard), then EXPLAIN on the database (validate.Explainer),
// as a candidate is checked. Only those two are used: a correction gets no
// repair and no scoring.
func (s *Runner) checkSQL(ctx context.Context, database, sql string) (string, error) {
	db, err := s.deps.Catalog.Target(ctx, database)
	if err != nil {
		return "", err
	}
	v, err := s.deps.Guard.Check(context.WithValue(ctx, exampleCheckKey{}, true), database, sql, s.cfg.Examples.CheckLimit)
	if err != nil {
		return "", err
	}
	if !v.OK {
		return refusal(v), nil
	}
	if _, err := s.deps.Targets.Explain(ctx, db, v.SQL); err != nil {
		ce := errclass.Classify(err)
		if ce.Class == errclass.InfraFailure {
			return "", err // the database, not the SQL: retry the job
		}
		return "EXPLAIN failed: " + ce.Message, nil
	}
	return "", nil
}

// exampleCheckKey marks the context of a guard check of an example or a
// correction (checkSQL).
type exampleCheckKey struct{}

// ExampleCheck reports whether the guard check ctx carries is of an example
// or a client's correction, not of a model's candidate: the metrics count
// the candidates the guard refuses, which no client can add to.
func ExampleCheck(ctx context.Context) bool {
	v, _ := ctx.Value(exampleCheckKey{}).(bool)
	return v
}

// refusal is what the guard said, every violation's message.
func refusal(v *validate.Verdict) string {
	if len(v.Violations) == 0 {
		return "refused by the guard (" + v.Stage + ")"
	}
	msgs := make([]string, len(v.Violations))
	for i, x := range v.Violations {
		msgs[i] = x.Message
	}
	return strings.Join(msgs, "; ")
}

// CheckCorrection checks the correction given in rag.feedback row
// feedbackID with the guard and EXPLAIN, as the nl2sql.correction job does;
// one that passes becomes an example.
func (s *Runner) CheckCorrection(ctx context.Context, feedbackID int64) (examples.Correction, error) {
	return s.examples.CheckCorrection(ctx, s.checkSQL, feedbackID)
}

// GiveUpCorrection rejects a correction that could not be checked, with
// reason (examples.Store.GiveUpCorrection).
func (s *Runner) GiveUpCorrection(ctx context.Context, feedbackID int64, reason string) (bool, error) {
	return s.examples.GiveUpCorrection(ctx, feedbackID, reason)
}

// recordExamples is rag.query_contexts.examples: [] when none were used.
func recordExamples(ex []examples.Example) []byte {
	if ex == nil {
		ex = []examples.Example{}
	}
	return mustJSON(ex)
}

// promptExamples reads rag.query_contexts.examples back for the prompt.
// Every attempt of a question sees the examples retrieval chose, even if
// the store changed since.
func promptExamples(raw []byte) []prompt.Example {
	var ex []examples.Example
	if len(raw) == 0 || json.Unmarshal(raw, &ex) != nil {
		return nil
	}
	out := make([]prompt.Example, len(ex))
	for i, e := range ex {
		out[i] = prompt.Example{Question: e.Question, SQL: e.SQL}
	}
	return out
}

// CheckExamples checks database's examples with the guard and EXPLAIN, as
// the nl2sql.examples_check job does: those not checked against the
// current catalog, or all of them.
func (s *Runner) CheckExamples(ctx context.Context, database string, all bool) (examples.Checked, error) {
	return s.examples.CheckExamples(ctx, s.checkSQL, database, all)
}
