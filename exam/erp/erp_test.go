package erp_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/retrieval"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// fixture is the demo database as tests load it into their template.
var fixture = dbtest.Fixture{
	Name:    "erp",
	Version: erp.Version,
	Load: func(ctx context.Context, pool *pgxpool.Pool) error {
		return erp.Load(ctx, pool, erp.LoadOptions{})
	},
}

// modules are the eight business modules of the core tables.
var modules = []string{"Finance", "HR", "Inventory", "Manufacturing", "Payroll", "Procurement", "Projects", "Sales"}

func setup(t *testing.T) (context.Context, *pgxpool.Pool) {
	t.Helper()
	return context.Background(), dbtest.NewDB(t, fixture).Pool
}

func queryInt(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), sql, args...).Scan(&n), sql)
	return n
}

func TestLoad(t *testing.T) {
	t.Parallel()
	ctx, pool := setup(t)

	t.Run("Tables", func(t *testing.T) {
		t.Parallel()
		rows, err := pool.Query(ctx, `SELECT c.relname, c.reltuples::bigint, obj_description(c.oid, 'pg_class')
			FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname = 'erp' AND c.relkind = 'r' ORDER BY c.relname`)
		require.NoError(t, err)
		defer rows.Close() // a failed assertion in the loop must not hold the connection
		var names []string
		for rows.Next() {
			var name string
			var estimate int64
			var comment *string
			require.NoError(t, rows.Scan(&name, &estimate, &comment))
			names = append(names, name)
			require.NotNil(t, comment, "table %s has no comment", name)
			require.Positive(t, estimate, "table %s: no rows or not analysed", name)
		}
		require.NoError(t, rows.Err())
		require.GreaterOrEqual(t, len(names), 60)
		want := erp.CoreTables()
		slices.Sort(want)
		require.Equal(t, want, names)
		for _, name := range names {
			n := queryInt(t, pool, "SELECT count(*) FROM "+pgx.Identifier{"erp", name}.Sanitize())
			require.Positive(t, n, "table %s is empty", name)
		}
	})

	t.Run("ColumnComments", func(t *testing.T) {
		t.Parallel()
		// The catalog shows column comments to the model, shortened beyond
		// retrieval's MaxCommentChars: each must fit, on one line.
		width := retrieval.Config{}.WithDefaults().MaxCommentChars
		rows, err := pool.Query(ctx, `SELECT c.relname, a.attname, col_description(c.oid, a.attnum)
			FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
			WHERE n.nspname = 'erp' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
			  AND col_description(c.oid, a.attnum) IS NOT NULL`)
		require.NoError(t, err)
		// Collected first: a failed assertion must not leave the rows (and
		// their connection) open, or the database cleanup waits forever.
		type comment struct{ Table, Column, Text string }
		comments, err := pgx.CollectRows(rows, pgx.RowToStructByPos[comment])
		require.NoError(t, err)
		tables := map[string]bool{}
		for _, c := range comments {
			require.LessOrEqual(t, utf8.RuneCountInString(c.Text), width, "%s.%s: %q", c.Table, c.Column, c.Text)
			require.NotContains(t, c.Text, "\n", "%s.%s", c.Table, c.Column)
			tables[c.Table] = true
		}
		require.GreaterOrEqual(t, len(comments), 250, "commented columns")
		require.Len(t, tables, erp.CoreTableCount(), "every table has commented columns")
	})

	t.Run("ForeignKeys", func(t *testing.T) {
		t.Parallel()
		// Every foreign key is validated, and holds: no orphan rows.
		rows, err := pool.Query(ctx, `SELECT c.conrelid::regclass::text, a.attname, c.confrelid::regclass::text, fa.attname, c.convalidated
			FROM pg_constraint c
			JOIN pg_namespace n ON n.oid = c.connamespace
			JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
			JOIN pg_attribute fa ON fa.attrelid = c.confrelid AND fa.attnum = c.confkey[1]
			WHERE n.nspname = 'erp' AND c.contype = 'f'`)
		require.NoError(t, err)
		defer rows.Close()
		type fk struct{ table, col, ref, refCol string }
		var fks []fk
		for rows.Next() {
			var f fk
			var valid bool
			require.NoError(t, rows.Scan(&f.table, &f.col, &f.ref, &f.refCol, &valid))
			require.True(t, valid, "%s.%s not validated", f.table, f.col)
			fks = append(fks, f)
		}
		require.NoError(t, rows.Err())
		require.GreaterOrEqual(t, len(fks), 140)
		refs := map[string]int{}
		for _, f := range fks {
			refs[f.ref]++
			orphans := queryInt(t, pool, fmt.Sprintf(
				"SELECT count(*) FROM %s t WHERE t.%s IS NOT NULL AND NOT EXISTS (SELECT 1 FROM %s r WHERE r.%s = t.%s)",
				f.table, pgx.Identifier{f.col}.Sanitize(), f.ref, pgx.Identifier{f.refCol}.Sanitize(), pgx.Identifier{f.col}.Sanitize()))
			require.Zero(t, orphans, "%s.%s -> %s", f.table, f.col, f.ref)
		}
		// Hub tables many foreign keys point at.
		require.GreaterOrEqual(t, refs["erp.employees"], 40)
		require.GreaterOrEqual(t, refs["erp.products"], 10)
		require.GreaterOrEqual(t, refs["erp.customers"], 5)
		require.GreaterOrEqual(t, refs["erp.gl_accounts"], 3)
	})

	t.Run("Invariants", func(t *testing.T) {
		t.Parallel()
		for name, sql := range map[string]string{
			"one current fiscal period":           `SELECT count(*) - 1 FROM erp.fiscal_periods WHERE is_current AND status = 'open'`,
			"order subtotal is the sum of lines":  `SELECT count(*) FROM erp.sales_orders so WHERE subtotal_amount <> (SELECT sum(line_total) FROM erp.sales_order_lines l WHERE l.sales_order_id = so.sales_order_id)`,
			"journal entries balance":             `SELECT count(*) FROM (SELECT journal_entry_id FROM erp.journal_lines GROUP BY 1 HAVING sum(debit_amount) <> sum(credit_amount)) x`,
			"invoice amount_paid is the payments": `SELECT count(*) FROM erp.invoices i WHERE amount_paid <> coalesce((SELECT sum(amount) FROM erp.customer_payments p WHERE p.invoice_id = i.invoice_id), 0)`,
			"payroll run totals":                  `SELECT count(*) FROM erp.payroll_runs r WHERE total_gross <> (SELECT sum(gross_pay) FROM erp.payslips p WHERE p.payroll_run_id = r.payroll_run_id)`,
			"status matches termination date":     `SELECT count(*) FROM erp.employees WHERE (status IN ('terminated', 'retired')) <> (termination_date IS NOT NULL)`,
			"every leaver has a termination":      `SELECT count(*) FROM erp.employees e WHERE termination_date IS NOT NULL AND NOT EXISTS (SELECT 1 FROM erp.terminations t WHERE t.employee_id = e.employee_id AND t.termination_date = e.termination_date)`,
			"one current salary per employee":     `SELECT count(*) FROM erp.employees e WHERE (SELECT count(*) FROM erp.employee_salaries s WHERE s.employee_id = e.employee_id AND s.effective_to IS NULL) <> CASE WHEN termination_date IS NULL THEN 1 ELSE 0 END`,
			"one chief executive":                 `SELECT count(*) - 1 FROM erp.employees WHERE manager_id IS NULL`,
			"org chart reaches everyone": `WITH RECURSIVE org AS (SELECT employee_id FROM erp.employees WHERE manager_id IS NULL
				UNION ALL SELECT e.employee_id FROM erp.employees e JOIN org ON e.manager_id = org.employee_id)
				SELECT (SELECT count(*) FROM erp.employees) - (SELECT count(*) FROM org)`,
			"order prices come from the price list": `SELECT count(*) FROM erp.sales_order_lines l JOIN erp.sales_orders so USING (sales_order_id)
				WHERE NOT EXISTS (SELECT 1 FROM erp.price_list_items i WHERE i.price_list_id = so.price_list_id AND i.product_id = l.product_id
				AND so.order_date BETWEEN i.valid_from AND coalesce(i.valid_to, 'infinity') AND i.unit_price = l.unit_price)`,
			"nothing after the as-of date": `SELECT (SELECT count(*) FROM erp.sales_orders WHERE order_date > DATE '2025-06-30')
				+ (SELECT count(*) FROM erp.journal_entries WHERE entry_date > DATE '2025-06-30')
				+ (SELECT count(*) FROM erp.timesheets WHERE work_date > DATE '2025-06-30')`,
			"reps sell only while employed": `SELECT count(*) FROM erp.sales_orders so JOIN erp.employees e ON e.employee_id = so.sales_rep_id
				WHERE so.order_date < e.hire_date OR so.order_date > coalesce(e.termination_date, DATE '2025-06-30')`,
		} {
			require.Zero(t, queryInt(t, pool, sql), name)
		}
	})

	t.Run("Traps", func(t *testing.T) {
		t.Parallel()
		// The data contains what makes the exam realistic.
		for name, sql := range map[string]string{
			"soft-deleted customers":          `SELECT count(*) FROM erp.customers WHERE deleted_at IS NOT NULL`,
			"discontinued products":           `SELECT count(*) FROM erp.products WHERE NOT is_active`,
			"cancelled orders":                `SELECT count(*) FROM erp.sales_orders WHERE status = 'cancelled'`,
			"draft entries in current period": `SELECT count(*) FROM erp.journal_entries je JOIN erp.fiscal_periods fp USING (fiscal_period_id) WHERE fp.is_current AND je.status = 'draft'`,
			"reversed entries":                `SELECT count(*) FROM erp.journal_entries WHERE status = 'reversed'`,
			"employees on leave":              `SELECT count(*) FROM erp.employees WHERE status = 'on_leave'`,
			"waived benefits":                 `SELECT count(*) FROM erp.employee_benefits WHERE status = 'waived'`,
			"pending leave requests":          `SELECT count(*) FROM erp.leave_requests WHERE status = 'pending'`,
			"revised budgets":                 `SELECT count(*) FROM erp.budgets WHERE budget_version = 'revised'`,
			"mid-year price changes":          `SELECT count(*) FROM erp.price_list_items WHERE valid_from = DATE '2025-04-01'`,
			"draft reviews without rating":    `SELECT count(*) FROM erp.performance_reviews WHERE overall_rating IS NULL`,
			"inactive warehouse":              `SELECT count(*) FROM erp.warehouses WHERE NOT is_active`,
		} {
			require.Positive(t, queryInt(t, pool, sql), name)
		}
	})

	t.Run("Scale", func(t *testing.T) {
		t.Parallel()
		for table, min := range map[string]int{
			"employees": 400, "customers": 300, "products": 150, "sales_orders": 4000, "sales_order_lines": 10000,
			"journal_lines": 20000, "timesheets": 10000, "payslips": 10000, "purchase_orders": 1000, "leave_requests": 3000,
			"training_enrollments": 4000, "inventory_transactions": 15000,
		} {
			require.GreaterOrEqual(t, queryInt(t, pool, "SELECT count(*) FROM "+pgx.Identifier{"erp", table}.Sanitize()), min, table)
		}
		require.Equal(t, 30, queryInt(t, pool, `SELECT count(DISTINCT date_trunc('month', order_date)) FROM erp.sales_orders`), "2023-01 .. 2025-06")
	})
}

