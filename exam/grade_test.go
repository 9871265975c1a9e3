package exam_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/exam/compare"
	"github.com/nl2sql/nl2sql/internal/catalog"
)

// shopCatalog: orders → customers, order_lines → orders, order_lines →
// products; regions stands alone.
func shopCatalog() *catalog.Snapshot {
	table := func(name string) *catalog.Table {
		return &catalog.Table{Schema: "shop", Name: name, Kind: catalog.KindTable, Columns: []catalog.Column{{Name: "id", Type: "integer"}}}
	}
	fk := func(from, to string) catalog.ForeignKey {
		return catalog.ForeignKey{
			Name: from + "_" + to + "_fk", Schema: "shop", Table: from, Columns: []string{to + "_id"},
			RefSchema: "shop", RefTable: to, RefColumns: []string{"id"},
		}
	}
	return &catalog.Snapshot{
		Database: "shop", Schemas: []string{"shop"},
		Tables:      []*catalog.Table{table("customers"), table("order_lines"), table("orders"), table("products"), table("regions")},
		ForeignKeys: []catalog.ForeignKey{fk("order_lines", "orders"), fk("order_lines", "products"), fk("orders", "customers")},
	}
}

func result(t *testing.T, cols, rows string) *compare.Result {
	t.Helper()
	var r compare.Result
	for _, c := range strings.Split(cols, ",") {
		name, typ, _ := strings.Cut(c, ":")
		r.Columns = append(r.Columns, compare.Column{Name: name, Type: typ})
	}
	dec := json.NewDecoder(strings.NewReader(rows))
	dec.UseNumber()
	require.NoError(t, dec.Decode(&r.Rows))
	return &r
}

