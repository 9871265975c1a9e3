package sqlguard

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nl2sql/nl2sql/exam/erp"
	"github.com/nl2sql/nl2sql/exam/report"
)

// BenchmarkCheck measures the guard, lint included, per candidate. The
// join case is one realistic four-table join that needs its LIMIT added
// (parse, analysis, policy, lint, the LIMIT appended and re-parsed); golden_allow cycles
// through the golden cases the guard accepts, erp_gold through the demo
// exam's 60 gold SQLs against the ERP catalog. The sets report the median
// and 95th percentile of single calls, since the target is a
// median of at most 0.5 ms per candidate.
func BenchmarkCheck(b *testing.B) {
	b.Run("join", func(b *testing.B) {
		const sql = `
SELECT c.country, p.category, count(DISTINCT o.id) AS orders, sum(ol.quantity * ol.unit_price) AS revenue
FROM customers c
JOIN orders o ON o.customer_id = c.id
JOIN order_lines ol ON ol.order_id = o.id
JOIN products p ON p.id = ol.product_id
WHERE o.status = 'paid' AND o.created_at >= now() - interval '90 days'
GROUP BY c.country, p.category
HAVING sum(ol.quantity * ol.unit_price) > 1000
ORDER BY revenue DESC`
		cat := testCatalog()
		if v := Check(sql, cat); !v.OK || !v.LimitAdded || len(v.Lint) > 0 {
			b.Fatalf("unexpected verdict: %+v", v)
		}
		b.ReportAllocs()
		for b.Loop() {
			if !Check(sql, cat).OK {
				b.Fatal("refused")
			}
		}
	})
	b.Run("golden_allow", func(b *testing.B) {
		benchmarkSet(b, goldenAllowSQL(b), testCatalog())
	})
	b.Run("erp_gold", func(b *testing.B) {
		benchmarkSet(b, erpGoldSQL(b), erpCatalog(b))
	})
}

// benchmarkSet checks one candidate of sqls per iteration, in turn, and
// reports the median and 95th percentile duration of a call.
func benchmarkSet(b *testing.B, sqls []string, cat Catalog) {
	for _, sql := range sqls {
		if v := Check(sql, cat); !v.OK {
			b.Fatalf("refused %q: %v", sql, v.Errors)
		}
	}
	durations := make([]time.Duration, 0, max(b.N, 1))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sql := sqls[i%len(sqls)]
		i++
		start := time.Now()
		v := Check(sql, cat)
		durations = append(durations, time.Since(start))
		if !v.OK {
			b.Fatal("refused")
		}
	}
	quantile := func(q float64) float64 {
		return float64(report.DurationQuantile(durations, q).Nanoseconds()) / 1e3
	}
	b.ReportMetric(quantile(0.5), "p50-µs/candidate")
	b.ReportMetric(quantile(0.95), "p95-µs/candidate")
}

// goldenAllowSQL returns the queries of the golden cases the guard
// accepts with the default Config.
func goldenAllowSQL(tb testing.TB) []string {
	dirs, err := filepath.Glob("testdata/allow_*")
	if err != nil || len(dirs) == 0 {
		tb.Fatalf("no golden allow cases: %v", err)
	}
	var out []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "config.json")); err == nil {
			continue // the benchmark uses the default Config
		}
		b, err := os.ReadFile(filepath.Join(d, "query.sql"))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// erpGoldSQL returns the gold SQL of the demo exam.
func erpGoldSQL(tb testing.TB) []string {
	var qs []struct {
		GoldSQL string `json:"gold_sql"`
	}
	if err := json.Unmarshal(erp.QuestionsJSON, &qs); err != nil || len(qs) == 0 {
		tb.Fatalf("the ERP exam: %v", err)
	}
	out := make([]string, len(qs))
	for i, q := range qs {
		out[i] = q.GoldSQL
	}
	return out
}

var (
	erpCreateTable = regexp.MustCompile(`^CREATE TABLE (\w+)\.(\w+) \($`)
	erpColumn      = regexp.MustCompile(`^    ([a-z_][a-z0-9_]*) `)
	erpPrimaryKey  = regexp.MustCompile(`^    PRIMARY KEY \(([^)]*)\)`)
)

// erpCatalog reads the demo ERP's tables, columns and primary keys from its
// schema file, which lays out one column per line indented four spaces, so
// that lint sees what the catalog loaded from the database would give it.
func erpCatalog(tb testing.TB) *MemCatalog {
	var tables []Table
	open := false
	for _, line := range strings.Split(erp.SchemaSQL(), "\n") {
		if m := erpCreateTable.FindStringSubmatch(line); m != nil {
			tables = append(tables, Table{Schema: m[1], Name: m[2]})
			open = true
			continue
		}
		if !open {
			continue
		}
		t := &tables[len(tables)-1]
		switch {
		case strings.HasPrefix(line, ")"):
			open = false
		case erpPrimaryKey.MatchString(line):
			for _, c := range strings.Split(erpPrimaryKey.FindStringSubmatch(line)[1], ",") {
				t.PrimaryKey = append(t.PrimaryKey, strings.TrimSpace(c))
			}
		case erpColumn.MatchString(line):
			col := erpColumn.FindStringSubmatch(line)[1]
			t.Columns = append(t.Columns, col)
			if strings.Contains(line, "PRIMARY KEY") {
				t.PrimaryKey = []string{col}
			}
		}
	}
	if len(tables) != erp.CoreTableCount() {
		tb.Fatalf("read %d tables from the ERP schema, want %d", len(tables), erp.CoreTableCount())
	}
	for _, t := range tables {
		if len(t.Columns) == 0 || len(t.PrimaryKey) == 0 {
			tb.Fatalf("ERP table %s: no columns or no primary key read", t.Name)
		}
	}
	return NewMemCatalog([]string{erp.Schema}, tables...)
}
