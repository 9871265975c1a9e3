package exam_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/sqlguard"
	"github.com/nl2sql/nl2sql/internal/target"
)

// erpFixture is the demo ERP in the test template (the same fixture as
// exam/erp's tests, so the template is shared).
var erpFixture = dbtest.Fixture{
	Name:    "erp",
	Version: erp.Version,
	Load: func(ctx context.Context, pool *pgxpool.Pool) error {
		return erp.Load(ctx, pool, erp.LoadOptions{})
	},
}

func erpAnnotations(t *testing.T) []byte {
	t.Helper()
	ann, err := erp.Annotations(erp.LoadOptions{})
	require.NoError(t, err)
	return ann
}

func pick(t *testing.T, ids ...string) []exam.Question {
	t.Helper()
	all := exam.ERPQuestions()
	var out []exam.Question
	for _, id := range ids {
		for _, q := range all {
			if q.ID == id {
				out = append(out, q)
			}
		}
	}
	require.Len(t, out, len(ids))
	return out
}

// TestRunnerERP grades answers on the real demo ERP: the gold SQL itself,
// gold with its columns reordered, gold with an extra column, and a wrong
// answer.
func TestRunnerERP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t, erpFixture)
	env := startPipeline(t, db, "erp", "erp", erpAnnotations(t))
	qs := pick(t, "q01", "q02", "q05", "q04")
	sql := map[string]string{
		"q01": qs[0].GoldSQL,
		"q02": "SELECT d.name AS department, d.department_code AS code FROM departments d ORDER BY d.name",
		"q05": "SELECT leave_type_id, code, name FROM leave_types WHERE is_paid = false",
		// Deleted customers counted too.
		"q04": "SELECT billing_country_code, count(*) FROM customers GROUP BY billing_country_code",
	}
	for _, q := range qs {
		env.ollama.Answer(ollamatest.Contains(q.Question), fence(sql[q.ID]))
	}

	runner, err := exam.NewRunner(db.Pool, env.targets, exam.Config{
		Database: "erp", Questions: qs, Model: model,
		PollInterval: 100 * time.Millisecond, Timeout: 2 * time.Minute,
	})
	require.NoError(t, err)
	runs, err := runner.Run(ctx)
	require.NoError(t, err)
	require.Len(t, runs, 1)
	res := runs[0].Results
	require.Len(t, res, 4)
	for i, want := range []bool{true, true, true, false} {
		require.Equal(t, want, res[i].Pass, "%s: %s", res[i].Question.ID, res[i].Reason)
	}
	require.Equal(t, exam.LLMReasoning, res[3].FailureType, "every expected table was in the context")
	require.Contains(t, res[3].Reason, "wrong result")
	require.InDelta(t, 0.75, *runs[0].Accuracy, 1e-12)
	require.InDelta(t, 1.0, *res[0].Recall, 1e-12)
	require.InDelta(t, 1.0/float64(erp.CoreTableCount()), *res[0].Precision, 1e-12, "the full schema was the context")
	require.Equal(t, []string{"employees"}, res[0].UsedTables)
}

// TestCheckERP is the proof that every gold SQL of the ERP exam passes the
// guard with the demo database's catalog and runs read-only.
func TestCheckERP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t, erpFixture)
	conn, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	_, err = catalog.Refresh(ctx, db.Pool, conn, catalog.Database{Name: "erp", DSN: db.URL, Schemas: []string{erp.Schema}}, erpAnnotations(t))
	require.NoError(t, err)
	targets, err := target.New(target.Config{})
	require.NoError(t, err)
	defer targets.Close()

	qs := exam.ERPQuestions()
	res, err := exam.Check(ctx, db.Pool, targets, exam.CheckConfig{Database: "erp", Questions: qs})
	require.NoError(t, err)
	require.Equal(t, erp.CoreTableCount(), res.Tables)
	require.Equal(t, []string{"Finance", "HR", "Inventory", "Manufacturing", "Payroll", "Procurement", "Projects", "Sales"}, res.Modules)
	require.Equal(t, map[string]int{"easy": 20, "medium": 25, "hard": 15}, res.Difficulties)
	require.Len(t, res.Gold, 60)
	for _, g := range res.Gold {
		require.True(t, g.Guard, "%s: the guard refused the gold SQL at %s: %v", g.QuestionID, g.GuardStage, g.GuardErrors)
		for _, is := range g.Lint {
			// Lint runs with the real catalog, column types included.
			require.NotEqual(t, sqlguard.SeverityError, is.Severity, "%s: lint error on gold SQL: %s", g.QuestionID, is.Message)
			t.Logf("%s: lint %s (%s): %s", g.QuestionID, is.Code, is.Severity, is.Message)
		}
		require.True(t, g.Ran, "%s: %v", g.QuestionID, g.Problems)
		require.True(t, g.OK(), "%s: %v", g.QuestionID, g.Problems)
	}
	require.Equal(t, 60, res.GoldOK())

	// A broken exam is reported question by question.
	bad := []exam.Question{
		{ID: "x1", Question: "Q?", Difficulty: "easy", GoldSQL: "DELETE FROM employees"},
		{ID: "x2", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT employee_name FROM employees"},
		{ID: "x3", Question: "Q?", Difficulty: "hard", GoldSQL: "SELECT 1 FROM employees WHERE false", ExpectedTables: []string{"staff"}},
		{ID: "x4", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT first_name FROM employees WHERE manager_id = NULL OR last_name = 42"},
		{ID: "x5", Question: "Q?", Difficulty: "easy", GoldSQL: "SELECT first_name FROM employees", OrderMatters: true},
	}
	res, err = exam.Check(ctx, db.Pool, targets, exam.CheckConfig{Database: "erp", Questions: bad})
	require.NoError(t, err)
	require.Zero(t, res.GoldOK())
	require.False(t, res.Gold[0].Guard)
	require.Contains(t, res.Gold[0].Problems[0], "refused by the guard at policy")
	require.Contains(t, res.Gold[0].Problems[1], "failed to run", "a read-only transaction refuses the write")
	require.True(t, res.Gold[1].Guard, "the guard's catalog check does not resolve columns; EXPLAIN does")
	require.Contains(t, res.Gold[1].Problems[0], `failed to run (SQLSTATE 42703): column "employee_name" does not exist HINT: Perhaps`)
	require.Equal(t, []string{
		`returns no rows (if that is the answer, say "expects no rows" in notes)`,
		`expected table "staff" is not in the catalog of erp`,
	}, res.Gold[2].Problems)
	require.False(t, res.Gold[3].Guard)
	require.Equal(t, "lint", res.Gold[3].GuardStage)
	var lint []string
	for _, is := range res.Gold[3].Lint {
		lint = append(lint, is.Code+"/"+string(is.Severity))
	}
	require.Equal(t, []string{"null_comparison/error", "type_mismatch_comparison/warning"}, lint,
		"lint sees the real catalog's column types")
	require.True(t, res.Gold[4].Guard)
	require.True(t, res.Gold[4].Ran)
	require.Equal(t, []string{"order_matters is set but the gold SQL has no ORDER BY at its outermost level, so its row order is not defined"},
		res.Gold[4].Problems)
}