func TestGrade(t *testing.T) {
	t.Parallel()
	gold := *result(t, "name:text,total:numeric", `[["Ada", 200.50], ["Grace", 42.25]]`)
	right := result(t, "total:numeric,name:text", `[[42.25, "Grace"], [200.5, "Ada"]]`)
	wrong := result(t, "name:text,total:numeric", `[["Ada", 200.50]]`)
	extra := result(t, "id:integer,name:text,total:numeric", `[[1, "Ada", 200.50], [2, "Grace", 42.25]]`)
	snap := shopCatalog()
	all := []string{"customers", "order_lines", "orders", "products", "regions"}

	ok := func(a exam.Answer) exam.Answer {
		a.Status = "succeeded"
		if a.Result != nil {
			a.RowCount = len(a.Result.Rows)
		}
		return a
	}
	failed := func(class, state, stage string, generations int, msg string) exam.Answer {
		return exam.Answer{
			Status: "failed", ErrorClass: class, SQLSTATE: state, LastStage: stage, LastSQLSTATE: state,
			Generations: generations, Attempts: generations, Error: msg, Retrieved: all,
		}
	}

	for _, tc := range []struct {
		name     string
		expected []string
		exact    bool
		ans      exam.Answer
		failure  string // "" means pass
		reason   string // substring
	}{
		{name: "Pass", expected: []string{"customers", "orders"}, ans: ok(exam.Answer{Result: right, Retrieved: all})},
		{name: "ExtraColumnAccepted", ans: ok(exam.Answer{Result: extra, Retrieved: all})},
		{
			name: "ExtraColumnRefusedWhenExact", exact: true, ans: ok(exam.Answer{Result: extra, Retrieved: all}),
			failure: exam.LLMReasoning, reason: "wrong result: answer has 3 columns, gold has 2",
		},
		{
			name: "WrongWithEverythingRetrieved", expected: []string{"customers", "orders"}, ans: ok(exam.Answer{Result: wrong, Retrieved: all}),
			failure: exam.LLMReasoning, reason: "wrong result: row count 2 vs 1",
		},
		{
			name: "RetrievalMiss", expected: []string{"customers", "orders"}, ans: ok(exam.Answer{Result: wrong, Retrieved: []string{"orders", "regions"}}),
			failure: exam.RetrievalMiss, reason: "expected table(s) not in the schema context: customers; wrong result: row count 2 vs 1",
		},
		{
			name: "NothingExpectedRetrieved", expected: []string{"order_lines", "orders", "products"}, ans: ok(exam.Answer{Result: wrong, Retrieved: []string{"customers"}}),
			failure: exam.RetrievalMiss, reason: "not in the schema context: order_lines, orders, products",
		},
		{
			name: "JoinPathMiss", expected: []string{"order_lines", "orders", "products"}, ans: ok(exam.Answer{Result: wrong, Retrieved: []string{"orders", "products", "customers"}}),
			failure: exam.JoinPathMiss, reason: "join path not in the schema context: order_lines (joins orders and products)",
		},
		{
			name: "TwoHopJoinPathMiss", expected: []string{"customers", "order_lines", "orders", "products"}, ans: ok(exam.Answer{Result: wrong, Retrieved: []string{"customers", "products"}}),
			failure: exam.JoinPathMiss, reason: "order_lines and orders (joins customers and products)",
		},
		{
			name: "MissingLeafIsNoJoinPath", expected: []string{"customers", "order_lines", "orders", "products"}, ans: ok(exam.Answer{Result: wrong, Retrieved: []string{"order_lines", "orders"}}),
			failure: exam.RetrievalMiss, reason: "customers and products",
		},
		{
			name: "NoContextRecorded", expected: []string{"orders"}, ans: ok(exam.Answer{Result: wrong}),
			failure: exam.LLMReasoning, reason: "no schema context recorded",
		},
		{
			name: "TruncatedLonger", ans: ok(exam.Answer{Result: result(t, "name:text,total:numeric", `[["Ada", 200.50], ["Grace", 42.25]]`), Truncated: true, Retrieved: all}),
			failure: exam.LLMReasoning, reason: "more than 2 rows (the answer was truncated at max_rows), gold has 2",
		},
		{
			name: "TruncatedBelowGold", ans: ok(exam.Answer{Result: wrong, Truncated: true, Retrieved: all}),
			failure: exam.InfraFailure, reason: "cannot be graded: the answer was truncated at 1 rows by max_rows and gold has 2",
		},
		{
			// max_rows let gold's rows through: the byte cap cut the answer.
			name: "TruncatedByBytes", ans: ok(exam.Answer{Result: wrong, Truncated: true, MaxRows: 1000, Retrieved: all}),
			failure: exam.LLMReasoning, reason: "wrong result: the answer was cut at the result byte cap after 1 rows, gold has 2",
		},
		{
			name: "ServerLimitIsTheSQLs", ans: failed("infra_failure", "54000", "execute", 1, "requested length too large"),
			failure: exam.ExecutionError, reason: "the SQL met a server limit: requested length too large",
		},
		{name: "SucceededWithoutResult", ans: ok(exam.Answer{Retrieved: all}), failure: exam.InfraFailure, reason: "no result was stored"},
		{
			name: "InfraFailure", ans: failed("infra_failure", "", "", 0, "cannot reach Ollama at http://x: connection refused"),
			failure: exam.InfraFailure, reason: "cannot reach Ollama",
		},
		{
			name: "Unknown", ans: failed("unknown", "", "", 1, "the job that was processing this question no longer exists"),
			failure: exam.InfraFailure, reason: "error class unknown",
		},
		{
			name: "RefusedBeforeGeneration", ans: failed("validation_block", "", "", 0, "database has no tables"),
			failure: exam.InfraFailure, reason: "refused before generation (configuration): database has no tables",
		},
		{
			name: "RefusedByTheGuard", ans: failed("validation_block", "42501", "policy", 1, "only SELECT is allowed"),
			failure: exam.LLMReasoning, reason: "the model's SQL was refused by the guard at policy: only SELECT is allowed",
		},
		{
			name: "RefusedByTheDatabase", ans: failed("validation_block", "42501", "execute", 1, "permission denied for table orders"),
			failure: exam.LLMReasoning, reason: "refused by the database at execute",
		},
		{
			name: "ColumnMiss", ans: failed("sql_error", "42703", "explain", 3, "no valid SQL after 3 attempt(s); last error: column c.customer_name does not exist"),
			failure: exam.ColumnMiss, reason: "column c.customer_name does not exist",
		},
		{
			name: "ValidationExhausted", ans: failed("sql_error", "42P01", "explain", 3, "no valid SQL after 3 attempt(s); last error: relation \"clients\" does not exist"),
			failure: exam.ValidationExhausted, reason: "relation",
		},
		{
			name: "NoSQLInReplies", ans: failed("sql_error", "", "parse", 3, "no valid SQL after 3 attempt(s); last error: the model's reply contained no SQL statement"),
			failure: exam.ValidationExhausted, reason: "contained no SQL",
		},
		{
			name: "ExecutionError", ans: failed("sql_error", "22012", "execute", 3, "no valid SQL after 3 attempt(s); last error: division by zero"),
			failure: exam.ExecutionError, reason: "division by zero",
		},
		{
			name: "ExecutionTimeout", ans: failed("query_timeout", "57014", "execute", 3, "canceling statement due to statement timeout"),
			failure: exam.ExecutionError, reason: "statement timeout",
		},
		{
			name: "ColumnMissAtExecuteIsExecution", ans: failed("sql_error", "42703", "execute", 3, "column does not exist"),
			failure: exam.ExecutionError,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			q := exam.Question{ID: "q1", Question: "Revenue per customer?", Difficulty: "easy", ExpectedTables: tc.expected, GoldSQL: "SELECT 1"}
			got := exam.Grade(q, gold, tc.ans, exam.GradeOptions{ExactColumns: tc.exact, Catalog: snap})
			require.Equal(t, tc.failure == "", got.Pass, "reason: %s", got.Reason)
			require.Equal(t, tc.failure, got.FailureType, "reason: %s", got.Reason)
			require.Contains(t, got.Reason, tc.reason)
			if got.Pass {
				require.Empty(t, got.Reason)
			}
			require.Equal(t, 2, got.GoldRows)
		})
	}
}

