package erp_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// question mirrors the documented format (exam/QUESTIONS.md); unknown fields
// are an error.
type question struct {
	ID             string   `json:"id"`
	Question       string   `json:"question"`
	Difficulty     string   `json:"difficulty"`
	Modules        []string `json:"modules"`
	ExpectedTables []string `json:"expected_tables"`
	GoldSQL        string   `json:"gold_sql"`
	OrderMatters   bool     `json:"order_matters"`
	Notes          string   `json:"notes"`
}

func questions(t *testing.T) []question {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(erp.QuestionsJSON))
	dec.DisallowUnknownFields()
	var qs []question
	require.NoError(t, dec.Decode(&qs))
	return qs
}

// expectsNoRows marks a question whose correct answer is empty.
func (q question) expectsNoRows() bool { return strings.Contains(q.Notes, "expects no rows") }

// sqlFacts is what the parse tree of a gold query tells.
type sqlFacts struct {
	statements int
	selectStmt bool
	topOrderBy bool
	tables     []string
	functions  []string
	valueFuncs int // current_date, current_timestamp, ...
}

func parseGold(t *testing.T, sql string) sqlFacts {
	t.Helper()
	script, err := pgsql.Parse(sql)
	require.NoError(t, err)
	f := sqlFacts{statements: len(script.Statements)}
	if len(script.Statements) != 1 {
		return f
	}
	st := script.Statements[0]
	f.selectStmt = st.Kind == pgsql.KindSelect
	a := st.Analysis()
	f.topOrderBy = len(a.Scopes) > 0 && a.Scopes[0].HasOrderBy
	tables := map[string]bool{}
	for _, tr := range a.Tables {
		tables[tr.Name] = true // CTE references are not tables
	}
	for name := range tables {
		f.tables = append(f.tables, name)
	}
	slices.Sort(f.tables)
	for _, fn := range a.Functions {
		f.functions = append(f.functions, fn.Name)
	}
	toks, err := pgsql.Scan(sql)
	require.NoError(t, err)
	for _, tok := range toks {
		switch tok.Keyword {
		case "current_date", "current_time", "current_timestamp", "localtime", "localtimestamp":
			f.valueFuncs++
		}
	}
	return f
}

func TestQuestions(t *testing.T) {
	t.Parallel()
	qs := questions(t)
	require.Len(t, qs, 60)
	counts := map[string]int{}
	ids := map[string]bool{}
	core := erp.CoreTables()
	idRE := regexp.MustCompile(`^q\d{2}$`)
	clockFuncs := []string{"now", "clock_timestamp", "statement_timestamp", "transaction_timestamp", "timeofday", "random"}
	for _, q := range qs {
		t.Run(q.ID, func(t *testing.T) {
			require.Regexp(t, idRE, q.ID)
			require.False(t, ids[q.ID], "duplicate id")
			ids[q.ID] = true
			counts[q.Difficulty]++
			require.NotEmpty(t, q.Question)
			require.NotContains(t, strings.ToLower(q.Question), "sql")
			require.Contains(t, []string{"easy", "medium", "hard"}, q.Difficulty)
			require.NotEmpty(t, q.Modules)
			for _, m := range q.Modules {
				require.Contains(t, modules, m)
			}
			require.True(t, slices.IsSorted(q.ExpectedTables), "expected_tables sorted")
			for _, tbl := range q.ExpectedTables {
				require.Contains(t, core, tbl, "expected table exists")
			}

			f := parseGold(t, q.GoldSQL)
			require.Equal(t, 1, f.statements, "one statement")
			require.True(t, f.selectStmt, "a SELECT (or WITH ... SELECT)")
			require.Equal(t, q.ExpectedTables, f.tables, "expected_tables are the tables the gold SQL reads")
			for _, fn := range f.functions {
				require.NotContains(t, clockFuncs, fn, "gold SQL is anchored on fixed dates")
			}
			require.Zero(t, f.valueFuncs, "no current_date / current_timestamp")
			require.NotContains(t, q.GoldSQL, "erp.", "table names are unqualified")
			if q.OrderMatters {
				require.True(t, f.topOrderBy, "order_matters needs an ORDER BY")
			}
		})
	}
	require.Equal(t, map[string]int{"easy": 20, "medium": 25, "hard": 15}, counts)
}

// TestGoldSQL runs every gold query on the generated data, read-only and
// with the search path a registered database gets, and compares the
// answers with testdata/answers.golden.json.
func TestGoldSQL(t *testing.T) {
	t.Parallel()
	ctx, pool := setup(t)
	conn, err := pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'; SET extra_float_digits = 1")
	require.NoError(t, err)

	answers := map[string]string{}
	for _, q := range questions(t) {
		rows := runGold(t, ctx, conn.Conn(), q)
		if q.expectsNoRows() {
			require.Empty(t, rows, q.ID)
		} else {
			require.NotEmpty(t, rows, "%s returns no rows", q.ID)
		}
		require.LessOrEqual(t, len(rows), 500, q.ID)
		if !q.OrderMatters {
			slices.Sort(rows)
		}
		sum := md5.Sum([]byte(strings.Join(rows, "\n")))
		answers[q.ID] = fmt.Sprintf("%d rows %s", len(rows), hex.EncodeToString(sum[:]))
	}
	golden(t, "answers.golden.json", answers)
}

// runGold returns the result rows of q's gold SQL as text.
func runGold(t *testing.T, ctx context.Context, conn *pgx.Conn, q question) []string {
	t.Helper()
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	_, err = tx.Exec(ctx, "SET LOCAL search_path = erp")
	require.NoError(t, err)
	res, err := tx.Query(ctx, q.GoldSQL, pgx.QueryExecModeSimpleProtocol)
	require.NoError(t, err, q.ID)
	var out []string
	for res.Next() {
		var cells []string
		for _, v := range res.RawValues() {
			if v == nil {
				cells = append(cells, "NULL")
			} else {
				cells = append(cells, string(v))
			}
		}
		out = append(out, strings.Join(cells, "|"))
	}
	require.NoError(t, res.Err(), q.ID)
	return out
}
