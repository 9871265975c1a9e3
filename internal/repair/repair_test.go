package repair

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// verdict is what a golden case records besides the repaired SQL.
type verdict struct {
	Applied   bool         `json:"applied"`
	Fixes     []Fix        `json:"fixes,omitempty"`
	Observed  *Observation `json:"observed,omitempty"`
	Reason    string       `json:"reason"`
	Whitelist *Whitelist   `json:"whitelist,omitempty"`
	Stale     []string     `json:"stale,omitempty"`
}

func setup(t testing.TB) *catalog.Snapshot {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "catalog.json"))
	require.NoError(t, err)
	var s catalog.Snapshot
	require.NoError(t, json.Unmarshal(b, &s))
	return &s
}

// readCase reads testdata/<name>: input.sql; error.txt (SQLSTATE, message,
// and optionally "at: text", the error's position at text's first
// occurrence); config.json (optional).
func readCase(t *testing.T, dir string) (string, Failure, Config) {
	t.Helper()
	in, err := os.ReadFile(filepath.Join(dir, "input.sql"))
	require.NoError(t, err)
	sql := strings.TrimSuffix(string(in), "\n")
	e, err := os.ReadFile(filepath.Join(dir, "error.txt"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(e), "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 2, "error.txt: SQLSTATE and message")
	f := Failure{SQLSTATE: lines[0], Message: lines[1]}
	if len(lines) > 2 {
		at, ok := strings.CutPrefix(lines[2], "at: ")
		require.True(t, ok, "error.txt line 3: at: text")
		i := strings.Index(sql, at)
		require.GreaterOrEqual(t, i, 0, "%q is not in input.sql", at)
		f.Position = utf8.RuneCountInString(sql[:i]) + 1
	}
	var cfg Config
	if b, err := os.ReadFile(filepath.Join(dir, "config.json")); err == nil {
		require.NoError(t, json.Unmarshal(b, &cfg))
	}
	return sql, f, cfg
}

// golden compares got with dir/file (absent when want is ""), or rewrites it.
func golden(t *testing.T, dir, file, got string) {
	t.Helper()
	path := filepath.Join(dir, file)
	if *update {
		if got == "" {
			_ = os.Remove(path)
			return
		}
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		want = nil
	} else {
		require.NoError(t, err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// TestRepairGolden runs every case of testdata: the repaired SQL goes to
// output.sql (absent when nothing was applied), the rest to verdict.json.
func TestRepairGolden(t *testing.T) {
	t.Parallel()
	snap := setup(t)
	dirs, err := os.ReadDir("testdata")
	require.NoError(t, err)
	n := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "fuzz" {
			continue // fuzz: FuzzRepair's corpus
		}
		n++
		dir := filepath.Join("testdata", d.Name())
		t.Run(d.Name(), func(t *testing.T) {
			t.Parallel()
			sql, f, cfg := readCase(t, dir)
			r, err := New(cfg)
			require.NoError(t, err)
			res := r.Repair(sql, f, snap)

			out := ""
			if res.Applied {
				require.NotEqual(t, sql, res.SQL)
				_, err := pgsql.Parse(res.SQL)
				require.NoError(t, err, "a repair never returns SQL that does not parse")
				out = res.SQL + "\n"
			} else {
				require.Equal(t, sql, res.SQL, "nothing applied, nothing changed")
				require.Empty(t, res.Fixes)
			}
			if res.Observed != nil && res.Observed.Applied {
				require.True(t, res.Observed.Passed, "the surgical tier rewrites only when every gate passed")
				require.Equal(t, ModeActive, res.Observed.Mode)
			}
			golden(t, dir, "output.sql", out)
			b, err := json.MarshalIndent(verdict{res.Applied, res.Fixes, res.Observed, res.Reason, res.Whitelist, res.Stale}, "", "  ")
			require.NoError(t, err)
			golden(t, dir, "verdict.json", string(b)+"\n")
		})
	}
	require.Greater(t, n, 40, "the golden cases are there")
}

// TestRepairKeepsText: a fix replaces only the mistaken name; comments,
// line breaks and letter case elsewhere stay as written.
func TestRepairKeepsText(t *testing.T) {
	t.Parallel()
	snap := setup(t)
	r, err := New(Config{})
	require.NoError(t, err)
	sql := "-- top products\nSELECT P.Sku, p.product_name /* the name */\nFROM Products p\nWHERE p.IS_ACTIVE"
	res := r.Repair(sql, Failure{SQLSTATE: SQLSTATEUndefinedColumn, Message: "column p.product_name does not exist"}, snap)
	require.True(t, res.Applied, res.Reason)
	require.Equal(t, "-- top products\nSELECT P.Sku, p.name /* the name */\nFROM Products p\nWHERE p.IS_ACTIVE", res.SQL)
	require.Equal(t, []Fix{{Kind: KindColumnName, From: "product_name", To: "name", Position: 33, Score: 1}}, res.Fixes)
}

func TestRepairWithoutCatalogOrStatement(t *testing.T) {
	t.Parallel()
	snap := setup(t)
	r, err := New(Config{})
	require.NoError(t, err)
	f := Failure{SQLSTATE: SQLSTATEUndefinedColumn, Message: "column x does not exist"}
	for _, tc := range []struct {
		name, sql string
		snap      *catalog.Snapshot
		f         Failure
		reason    string
	}{
		{"no catalog", "SELECT x FROM products", nil, f, "no catalog"},
		{"two statements", "SELECT x FROM products; SELECT 1", snap, f, "2 statement(s)"},
		{"not a query", "DELETE FROM products WHERE x = 1", snap, f, "only one query is repaired"},
		{"no SQLSTATE", "SELECT x FROM products", snap, Failure{Message: "boom"}, "no SQLSTATE"},
		{"reference not in the SQL", "SELECT sku FROM products", snap, Failure{SQLSTATE: "42703", Message: "column y does not exist"}, "cannot find the column"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := r.Repair(tc.sql, tc.f, tc.snap)
			require.False(t, res.Applied)
			require.Equal(t, tc.sql, res.SQL)
			require.Contains(t, res.Reason, tc.reason)
		})
	}
}

// TestNoAutocorrect: with autocorrect off nothing is rewritten, and the
// surgical tier is blocked by gate 3 (it acts only after autocorrect was
// tried: docs/DESIGN.md, Repair tiers).
func TestNoAutocorrect(t *testing.T) {
	t.Parallel()
	snap := setup(t)
	r, err := New(Config{NoAutocorrect: true})
	require.NoError(t, err)
	res := r.Repair("SELECT p.sku, p.price FROM products p", Failure{SQLSTATE: "42703", Message: "column p.price does not exist"}, snap)
	require.False(t, res.Applied)
	require.NotNil(t, res.Observed)
	require.False(t, res.Observed.Passed)
	require.Equal(t, Gate{Name: GateAutocorrect, Detail: "autocorrect was not tried"}, res.Observed.Gates[2])
	require.NotNil(t, res.Whitelist, "the model gets the columns instead")
	for _, f := range []Failure{
		{SQLSTATE: "42601", Message: "syntax error"},
		{SQLSTATE: "42P01", Message: "x"},
		{SQLSTATE: "42803", Message: "x"},
		{SQLSTATE: "42702", Message: "x"},
	} {
		res := r.Repair("SELECT sku, FROM prodcuts", f, snap)
		require.False(t, res.Applied, f.SQLSTATE)
		require.Contains(t, res.Reason, "autocorrect is off")
	}
}

// TestColumnWhitelist: the prompt's whitelist of an undefined column is
// built whether or not a rewrite fixes it (active mode rewrites p.price),
// from a bare message or pgx's error text, and only for a column error.
func TestColumnWhitelist(t *testing.T) {
	t.Parallel()
	snap := setup(t)
	r, err := New(Config{})
	require.NoError(t, err)
	const sql = "SELECT p.sku, p.price FROM products p WHERE p.is_active"
	for _, msg := range []string{"column p.price does not exist", "ERROR: column p.price does not exist (SQLSTATE 42703)"} {
		w, ok := r.ColumnWhitelist(sql, Failure{SQLSTATE: "42703", Message: msg}, snap)
		require.True(t, ok, msg)
		require.Equal(t, "p", w.Alias)
		require.Equal(t, "price", w.Column)
		require.Equal(t, "products", w.Tables[0].Table)
		require.Contains(t, strings.Join(w.Tables[0].Columns, ", "), "list_price")
	}
	_, ok := r.ColumnWhitelist(sql, Failure{SQLSTATE: "42P01", Message: "column p.price does not exist"}, snap)
	require.False(t, ok, "not an undefined column")
	_, ok = r.ColumnWhitelist(sql, Failure{SQLSTATE: "42703", Message: "column p.nothing_here does not exist"}, snap)
	require.False(t, ok, "no such reference in the SQL")

	// The database says a column the catalog holds is not there (dropped
	// since the last refresh): the model is not offered it back.
	w, ok := r.ColumnWhitelist("SELECT p.sku, p.unit_cost FROM products p", Failure{SQLSTATE: "42703", Message: "column p.unit_cost does not exist"}, snap)
	require.True(t, ok)
	require.NotContains(t, strings.Join(w.Tables[0].Columns, ", "), "unit_cost")
	require.Contains(t, strings.Join(w.Tables[0].Columns, ", "), "list_price")
}

func TestSameShape(t *testing.T) {
	t.Parallel()
	before := func(sql string) *pgsql.Analysis {
		s, err := pgsql.Parse(sql)
		require.NoError(t, err)
		return s.Statements[0].Analysis()
	}
	const base = "SELECT e.first_name, count(*) FROM employees e JOIN departments d ON d.department_id = e.department_id WHERE e.status = 'active' GROUP BY e.first_name LIMIT 5"
	for _, tc := range []struct {
		name, after string
		fixes       []Fix
		err         string
	}{
		{"renamed", strings.ReplaceAll(base, "first_name", "last_name"), nil, ""},
		{"filter dropped", strings.Replace(base, "WHERE e.status = 'active' ", "", 1), nil, "query block 0 changed"},
		{"filter added", strings.Replace(base, "'active'", "'active' AND e.email IS NULL", 1), nil, "query block 0 changed"},
		{"aggregate changed", strings.Replace(base, "count(*)", "count(DISTINCT e.first_name)", 1), nil, "aggregates changed"},
		{"join type changed", strings.Replace(base, "JOIN", "LEFT JOIN", 1), nil, "query block 0 changed"},
		{"limit dropped", strings.Replace(base, " LIMIT 5", "", 1), nil, "blocks or tables changed"},
		{"group by grown without a group by fix", strings.Replace(base, "GROUP BY e.first_name", "GROUP BY e.first_name, e.email", 1), nil, "GROUP BY of query block 0 changed"},
		{"group by grown by a group by fix", strings.Replace(base, "GROUP BY e.first_name", "GROUP BY e.first_name, e.email", 1), []Fix{{Kind: KindGroupBy}}, ""},
		{"select list grown", strings.Replace(base, "e.first_name,", "e.first_name, e.last_name,", 1), nil, "select list of query block 0 changed"},
		{"select list split by an expansion", strings.Replace(base, "e.first_name,", "e.first_name, e.last_name,", 1), []Fix{{Kind: KindNameExpansion}}, ""},
		{"not a query", "DELETE FROM employees", nil, "not one query"},
		{"unparsable", "SELECT (", nil, "does not parse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := sameShape(before(base), tc.after, tc.fixes)
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.err)
		})
	}
}

func TestConfig(t *testing.T) {
	t.Parallel()
	c := Config{}.WithDefaults()
	require.Equal(t, ModeActive, c.Mode)
	require.Equal(t, 0.80, c.Gate.MinScore)
	require.Equal(t, 0.60, c.Gate.MinDominance)
	require.Equal(t, 0.10, c.Gate.MinScoreDelta)
	require.Equal(t, 1.15, c.Gate.MinScoreRatio)
	require.Equal(t, DefaultPairs(), c.Blacklist.Pairs)
	require.Equal(t, ActionBlock, c.Blacklist.Action)
	require.Equal(t, 3, c.MaxNeighborTables)
	require.Equal(t, 4, c.MaxTablesTotal)
	require.Equal(t, 60, c.MaxColumnsPerTable)
	require.NoError(t, c.validate())

	for _, bad := range []Config{
		{Mode: "shadow"},
		{MaxEditDistance: 9},
		{NameExpansions: []string{"Full_Name"}},
		{Gate: GateConfig{MinScore: 1.5}},
		{Gate: GateConfig{MinScoreRatio: 0.5}},
		{Blacklist: BlacklistConfig{Action: "warn"}},
		{Blacklist: BlacklistConfig{Pairs: [][2]string{{"name", "name"}}}},
		{MaxTablesTotal: -1},
	} {
		_, err := New(bad)
		require.ErrorIs(t, err, ErrConfig, "%+v", bad)
	}
}

func TestFailureFrom(t *testing.T) {
	t.Parallel()
	pe := &pgconn.PgError{Code: "42703", Message: "column e.x does not exist", Position: 8}
	require.Equal(t, Failure{SQLSTATE: "42703", Message: "column e.x does not exist", Position: 8},
		FailureFrom(fmt.Errorf("explain: %w", errclass.Classify(pe))), "found through wrapping")
	require.Equal(t, Failure{SQLSTATE: "42501", Message: "no"},
		FailureFrom(&errclass.Error{Class: errclass.ValidationBlock, SQLSTATE: "42501", Message: "no"}))
	require.Equal(t, Failure{}, FailureFrom(nil))
}

// TestRiskyPair: every configured pair is caught both ways round, and
// only when one word is the reference's alone and the other the
// candidate's alone.
func TestRiskyPair(t *testing.T) {
	t.Parallel()
	pairs := DefaultPairs()
	for _, tc := range []struct{ ref, cand, want string }{
		{"vendor_name", "vendor_number", "name/number"},
		{"vendor_number", "vendor_name", "name/number"},
		{"customer_id", "customer_name", "name/id"},
		{"invoice_amount", "invoice_total", "amount/total"},
		{"order_id", "order_date", "date/id"},
		{"vendor_id", "customer_id", "vendor/customer"},
		{"price", "list_price", ""},
		{"amount_total", "total_amount", ""},
		{"total", "total_amount", ""},
		{"name", "company_name", ""},
	} {
		require.Equal(t, tc.want, riskyPair(tc.ref, tc.cand, pairs), "%s → %s", tc.ref, tc.cand)
	}
}

func TestScore(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ref, cand, table string
		score            float64
		rel              Relation
	}{
		{"First_Name", "first_name", "employees", 1, RelationExact},
		{"amount_total", "total_amount", "sales_orders", 0.95, RelationSameTokens},
		{"hour", "hours", "timesheets", 0.95, RelationSameTokens},
		{"project_status", "status", "projects", 0.95, RelationSameTokens},
		{"price", "list_price", "products", 0.875, RelationContainment},
		{"first_name", "name", "departments", 0.675, RelationContained},
		{"sale_price", "list_price", "products", 0.35, RelationPartial},
		{"salary", "salary_id", "employee_salaries", 0, RelationNone},
		{"product", "product_id", "products", 0, RelationNone},
		{"employee", "employee_contribution", "employee_benefits", 0, RelationNone},
		{"colour", "status", "employees", 0, RelationNone},
	} {
		s, rel := score(tc.ref, tc.cand, tc.table)
		require.InDelta(t, tc.score, s, 1e-9, "%s → %s on %s", tc.ref, tc.cand, tc.table)
		require.Equal(t, tc.rel, rel, "%s → %s on %s", tc.ref, tc.cand, tc.table)
	}
}