func TestGradeRetrievalScores(t *testing.T) {
	t.Parallel()
	gold := *result(t, "n:integer", `[[1]]`)
	q := exam.Question{ID: "q1", Question: "Q?", Difficulty: "easy", ExpectedTables: []string{"customers", "orders"}, GoldSQL: "SELECT 1"}
	ans := exam.Answer{
		Status: "succeeded", Result: result(t, "n:integer", `[[1]]`), RowCount: 1,
		Retrieved: []string{`"orders"`, "shop.customers", "products"},
		SQL:       "WITH recent AS (SELECT * FROM orders) SELECT count(*) FROM recent r JOIN shop.customers c ON true JOIN orders o ON true",
	}

	got := exam.Grade(q, gold, ans, exam.GradeOptions{Catalog: shopCatalog()})
	require.True(t, got.Pass)
	require.InDelta(t, 2.0/3, *got.Precision, 1e-12, "names resolve through the catalog")
	require.InDelta(t, 1.0, *got.Recall, 1e-12)
	require.Equal(t, []string{`"orders"`, "shop.customers", "products"}, got.RetrievedTables)
	require.Equal(t, []string{"orders", "shop.customers"}, got.UsedTables, "CTE names are not tables")
	require.Equal(t, 1, *got.AnswerRows)
	require.False(t, *got.AnswerTruncated)

	ans.Retrieved = nil
	got = exam.Grade(q, gold, ans, exam.GradeOptions{Catalog: shopCatalog()})
	require.Nil(t, got.Precision, "no schema context: no scores")
	require.Nil(t, got.Recall)

	// No expected tables: nothing to score, NULL in rag.exam_results so
	// that the views' means leave the question out, as the report does.
	q.ExpectedTables = nil
	ans.Retrieved = []string{"shop.customers", "orders"}
	got = exam.Grade(q, gold, ans, exam.GradeOptions{Catalog: shopCatalog()})
	require.Nil(t, got.Precision, "no expected tables: no scores")
	require.Nil(t, got.Recall)
	require.Equal(t, []string{"shop.customers", "orders"}, got.RetrievedTables)

	require.Nil(t, exam.UsedTables("SELEC nothing"))
}