// checksums returns, per core table, the row count and an md5 of the rows'
// text, independent of physical row order.
func checksums(t *testing.T, pool *pgxpool.Pool) map[string]string {
	t.Helper()
	ctx := context.Background()
	conn, err := pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET IntervalStyle = 'postgres'")
	require.NoError(t, err)
	sums := map[string]string{}
	for _, name := range erp.CoreTables() {
		var n int
		var sum string
		require.NoError(t, conn.QueryRow(ctx, fmt.Sprintf(
			"SELECT count(*), coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') FROM %s t", pgx.Identifier{"erp", name}.Sanitize())).Scan(&n, &sum))
		sums[name] = fmt.Sprintf("%d %s", n, sum)
	}
	return sums
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got any) {
	t.Helper()
	path := filepath.Join("testdata", name)
	b, err := json.MarshalIndent(got, "", "  ")
	require.NoError(t, err)
	b = append(b, '\n')
	if *update {
		require.NoError(t, os.WriteFile(path, b, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./exam/erp -update")
	if diff := cmp.Diff(string(want), string(b)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", name, diff)
	}
}

func TestDeterminism(t *testing.T) {
	t.Parallel()
	_, pool := setup(t)
	first := checksums(t, pool)

	// A second, independent load produces the same rows.
	other := dbtest.NewDB(t)
	require.NoError(t, erp.Load(context.Background(), other.Pool, erp.LoadOptions{}))
	if diff := cmp.Diff(first, checksums(t, other.Pool)); diff != "" {
		t.Errorf("two loads differ (-first +second):\n%s", diff)
	}
	// And the same as on the machine that wrote the golden file. Test
	// templates are keyed on erp.Version, so changed data needs a new one.
	path := filepath.Join("testdata", "checksums.golden.json")
	var old struct {
		Version string            `json:"version"`
		Tables  map[string]string `json:"tables"`
	}
	if b, err := os.ReadFile(path); err == nil {
		require.NoError(t, json.Unmarshal(b, &old))
	}
	if old.Version == erp.Version && !cmp.Equal(old.Tables, first) {
		t.Errorf("the generated data changed but erp.Version is still %q: bump it, then run go test ./exam/erp -update\n%s",
			erp.Version, cmp.Diff(old.Tables, first))
		return
	}
	golden(t, "checksums.golden.json", map[string]any{"version": erp.Version, "tables": first})
}

func TestLoadOptions(t *testing.T) {
	t.Parallel()

	t.Run("Validate", func(t *testing.T) {
		t.Parallel()
		ctx := context.Background()
		for _, n := range []int{-1, 10, erp.CoreTableCount() - 1, erp.MaxTables() + 1} {
			require.ErrorContains(t, erp.Load(ctx, nil, erp.LoadOptions{Tables: n}), "Tables must be", "Tables=%d", n)
			_, err := erp.Annotations(erp.LoadOptions{Tables: n})
			require.Error(t, err, "Tables=%d", n)
		}
		require.Equal(t, erp.CoreTableCount(), erp.LoadOptions{}.WithDefaults().Tables)
		require.GreaterOrEqual(t, erp.MaxTables(), 2000)
	})

	t.Run("ExistsReplaceDrop", func(t *testing.T) {
		t.Parallel()
		ctx, pool := setup(t)
		require.ErrorIs(t, erp.Load(ctx, pool, erp.LoadOptions{}), erp.ErrSchemaExists)
		require.Equal(t, 3, queryInt(t, pool, "SELECT count(*) FROM erp.fiscal_years"), "the failed load left the data alone")

		require.NoError(t, erp.Load(ctx, pool, erp.LoadOptions{Replace: true}))
		require.Equal(t, erp.CoreTableCount(), queryInt(t, pool, "SELECT count(*) FROM pg_tables WHERE schemaname = 'erp'"))

		require.NoError(t, erp.Drop(ctx, pool))
		require.Zero(t, queryInt(t, pool, "SELECT count(*) FROM pg_namespace WHERE nspname = 'erp'"))
		require.NoError(t, erp.Drop(ctx, pool), "dropping twice is a no-op")
	})
}

func BenchmarkLoad(b *testing.B) {
	db := dbtest.NewDB(b)
	ctx := context.Background()
	for b.Loop() {
		require.NoError(b, erp.Load(ctx, db.Pool, erp.LoadOptions{Replace: true}))
	}
}