// BenchmarkRepair measures one Repair call on typical failures: an
// invented column fixed by autocorrect, one the surgical tier rewrites,
// and one left for the model (whitelist built).
func BenchmarkRepair(b *testing.B) {
	snap := setup(b)
	r, err := New(Config{})
	require.NoError(b, err)
	const sql = `SELECT c.company_name, so.amount_total, p.price, e.favourite_colour
FROM sales_orders so
JOIN customers c ON c.customer_id = so.customer_id
JOIN employees e ON e.employee_id = so.sales_rep_id
JOIN sales_order_lines sol ON sol.sales_order_id = so.sales_order_id
JOIN products p ON p.product_id = sol.product_id
WHERE so.status <> 'cancelled'`
	failures := []Failure{
		{SQLSTATE: "42703", Message: "column so.amount_total does not exist"},
		{SQLSTATE: "42703", Message: "column p.price does not exist"},
		{SQLSTATE: "42703", Message: "column e.favourite_colour does not exist"},
	}
	var ds []float64
	i := 0
	for b.Loop() {
		start := nowNanos()
		res := r.Repair(sql, failures[i%len(failures)], snap)
		ds = append(ds, float64(nowNanos()-start)/1000)
		if i%len(failures) < 2 && !res.Applied {
			b.Fatalf("not repaired: %s", res.Reason)
		}
		i++
	}
	b.ReportMetric(median(ds), "p50_us")
}

