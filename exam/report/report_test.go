package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var t0 = time.Date(2026, 2, 12, 9, 30, 0, 0, time.UTC)

// q builds a question; failure "" means it passed.
func q(id, difficulty string, modules []string, failure string, attempts int, stages ...float64) report.Question {
	qq := report.Question{
		ID: id, Question: "Question " + id, Difficulty: difficulty, Modules: modules,
		Pass: failure == "", FailureType: failure, Attempts: attempts,
		ExpectedTables: []string{"orders", "customers"}, RetrievedTables: []string{"orders", "customers"},
		SQL: "SELECT 1", GoldSQL: "SELECT 1",
	}
	qq.Precision, qq.Recall = report.TableOverlap(qq.ExpectedTables, qq.RetrievedTables)
	if len(stages) == 4 {
		qq.StageMs = map[string]float64{"retrieve": stages[0], "generate": stages[1], "validate": stages[2], "execute": stages[3]}
	}
	return qq
}

// twoRuns is an exam of 8 questions run twice: 5/8 then 6/8.
func twoRuns() report.Report {
	sales, hr := []string{"Sales"}, []string{"HR"}
	xss := q("q8", "hard", []string{"R&D", "<b>HR</b>"}, report.LLMReasoning, 3, 30, 4000, 50, 20)
	xss.Question = `Revenue of "<script>alert(1)</script>" & co?`
	xss.SQL = "SELECT a FROM t WHERE a < 1 AND b > 2 -- </pre><img src=x>"
	xss.Error = "<i>boom</i>"
	xss.Reason = "row count 12 vs 11"
	miss := q("q7", "hard", sales, report.RetrievalMiss, 1, 25, 3000, 40, 0)
	miss.RetrievedTables = []string{"orders", "products"}
	miss.Precision, miss.Recall = report.TableOverlap(miss.ExpectedTables, miss.RetrievedTables)
	run1 := report.Run{
		ID: 11, Model: "qwen2.5-coder:7b", StartedAt: t0, FinishedAt: t0.Add(95 * time.Second),
		Config: map[string]string{"bm25": "on", "temperature": "0.3", "note": "<b>x</b>"},
		Questions: []report.Question{
			q("q1", "easy", sales, "", 1, 10, 1000, 20, 5),
			q("q2", "easy", hr, "", 1, 12, 1200, 22, 6),
			q("q3", "easy", sales, "", 1, 11, 900, 21, 4),
			q("q4", "medium", hr, "", 2, 15, 2000, 30, 8),
			q("q5", "medium", sales, report.ColumnMiss, 3, 14, 2500, 35, 9),
			q("q6", "medium", []string{"Sales", "HR"}, "", 1, 13, 1800, 25, 7),
			miss, xss,
		},
	}
	run2 := report.Run{
		ID: 12, Model: "qwen2.5-coder:7b", StartedAt: t0.Add(time.Hour), FinishedAt: t0.Add(time.Hour + 100*time.Second),
		Config: map[string]string{"bm25": "on", "temperature": "0.5"},
		Questions: []report.Question{
			q("q1", "easy", sales, "", 1, 9, 1100, 20, 5),
			q("q2", "easy", hr, "", 1, 12, 1300, 22, 6),
			q("q3", "easy", sales, report.ExecutionError, 2, 11, 950, 21, 4),
			q("q4", "medium", hr, "", 1, 16, 2100, 30, 8),
			q("q5", "medium", sales, report.ColumnMiss, 3, 14, 2400, 35, 9),
			q("q6", "medium", []string{"Sales", "HR"}, "", 1, 13, 1700, 25, 7),
			q("q7", "hard", sales, "", 1, 25, 3100, 40, 10),
			q("q8", "hard", nil, "", 2, 30, 4200, 50, 20),
		},
	}
	return report.Report{Title: "ERP exam", GeneratedAt: t0, Database: "enterprise_erp", Runs: []report.Run{run1, run2}}
}

