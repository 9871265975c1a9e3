package exam

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/exam/compare"
	"github.com/nl2sql/nl2sql/exam/report"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// The failure taxonomy (see the package documentation for the rules). The
// values are those of rag.exam_results.failure_type and of exam/report.
const (
	RetrievalMiss       = report.RetrievalMiss
	JoinPathMiss        = report.JoinPathMiss
	ColumnMiss          = report.ColumnMiss
	ExecutionError      = report.ExecutionError
	LLMReasoning        = report.LLMReasoning
	ValidationExhausted = report.ValidationExhausted
	InfraFailure        = report.InfraFailure
)

// sqlstateUndefinedColumn is the SQLSTATE of a column that does not exist.
const sqlstateUndefinedColumn = "42703"

// Answer is what the pipeline left behind for one question: rag.queries,
// its stored result, its last attempt and its stage timings.
type Answer struct {
	QueryID int64
	// Status is rag.queries.status: succeeded or failed.
	Status string
	// SQL is the SQL that ran (succeeded), or the last attempt's SQL.
	SQL        string
	ErrorClass string
	SQLSTATE   string
	Error      string
	Attempts   int
	// Retrieved are the tables of the schema context (tablesIncluded); nil
	// when the question never got a context.
	Retrieved []string
	// Result is the stored result; nil when none was stored.
	Result    *compare.Result
	RowCount  int
	Truncated bool
	// MaxRows is the options.max_rows the question was asked with; 0 when
	// unknown. A result truncated below it was cut by the byte cap.
	MaxRows int
	// LastStage and LastSQLSTATE describe the last generation attempt's
	// failure: parse, policy, lint, explain or execute.
	LastStage    string
	LastSQLSTATE string
	// Generations is the number of rag.attempts rows (0: the question
	// failed before any SQL was generated).
	Generations int
	// StageMs is the time per stage in ms, all attempts summed: queue,
	// retrieve, generate, validate, execute; a stage that never ran is
	// absent.
	StageMs map[string]float64
	// TotalMs is from the INSERT to the terminal status; nil if unknown.
	TotalMs *float64
}

// Result is one graded question.
type Result struct {
	Question Question
	// Ordinal is the question's position in the exam.
	Ordinal int
	QueryID int64
	Pass    bool
	// FailureType is one of the taxonomy's types; "" when Pass.
	FailureType string
	// Reason explains a failure for people.
	Reason string
	// RetrievedTables are the tables of the schema context; nil when the
	// question never got one.
	RetrievedTables []string
	// UsedTables are the tables the SQL reads (from its parse tree).
	UsedTables []string
	// Precision and Recall compare RetrievedTables with the expected
	// tables; nil without a schema context or without expected tables.
	Precision, Recall *float64
	Attempts          int
	ErrorClass        string
	SQLSTATE          string
	Error             string
	GoldRows          int
	// AnswerRows and AnswerTruncated describe the stored result; nil
	// without one.
	AnswerRows      *int
	AnswerTruncated *bool
	StageMs         map[string]float64
	TotalMs         *float64
	SQL             string
}

// GradeOptions configure Grade.
type GradeOptions struct {
	// ExactColumns refuses answers with more columns than gold. Defaults to
	// false: extra columns are accepted (compare.Options).
	ExactColumns bool
	// Catalog resolves table names and provides the foreign keys that tell
	// a join_path_miss from a retrieval_miss. Defaults to nil: names are
	// compared as written and a missing table is a retrieval_miss.
	Catalog *catalog.Snapshot
}

