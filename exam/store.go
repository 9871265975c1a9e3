package exam

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// LoadReport reads recorded runs from rag.exam_runs and rag.exam_results
// into the report package's form, for the text, JSON and HTML views. Runs
// are in id order; unknown ids are skipped, and so are runs that did not
// finish (aborted or running): they have no accuracy, and the report would
// compute one from their questions. Report.Database is the first included
// run's database.
func LoadReport(ctx context.Context, db dbsqlc.DBTX, runIDs []int64) (*report.Report, error) {
	q := dbsqlc.New()
	all, err := q.ListExamRuns(ctx, db, runIDs)
	if err != nil {
		return nil, fmt.Errorf("exam: reading runs: %w", err)
	}
	var runs []*dbsqlc.RagExamRun
	var finished []int64
	for _, r := range all {
		if r.Status == "finished" {
			runs, finished = append(runs, r), append(finished, r.ID)
		}
	}
	results, err := q.ListExamResults(ctx, db, finished)
	if err != nil {
		return nil, fmt.Errorf("exam: reading results: %w", err)
	}
	byRun := map[int64][]report.Question{}
	for _, x := range results {
		byRun[x.RunID] = append(byRun[x.RunID], reportQuestion(x))
	}
	out := &report.Report{GeneratedAt: time.Now().UTC()}
	for _, r := range runs {
		if out.Database == "" {
			out.Database = r.DatabaseName
		}
		run := report.Run{ID: r.ID, Model: r.Model, StartedAt: r.StartedAt, Questions: byRun[r.ID], Config: flatConfig(r.Config)}
		if r.Label != nil {
			run.Config["label"] = *r.Label
		}
		if r.FinishedAt != nil {
			run.FinishedAt = *r.FinishedAt
		}
		out.Runs = append(out.Runs, run)
	}
	return out, nil
}

func reportQuestion(x *dbsqlc.RagExamResult) report.Question {
	q := report.Question{
		ID: x.QuestionID, Question: x.Question, Difficulty: x.Difficulty, Modules: x.Modules, Pass: x.Pass,
		FailureType: deref(x.FailureType), Reason: deref(x.Reason), ExpectedTables: x.ExpectedTables,
		RetrievedTables: x.RetrievedTables, Precision: deref(x.Precision), Recall: deref(x.Recall),
		Attempts: int(x.Attempts), SQL: deref(x.Sql), GoldSQL: x.GoldSql, Error: deref(x.Error),
	}
	if x.Precision == nil {
		// The question never got a schema context (it failed before
		// retrieval), or has no expected tables: leave it out of the
		// retrieval statistics, which the report computes over questions
		// with expected tables.
		q.ExpectedTables = nil
	}
	stages := map[string]*float64{
		"queue": x.QueueMs, "retrieve": x.RetrieveMs, "generate": x.GenerateMs,
		"validate": x.ValidateMs, "execute": x.ExecuteMs,
	}
	for _, name := range report.Stages {
		if v := stages[name]; v != nil {
			if q.StageMs == nil {
				q.StageMs = map[string]float64{}
			}
			q.StageMs[name] = *v
		}
	}
	return q
}

// flatConfig renders rag.exam_runs.config as the report's string map:
// strings as they are, anything else as JSON.
func flatConfig(raw []byte) map[string]string {
	out := map[string]string{}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return out
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := m[k]
		var s string
		if json.Unmarshal(v, &s) == nil {
			out[k] = s
			continue
		}
		var f float64
		if json.Unmarshal(v, &f) == nil {
			out[k] = strconv.FormatFloat(f, 'f', -1, 64)
			continue
		}
		out[k] = string(v)
	}
	return out
}