func TestNewStat(t *testing.T) {
	t.Parallel()
	s := report.NewStat([]float64{1, 2, 3, 4})
	require.Equal(t, 4, s.N)
	require.InDelta(t, 2.5, s.Mean, 1e-12)
	require.InDelta(t, math.Sqrt(5.0/3), s.SD, 1e-12, "sample sd uses n-1")
	require.Equal(t, 1.0, s.Min)
	require.Equal(t, 4.0, s.Max)

	one := report.NewStat([]float64{0.7})
	require.Equal(t, report.Stat{Mean: 0.7, Min: 0.7, Max: 0.7, N: 1}, one)
	require.Equal(t, report.Stat{}, report.NewStat(nil))
}

func TestQuantile(t *testing.T) {
	t.Parallel()
	v := []float64{10, 20, 30, 40, 50}
	require.InDelta(t, 30, report.Quantile(v, 0.5), 1e-12)
	require.InDelta(t, 48, report.Quantile(v, 0.95), 1e-12)
	require.InDelta(t, 10, report.Quantile(v, 0), 1e-12)
	require.InDelta(t, 50, report.Quantile(v, 1), 1e-12)
	require.InDelta(t, 25, report.Quantile([]float64{20, 30}, 0.5), 1e-12)
	require.Equal(t, 7.0, report.Quantile([]float64{7}, 0.95))
	require.Equal(t, 0.0, report.Quantile(nil, 0.5))
}

func TestDurationQuantile(t *testing.T) {
	t.Parallel()
	// Unsorted on the way in: the benchmarks append latencies as they come.
	ds := []time.Duration{50 * time.Millisecond, 10 * time.Millisecond, 40 * time.Millisecond, 20 * time.Millisecond, 30 * time.Millisecond}
	require.Equal(t, 48*time.Millisecond, report.DurationQuantile(ds, 0.95))
	require.Equal(t, 30*time.Millisecond, report.DurationQuantile(ds, 0.5))
	require.Equal(t, time.Duration(0), report.DurationQuantile(nil, 0.5))
}

func TestTableOverlap(t *testing.T) {
	t.Parallel()
	p, r := report.TableOverlap([]string{"a", "b"}, []string{"a", "c", "d", "a"})
	require.InDelta(t, 1.0/3, p, 1e-12)
	require.InDelta(t, 0.5, r, 1e-12)
	p, r = report.TableOverlap(nil, nil)
	require.Equal(t, [2]float64{1, 1}, [2]float64{p, r})
	p, r = report.TableOverlap([]string{"a"}, nil)
	require.Equal(t, [2]float64{1, 0}, [2]float64{p, r})
}