func nowNanos() int64 { return time.Now().UnixNano() }

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}

// TestRepairSchemaCase: a mixed-case schema written without quotes
// (Finance.DailyInvoice1, which PostgreSQL folds to finance.dailyinvoice1)
// is the one table it can only mean, schema and name quoted as the
// catalog has them.
func TestRepairSchemaCase(t *testing.T) {
	t.Parallel()
	var snap catalog.Snapshot
	require.NoError(t, json.Unmarshal([]byte(`{"database": "d", "schemas": ["Finance", "public"], "tables": [
		{"schema": "Finance", "name": "DailyInvoice1", "kind": "table", "columns": [{"name": "Notes", "type": "text"}]},
		{"schema": "public", "name": "notes", "kind": "table", "columns": [{"name": "id", "type": "int"}]}]}`), &snap))
	r, err := New(Config{})
	require.NoError(t, err)
	for _, sql := range []string{
		`SELECT "Notes" FROM Finance.DailyInvoice1`,
		`SELECT "Notes" FROM finance."DailyInvoice1"`,
		`SELECT "Notes" FROM "Finance".DailyInvoice1`,
	} {
		res := r.Repair(sql, Failure{SQLSTATE: SQLSTATEUndefinedTable, Message: `relation "finance.dailyinvoice1" does not exist`}, &snap)
		require.True(t, res.Applied, "%s: %s", sql, res.Reason)
		require.Equal(t, `SELECT "Notes" FROM "Finance"."DailyInvoice1"`, res.SQL, sql)
	}
	// A column qualified with schema and table follows the FROM item.
	res := r.Repair(`SELECT Finance.DailyInvoice1."Notes" FROM Finance.DailyInvoice1`, Failure{SQLSTATE: SQLSTATEUndefinedTable}, &snap)
	require.True(t, res.Applied, res.Reason)
	require.Equal(t, `SELECT "Finance"."DailyInvoice1"."Notes" FROM "Finance"."DailyInvoice1"`, res.SQL)
}