// Grade grades one answer against its gold result and classifies a
// failure, following the rules of the package documentation.
func Grade(q Question, gold compare.Result, ans Answer, opts GradeOptions) Result {
	res := Result{
		Question: q, QueryID: ans.QueryID, Attempts: ans.Attempts, ErrorClass: ans.ErrorClass,
		SQLSTATE: ans.SQLSTATE, Error: ans.Error, GoldRows: len(gold.Rows), StageMs: ans.StageMs, TotalMs: ans.TotalMs,
		SQL: ans.SQL, UsedTables: UsedTables(ans.SQL),
	}
	if ans.Result != nil {
		n, tr := ans.RowCount, ans.Truncated
		res.AnswerRows, res.AnswerTruncated = &n, &tr
	}
	tables := newTableSets(opts.Catalog, q.ExpectedTables, ans.Retrieved)
	if ans.Retrieved != nil {
		res.RetrievedTables = slices.Clone(ans.Retrieved)
		// Without expected tables there is nothing to score: TableOverlap's
		// recall 1 and precision 0 would be averaged into the rag.exam_*
		// views, which the report leaves out.
		if len(tables.expected) > 0 {
			p, r := report.TableOverlap(tables.expected, tables.retrieved)
			res.Precision, res.Recall = &p, &r
		}
	}

	if ans.Status != "succeeded" {
		res.FailureType, res.Reason = classifyFailed(ans)
		return res
	}
	if ans.Result == nil {
		res.FailureType, res.Reason = InfraFailure, "the question succeeded but no result was stored"
		return res
	}
	v := compare.Compare(gold, *ans.Result, compare.Options{OrderMatters: q.OrderMatters, ExactColumns: opts.ExactColumns})
	wrong := "wrong result: " + v.Reason
	switch {
	case ans.Truncated && ans.RowCount >= len(gold.Rows):
		wrong = fmt.Sprintf("wrong result: more than %d rows (the answer was truncated at max_rows), gold has %d", ans.RowCount, len(gold.Rows))
	case ans.Truncated && ans.MaxRows > 0 && ans.RowCount < ans.MaxRows:
		// Cut before max_rows: by the result's byte cap, which gold's
		// result (graded) fitted in. The answer's rows are too big.
		wrong = fmt.Sprintf("wrong result: the answer was cut at the result byte cap after %d rows, gold has %d", ans.RowCount, len(gold.Rows))
	case ans.Truncated:
		// Not the model's fault: the exam's max_rows was below gold's size.
		res.FailureType = InfraFailure
		res.Reason = fmt.Sprintf("cannot be graded: the answer was truncated at %d rows by max_rows and gold has %d; raise max_rows", ans.RowCount, len(gold.Rows))
		return res
	case v.Match:
		res.Pass = true
		return res
	}
	res.FailureType, res.Reason = tables.classifyWrong(opts.Catalog, wrong)
	return res
}

// classifyFailed classifies a question the pipeline failed.
func classifyFailed(ans Answer) (string, string) {
	msg := ans.Error
	if msg == "" {
		msg = "(no message)"
	}
	switch errclass.Class(ans.ErrorClass) {
	case errclass.InfraFailure:
		if strings.HasPrefix(ans.SQLSTATE, "54") {
			// A program limit (a value over 1 GB, a statement too complex)
			// is the statement's: the model's SQL, not the service, met it.
			return ExecutionError, "the SQL met a server limit: " + msg
		}
		return InfraFailure, msg
	case errclass.ValidationBlock:
		if ans.Generations == 0 {
			// Refused before any SQL existed: the database, its catalog or
			// the options, not the model.
			return InfraFailure, "refused before generation (configuration): " + msg
		}
		who := "the guard"
		if ans.LastStage == "execute" || ans.LastStage == "explain" {
			who = "the database"
		}
		if ans.LastStage != "" {
			who += " at " + ans.LastStage
		}
		return LLMReasoning, fmt.Sprintf("the model's SQL was refused by %s: %s", who, msg)
	case errclass.SQLError, errclass.QueryTimeout:
		if ans.LastStage == "execute" {
			return ExecutionError, msg
		}
		if ans.SQLSTATE == sqlstateUndefinedColumn || (ans.SQLSTATE == "" && ans.LastSQLSTATE == sqlstateUndefinedColumn) {
			return ColumnMiss, msg
		}
		return ValidationExhausted, msg
	case errclass.Unknown:
		return InfraFailure, "the pipeline failed (error class unknown): " + msg
	}
	if ans.Status != "failed" {
		return InfraFailure, fmt.Sprintf("the question did not finish (status %s)", ans.Status)
	}
	return InfraFailure, fmt.Sprintf("the pipeline failed (error class %q): %s", ans.ErrorClass, msg)
}

// tableSets are a question's expected and retrieved tables as catalog keys
// ("schema.table" when the catalog knows the table, else the name as
// written, unquoted); expected holds each table once, in the question's
// order.
type tableSets struct {
	expected, retrieved []string
	names               map[string]string // key -> name to show
}

func newTableSets(snap *catalog.Snapshot, expected, retrieved []string) *tableSets {
	s := &tableSets{names: map[string]string{}}
	for _, n := range expected {
		if k := s.key(snap, n); !slices.Contains(s.expected, k) {
			s.expected = append(s.expected, k)
		}
	}
	for _, n := range retrieved {
		s.retrieved = append(s.retrieved, s.key(snap, n))
	}
	return s
}

func (s *tableSets) key(snap *catalog.Snapshot, name string) string {
	k := strings.ReplaceAll(name, `"`, "")
	if snap != nil {
		if t := snap.Resolve(name); t != nil {
			k = t.Key()
		}
	}
	if _, ok := s.names[k]; !ok {
		s.names[k] = strings.ReplaceAll(name, `"`, "")
	}
	return k
}