func TestSummarize(t *testing.T) {
	t.Parallel()
	s := report.Summarize(twoRuns().Runs)

	require.Equal(t, 2, s.Runs)
	require.Equal(t, 8, s.Questions)
	require.Equal(t, 2, s.Accuracy.N)
	require.InDelta(t, (0.75+0.625)/2, s.Accuracy.Mean, 1e-12)
	require.InDelta(t, math.Sqrt(2*0.0625*0.0625), s.Accuracy.SD, 1e-12)
	require.Equal(t, 0.625, s.Accuracy.Min)
	require.Equal(t, 0.75, s.Accuracy.Max)
	require.Equal(t, []report.RunSummary{
		{ID: 11, Model: "qwen2.5-coder:7b", Passed: 5, Total: 8, Accuracy: 0.625, Duration: 95 * time.Second},
		{ID: 12, Model: "qwen2.5-coder:7b", Passed: 6, Total: 8, Accuracy: 0.75, Duration: 100 * time.Second},
	}, s.PerRun)

	// easy: 3/3 then 2/3; medium: 2/3 twice; hard: 0/2 then 2/2.
	require.Len(t, s.ByDifficulty, 3)
	easy, medium, hard := s.ByDifficulty[0], s.ByDifficulty[1], s.ByDifficulty[2]
	require.Equal(t, []string{"easy", "medium", "hard"}, []string{easy.Name, medium.Name, hard.Name})
	require.Equal(t, [2]int{5, 6}, [2]int{easy.Passed, easy.Total})
	require.InDelta(t, (1+2.0/3)/2, easy.Accuracy.Mean, 1e-12)
	require.InDelta(t, math.Sqrt(2*(1.0/6)*(1.0/6)), easy.Accuracy.SD, 1e-12)
	require.InDelta(t, 2.0/3, medium.Accuracy.Mean, 1e-12)
	require.InDelta(t, 0, medium.Accuracy.SD, 1e-12)
	require.InDelta(t, 0.5, hard.Accuracy.Mean, 1e-12)
	require.InDelta(t, math.Sqrt(0.5), hard.Accuracy.SD, 1e-12)
	require.Equal(t, []report.GroupRun{{Run: 11, Passed: 0, Total: 2, Accuracy: 0}, {Run: 12, Passed: 2, Total: 2, Accuracy: 1}}, hard.PerRun)

	// A question in two modules counts in both; one without modules is
	// "(none)", listed last.
	var mods []string
	byMod := map[string]report.Group{}
	for _, g := range s.ByModule {
		mods = append(mods, g.Name)
		byMod[g.Name] = g
	}
	require.Equal(t, []string{"<b>HR</b>", "HR", "R&D", "Sales", "(none)"}, mods)
	require.Equal(t, [2]int{6, 6}, [2]int{byMod["HR"].Passed, byMod["HR"].Total}, "q6 is in Sales and HR")
	require.Equal(t, [2]int{6, 10}, [2]int{byMod["Sales"].Passed, byMod["Sales"].Total})
	require.Equal(t, 1, byMod["(none)"].Total)
	require.Equal(t, 1, byMod["R&D"].Accuracy.N, "only run 11 had a question in R&D")

	counts := map[string][]int{}
	var order []string
	for _, f := range s.Failures {
		counts[f.Type] = f.PerRun
		order = append(order, f.Type)
	}
	require.Equal(t, report.FailureTypes, order, "the taxonomy always, in order")
	require.Equal(t, []int{1, 1}, counts[report.ColumnMiss])
	require.Equal(t, []int{1, 0}, counts[report.RetrievalMiss])
	require.Equal(t, []int{0, 1}, counts[report.ExecutionError])
	require.Equal(t, []int{0, 0}, counts[report.InfraFailure])
	require.Equal(t, 2, s.Failures[2].Count)
	require.Equal(t, 1.0, s.Failures[2].Mean)

	require.Equal(t, 2, s.Recall.N)
	// Run 11 retrieved half the tables of one question of 8, run 12 all.
	require.InDelta(t, (7.5/8+1)/2, s.Recall.Mean, 1e-12)
	require.InDelta(t, 7.5/8, s.Recall.Min, 1e-12)
	require.InDelta(t, 1, s.Recall.Max, 1e-12)

	var stages []string
	for _, st := range s.Stages {
		stages = append(stages, st.Stage)
	}
	require.Equal(t, []string{"retrieve", "generate", "validate", "execute", "total"}, stages)
	gen := s.Stages[1]
	require.Equal(t, 16, gen.N)
	require.InDelta(t, 1900, gen.P50, 1e-9) // halfway between the 8th and 9th of 16: 1800 and 2000
	require.Equal(t, 4200.0, gen.Max)
	total := s.Stages[4]
	require.Equal(t, 16, total.N)
	require.Equal(t, 30.0+4200+50+20, total.Max)
}

func TestSummarizeEdgeCases(t *testing.T) {
	t.Parallel()
	s := report.Summarize(nil)
	require.Equal(t, 0, s.Accuracy.N)
	require.Len(t, s.Failures, len(report.FailureTypes))

	s = report.Summarize([]report.Run{{ID: 1, Questions: []report.Question{
		{ID: "a", Pass: false}, {ID: "b", Pass: false, FailureType: "made_up"}, {ID: "c", Pass: true, FailureType: report.ColumnMiss},
	}}})
	require.InDelta(t, 1.0/3, s.Accuracy.Mean, 1e-12)
	require.Equal(t, 0.0, s.Accuracy.SD)
	last := s.Failures[len(s.Failures)-2:]
	require.Equal(t, "made_up", last[0].Type)
	require.Equal(t, report.Unclassified, last[1].Type)
	for _, f := range s.Failures {
		if f.Type == report.ColumnMiss {
			require.Zero(t, f.Count, "a passed question's failure type is ignored")
		}
	}
	require.Empty(t, s.Stages)
	require.Equal(t, 0, s.Recall.N, "no expected tables: no retrieval score")
	require.Equal(t, []string{"(none)"}, []string{s.ByDifficulty[0].Name})
}

func TestRender(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	require.NoError(t, report.Render(&buf, twoRuns()))
	out := buf.String()

	require.True(t, strings.HasPrefix(out, "<!DOCTYPE html>"))
	require.True(t, strings.HasSuffix(strings.TrimSpace(out), "</html>"))
	for _, frag := range []string{
		"<title>ERP exam · enterprise_erp</title>",
		`<div class="big acc-mid">68.8% ± 8.8%</div>`,
		"mean ± sd over 2 runs · range 62.5% – 75.0%",
		`<section id="difficulty">`, `<section id="modules">`, `<section id="failures">`, `<section id="latency">`,
		`aria-label="Accuracy by difficulty"`, `aria-label="Accuracy by module"`, `aria-label="Failure taxonomy"`,
		`aria-label="Stage latency"`, `aria-label="Accuracy per run"`,
		"retrieval_miss", "join_path_miss", "column_miss", "execution_error", "llm_reasoning", "validation_exhausted", "infra_failure",
		`<tr class="differs"><td>temperature</td><td>0.3</td><td>0.5</td></tr>`,
		`<span class="chip miss" title="expected, not retrieved">customers</span>`,
		"row count 12 vs 11",
	} {
		require.Contains(t, out, frag)
	}

	require.Equal(t, 5, strings.Count(out, "<svg"), "runs, difficulty, module, failures, latency")
	require.Equal(t, strings.Count(out, "<svg"), strings.Count(out, "</svg>"))
	require.Equal(t, 8, strings.Count(out, "<details>"), "one per question")
	require.Equal(t, 8, strings.Count(out, "<summary>"))

	// User text is escaped everywhere, the page has no scripts and loads
	// nothing.
	require.NotContains(t, out, "<script")
	require.NotContains(t, out, "<img")
	require.NotContains(t, out, "<b>")
	require.NotContains(t, out, "<i>boom")
	require.Contains(t, out, "Revenue of &#34;&lt;script&gt;alert(1)&lt;/script&gt;&#34; &amp; co?")
	require.Contains(t, out, "WHERE a &lt; 1 AND b &gt; 2 -- &lt;/pre&gt;&lt;img src=x&gt;")
	require.Contains(t, out, "&lt;b&gt;HR&lt;/b&gt;")
	require.NotContains(t, out, "http://")
	require.NotContains(t, out, "https://")
	require.NotContains(t, out, "@import")
	require.NotContains(t, out, "url(")
	for _, m := range regexp.MustCompile(`(?i)\b(href|src)="([^"]*)"`).FindAllStringSubmatch(out, -1) {
		require.Equal(t, "href", m[1], "no src attributes: %s", m[0])
		require.True(t, strings.HasPrefix(m[2], "#"), "links stay in the page: %s", m[0])
	}

	// Balanced structure, as far as a string check can tell.
	for _, tag := range []string{"section", "table", "details", "tr", "svg", "pre"} {
		require.Equal(t, strings.Count(out, "<"+tag+">")+strings.Count(out, "<"+tag+" "), strings.Count(out, "</"+tag+">"), tag)
	}
}

func TestRenderOneRunAndEmpty(t *testing.T) {
	t.Parallel()
	r := twoRuns()
	r.Runs = r.Runs[:1]
	var buf bytes.Buffer
	require.NoError(t, report.Render(&buf, r))
	out := buf.String()
	require.Equal(t, 4, strings.Count(out, "<svg"), "no runs chart for one run")
	require.Contains(t, out, `<div class="big acc-mid">62.5%</div>`)
	require.Contains(t, out, "5 of 8 questions answered correctly")
	require.NotContains(t, out, "±")

	buf.Reset()
	require.NoError(t, report.Render(&buf, report.Report{}))
	out = buf.String()
	require.Contains(t, out, "<title>nl2sql exam</title>")
	require.Equal(t, 1, strings.Count(out, "<svg"), "only the failure taxonomy, all zero")
	require.Contains(t, out, "No data.")
}