// classifyWrong classifies a wrong answer: retrieval_miss or
// join_path_miss when an expected table was not in the schema context,
// else llm_reasoning.
func (s *tableSets) classifyWrong(snap *catalog.Snapshot, wrong string) (string, string) {
	if s.retrieved == nil && len(s.expected) > 0 {
		return LLMReasoning, wrong + " (no schema context recorded, so retrieval cannot be judged)"
	}
	got := map[string]bool{}
	for _, k := range s.retrieved {
		got[k] = true
	}
	var missing, present []string
	for _, k := range s.expected {
		if got[k] {
			present = append(present, k)
		} else {
			missing = append(missing, k)
		}
	}
	if len(missing) == 0 {
		return LLMReasoning, wrong
	}
	if links, ok := joinPaths(snap, missing, present); ok {
		parts := make([]string, len(links))
		for i, l := range links {
			parts[i] = fmt.Sprintf("%s (joins %s)", s.show(l.tables), s.show(l.ends))
		}
		return JoinPathMiss, fmt.Sprintf("join path not in the schema context: %s; %s", strings.Join(parts, ", "), wrong)
	}
	return RetrievalMiss, fmt.Sprintf("expected table(s) not in the schema context: %s; %s", s.show(missing), wrong)
}

func (s *tableSets) show(keys []string) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = s.names[k]
	}
	slices.Sort(out)
	if len(out) == 2 {
		return out[0] + " and " + out[1]
	}
	return strings.Join(out, ", ")
}

// link is a group of missing tables joined to each other by foreign keys,
// and the retrieved expected tables they join.
type link struct {
	tables, ends []string
}

// joinPaths reports whether the missing expected tables only link
// retrieved expected tables: the missing tables, grouped by the foreign
// keys between them, each touch (by a foreign key, either direction) at
// least two different retrieved expected tables. A missing table the
// catalog does not know, or a group with fewer ends, is a plain retrieval
// miss.
func joinPaths(snap *catalog.Snapshot, missing, present []string) ([]link, bool) {
	if snap == nil || len(present) < 2 {
		return nil, false
	}
	isMissing, isPresent := map[string]bool{}, map[string]bool{}
	for _, k := range missing {
		isMissing[k] = true
	}
	for _, k := range present {
		isPresent[k] = true
	}
	neighbors := map[string][]string{}
	for _, k := range missing {
		schema, name, _ := catalog.SplitTableKey(k)
		t := snap.Table(schema, name)
		if t == nil {
			return nil, false
		}
		for _, n := range snap.Neighbors(t) {
			neighbors[k] = append(neighbors[k], n.Key())
		}
	}
	seen := map[string]bool{}
	var links []link
	for _, start := range missing {
		if seen[start] {
			continue
		}
		var l link
		ends := map[string]bool{}
		stack := []string{start}
		seen[start] = true
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			l.tables = append(l.tables, k)
			for _, n := range neighbors[k] {
				switch {
				case isMissing[n] && !seen[n]:
					seen[n] = true
					stack = append(stack, n)
				case isPresent[n]:
					ends[n] = true
				}
			}
		}
		if len(ends) < 2 {
			return nil, false
		}
		for e := range ends {
			l.ends = append(l.ends, e)
		}
		slices.Sort(l.ends)
		links = append(links, l)
	}
	return links, true
}

// UsedTables lists the tables sql reads, as written (schema-qualified when
// written so), without CTE names, sorted and without duplicates; nil when
// sql does not parse.
func UsedTables(sql string) []string {
	if strings.TrimSpace(sql) == "" {
		return nil
	}
	script, err := pgsql.Parse(sql)
	if err != nil {
		return nil
	}
	var out []string
	for _, st := range script.Statements {
		for _, t := range st.Analysis().Tables {
			if t.Role == pgsql.RoleRead && !slices.Contains(out, t.QualifiedName()) {
				out = append(out, t.QualifiedName())
			}
		}
	}
	slices.Sort(out)
	return out
}

// decodeResult reads a result as stored in rag.query_results (columns and
// rows as JSON, numbers kept exact).
func decodeResult(columns, rows []byte) (*compare.Result, error) {
	var r compare.Result
	if err := json.Unmarshal(columns, &r.Columns); err != nil {
		return nil, fmt.Errorf("result columns: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(rows))
	dec.UseNumber()
	if err := dec.Decode(&r.Rows); err != nil {
		return nil, fmt.Errorf("result rows: %w", err)
	}
	if r.Rows == nil {
		r.Rows = [][]any{}
	}
	return &r, nil
}