func TestWriteText(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	require.NoError(t, report.Summarize(twoRuns().Runs).WriteText(&buf))
	out := buf.String()
	for _, frag := range []string{
		"Accuracy: 68.8% ± 8.8% over 2 runs (range 62.5% to 75.0%)",
		"#11  qwen2.5-coder:7b  5/8     62.5%",
		"easy        5/6     83.3% ± 23.6%",
		"column_miss           2      1.0",
		"total     1.95 s  4.15 s  2.13 s  16",
	} {
		require.Contains(t, out, frag)
	}

	// The JSON form is what the CLI prints with --json.
	b, err := json.Marshal(report.Summarize(twoRuns().Runs))
	require.NoError(t, err)
	require.Contains(t, string(b), `"accuracy":{"mean":0.6875,`)
	require.Contains(t, string(b), `"by_difficulty":[{"name":"easy"`)
}

// small is the golden report: one run of three questions.
func small() report.Report {
	pass := report.Question{
		ID: "q1", Question: "How many customers are there?", Difficulty: "easy", Modules: []string{"Sales"},
		Pass: true, ExpectedTables: []string{"customers"}, RetrievedTables: []string{"customers", "orders"},
		Precision: 0.5, Recall: 1, Attempts: 1, StageMs: map[string]float64{"queue": 2, "retrieve": 14, "generate": 820, "validate": 31, "execute": 4},
		SQL: "SELECT count(*) FROM customers", GoldSQL: "SELECT count(*) FROM customers",
	}
	fail := report.Question{
		ID: "q2", Question: "Total sales by customer for 2024", Difficulty: "medium", Modules: []string{"Sales"},
		FailureType: report.ValidationExhausted, Reason: "validation failed 3 times", ExpectedTables: []string{"customers", "sales_orders"},
		RetrievedTables: []string{"customers"}, Precision: 1, Recall: 0.5, Attempts: 3,
		StageMs: map[string]float64{"queue": 3, "retrieve": 16, "generate": 2900, "validate": 95},
		SQL:     "SELECT c.name, sum(o.total_amount) FROM customers c JOIN sales_orders o ON o.customer_id = c.id GROUP BY 1",
		GoldSQL: "SELECT c.name, sum(o.total) FROM customers c JOIN sales_orders o USING (customer_id) GROUP BY 1",
		Error:   `column o.total_amount does not exist`,
	}
	hard := report.Question{
		ID: "q3", Question: "Month-over-month sales growth", Difficulty: "hard", Modules: []string{"Sales", "Finance"},
		FailureType: report.LLMReasoning, Reason: "row count 12 vs 11", ExpectedTables: []string{"sales_orders"},
		RetrievedTables: []string{"sales_orders"}, Precision: 1, Recall: 1, Attempts: 1,
		StageMs: map[string]float64{"queue": 1, "retrieve": 12, "generate": 3400, "validate": 40, "execute": 22},
		SQL:     "SELECT date_trunc('month', order_date), sum(total) FROM sales_orders GROUP BY 1",
	}
	return report.Report{Title: "nl2sql exam", GeneratedAt: t0, Database: "erp", Runs: []report.Run{{
		ID: 1, Model: "qwen2.5-coder:7b", StartedAt: t0, FinishedAt: t0.Add(42 * time.Second),
		Config:    map[string]string{"bm25": "on", "max_attempts": "3"},
		Questions: []report.Question{pass, fail, hard},
	}}}
}

func TestRenderGolden(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	require.NoError(t, report.Render(&buf, small()))
	path := filepath.Join("testdata", "small", "report.html")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("report mismatch (-want +got):\n%s", diff)
	}
}
