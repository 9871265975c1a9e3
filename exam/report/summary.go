package report

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"
)

// Summary holds the aggregates of a set of runs. Accuracies are fractions
// (0..1); "across runs" statistics treat each run's value as one sample.
type Summary struct {
	Runs int `json:"runs"`
	// Questions is the number of distinct question IDs over all runs.
	Questions int `json:"questions"`
	// Accuracy is the share of questions passed, across runs.
	Accuracy Stat `json:"accuracy"`
	// Recall and Precision are the runs' mean table retrieval scores over
	// questions with expected tables, across runs.
	Recall    Stat `json:"recall"`
	Precision Stat `json:"precision"`
	// Attempts is the runs' mean attempts per question, across runs.
	Attempts     Stat         `json:"attempts"`
	PerRun       []RunSummary `json:"per_run"`
	ByDifficulty []Group      `json:"by_difficulty"`
	ByModule     []Group      `json:"by_module"`
	// Failures counts failure types, the taxonomy's first (always present)
	// then others.
	Failures []Failure `json:"failures"`
	// Stages is the latency per stage over all questions of all runs, the
	// known stages first, then others, then "total" (the sum of a
	// question's stages).
	Stages []StageLatency `json:"stages"`
}

// Stat describes a sample: the runs' values of a metric.
type Stat struct {
	Mean float64 `json:"mean"`
	// SD is the sample standard deviation (n-1 denominator); 0 when N < 2.
	SD  float64 `json:"sd"`
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	N   int     `json:"n"`
}

// NewStat describes values.
func NewStat(values []float64) Stat {
	s := Stat{N: len(values)}
	if s.N == 0 {
		return s
	}
	s.Min, s.Max = values[0], values[0]
	sum := 0.0
	for _, v := range values {
		sum += v
		s.Min, s.Max = min(s.Min, v), max(s.Max, v)
	}
	s.Mean = sum / float64(s.N)
	if s.N > 1 {
		ss := 0.0
		for _, v := range values {
			ss += (v - s.Mean) * (v - s.Mean)
		}
		s.SD = math.Sqrt(ss / float64(s.N-1))
	}
	return s
}

// RunSummary is one run's headline.
type RunSummary struct {
	ID       int64         `json:"id"`
	Model    string        `json:"model"`
	Passed   int           `json:"passed"`
	Total    int           `json:"total"`
	Accuracy float64       `json:"accuracy"`
	Duration time.Duration `json:"duration_ns"`
}

// Group is the accuracy of the questions sharing a difficulty or module.
type Group struct {
	Name string `json:"name"`
	// Passed and Total are summed over runs.
	Passed int `json:"passed"`
	Total  int `json:"total"`
	// Accuracy is across the runs that had questions in the group.
	Accuracy Stat       `json:"accuracy"`
	PerRun   []GroupRun `json:"per_run"`
}

// GroupRun is a group's result in one run.
type GroupRun struct {
	Run      int64   `json:"run"`
	Passed   int     `json:"passed"`
	Total    int     `json:"total"`
	Accuracy float64 `json:"accuracy"`
}

// Failure counts one failure type.
type Failure struct {
	Type string `json:"type"`
	// Count is summed over runs; PerRun is in run order.
	Count  int   `json:"count"`
	PerRun []int `json:"per_run"`
	// Mean is the mean count per run.
	Mean float64 `json:"mean"`
}

// StageLatency is the latency of one stage in milliseconds. Quantiles
// interpolate linearly between the closest ranks.
type StageLatency struct {
	Stage string  `json:"stage"`
	N     int     `json:"n"`
	P50   float64 `json:"p50_ms"`
	P95   float64 `json:"p95_ms"`
	Mean  float64 `json:"mean_ms"`
	Max   float64 `json:"max_ms"`
}

// Summarize computes the aggregates of runs.
func Summarize(runs []Run) Summary {
	s := Summary{Runs: len(runs)}
	ids := map[string]bool{}
	var acc, rec, prec, att []float64
	diff := newGrouper(len(runs))
	mod := newGrouper(len(runs))
	failures := map[string][]int{}
	stageVals := map[string][]float64{}
	for ri, run := range runs {
		rs := RunSummary{ID: run.ID, Model: run.Model, Total: len(run.Questions)}
		if !run.StartedAt.IsZero() && run.FinishedAt.After(run.StartedAt) {
			rs.Duration = run.FinishedAt.Sub(run.StartedAt)
		}
		var r, p, a []float64
		for _, q := range run.Questions {
			ids[q.ID] = true
			if q.Pass {
				rs.Passed++
			} else {
				ft := q.FailureType
				if ft == "" {
					ft = Unclassified
				}
				if failures[ft] == nil {
					failures[ft] = make([]int, len(runs))
				}
				failures[ft][ri]++
			}
			if len(q.ExpectedTables) > 0 {
				r, p = append(r, q.Recall), append(p, q.Precision)
			}
			a = append(a, float64(q.Attempts))
			diff.add(ri, nameOr(q.Difficulty), q.Pass)
			mods := q.Modules
			if len(mods) == 0 {
				mods = []string{""}
			}
			for _, m := range dedupe(mods) {
				mod.add(ri, nameOr(m), q.Pass)
			}
			// Sorted, so that the float sum does not depend on map order.
			total := 0.0
			for _, st := range slices.Sorted(maps.Keys(q.StageMs)) {
				stageVals[st] = append(stageVals[st], q.StageMs[st])
				total += q.StageMs[st]
			}
			if len(q.StageMs) > 0 {
				stageVals["total"] = append(stageVals["total"], total)
			}
		}
		if rs.Total > 0 {
			rs.Accuracy = float64(rs.Passed) / float64(rs.Total)
			acc = append(acc, rs.Accuracy)
			att = append(att, NewStat(a).Mean)
		}
		if len(r) > 0 {
			rec, prec = append(rec, NewStat(r).Mean), append(prec, NewStat(p).Mean)
		}
		s.PerRun = append(s.PerRun, rs)
	}
	s.Questions = len(ids)
	s.Accuracy, s.Recall, s.Precision, s.Attempts = NewStat(acc), NewStat(rec), NewStat(prec), NewStat(att)
	s.ByDifficulty = diff.groups(runs, difficultyOrder)
	s.ByModule = mod.groups(runs, nil)

	for _, ft := range FailureTypes {
		if failures[ft] == nil {
			failures[ft] = make([]int, len(runs))
		}
	}
	for _, ft := range orderNames(keys(failures), FailureTypes) {
		f := Failure{Type: ft, PerRun: failures[ft]}
		for _, n := range f.PerRun {
			f.Count += n
		}
		if len(runs) > 0 {
			f.Mean = float64(f.Count) / float64(len(runs))
		}
		s.Failures = append(s.Failures, f)
	}

	var stages []string
	for st := range stageVals {
		if st != "total" {
			stages = append(stages, st)
		}
	}
	stages = orderNames(stages, Stages)
	if len(stages) > 0 {
		stages = append(stages, "total")
	}
	for _, st := range stages {
		v := slices.Clone(stageVals[st])
		sort.Float64s(v)
		s.Stages = append(s.Stages, StageLatency{
			Stage: st, N: len(v), P50: Quantile(v, 0.5), P95: Quantile(v, 0.95),
			Mean: NewStat(v).Mean, Max: v[len(v)-1],
		})
	}
	return s
}

// Quantile returns the q-quantile (0..1) of sorted values, interpolating
// linearly between the closest ranks; 0 for no values. It is nl2sql's one
// percentile definition, the one PostgreSQL's percentile_cont computes for
// the SQL views and the benchmarks' stage figures, so the Go and the SQL
// figures of the same values agree.
func Quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	pos := q * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	hi := min(lo+1, len(sorted)-1)
	return sorted[lo] + (sorted[hi]-sorted[lo])*(pos-float64(lo))
}

// DurationQuantile is Quantile over durations, which it sorts in place:
// the benchmarks' latency percentiles, by the same definition as the
// reports'.
func DurationQuantile(ds []time.Duration, q float64) time.Duration {
	slices.Sort(ds)
	v := make([]float64, len(ds))
	for i, d := range ds {
		v[i] = float64(d)
	}
	return time.Duration(Quantile(v, q))
}

// none names questions without a difficulty or module.
const none = "(none)"

func nameOr(s string) string {
	if strings.TrimSpace(s) == "" {
		return none
	}
	return s
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

var difficultyOrder = []string{"easy", "medium", "hard", "extra", "extra hard"}

// orderNames sorts names: those in first (compared case-insensitively) in
// its order, then the rest alphabetically, "(none)" last.
func orderNames(names, first []string) []string {
	rank := func(n string) int {
		for i, f := range first {
			if strings.EqualFold(n, f) {
				return i
			}
		}
		if n == none {
			return len(first) + 1
		}
		return len(first)
	}
	out := slices.Clone(names)
	sort.SliceStable(out, func(a, b int) bool {
		ra, rb := rank(out[a]), rank(out[b])
		if ra != rb {
			return ra < rb
		}
		return out[a] < out[b]
	})
	return out
}

// grouper tallies pass/total per group name and run.
type grouper struct {
	runs  int
	tally map[string][][2]int // name -> run -> {passed, total}
}

func newGrouper(runs int) *grouper { return &grouper{runs: runs, tally: map[string][][2]int{}} }

func (g *grouper) add(run int, name string, pass bool) {
	t := g.tally[name]
	if t == nil {
		t = make([][2]int, g.runs)
		g.tally[name] = t
	}
	t[run][1]++
	if pass {
		t[run][0]++
	}
}

func (g *grouper) groups(runs []Run, first []string) []Group {
	var out []Group
	for _, name := range orderNames(keys(g.tally), first) {
		gr := Group{Name: name}
		var acc []float64
		for ri, t := range g.tally[name] {
			if t[1] == 0 {
				continue
			}
			a := float64(t[0]) / float64(t[1])
			gr.PerRun = append(gr.PerRun, GroupRun{Run: runs[ri].ID, Passed: t[0], Total: t[1], Accuracy: a})
			gr.Passed += t[0]
			gr.Total += t[1]
			acc = append(acc, a)
		}
		gr.Accuracy = NewStat(acc)
		out = append(out, gr)
	}
	return out
}

// FormatPercent renders a fraction as a percentage with one decimal.
func FormatPercent(f float64) string { return fmt.Sprintf("%.1f%%", 100*f) }

// FormatStat renders an accuracy statistic: "78.3% ± 1.4%" over several
// runs, "88.3%" for one.
func FormatStat(s Stat) string {
	if s.N == 0 {
		return "n/a"
	}
	if s.N < 2 {
		return FormatPercent(s.Mean)
	}
	return fmt.Sprintf("%s ± %s", FormatPercent(s.Mean), FormatPercent(s.SD))
}

// FormatMs renders a duration in milliseconds: "0.4 ms", "120 ms",
// "3.25 s", "42.0 s".
func FormatMs(ms float64) string {
	switch {
	case ms < 10:
		return fmt.Sprintf("%.1f ms", ms)
	case ms < 999.5:
		return fmt.Sprintf("%.0f ms", ms)
	case ms < 9995:
		return fmt.Sprintf("%.2f s", ms/1000)
	}
	return fmt.Sprintf("%.1f s", ms/1000)
}

// WriteText prints the summary as aligned plain text for the terminal.
func (s Summary) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	p := func(format string, args ...any) { fmt.Fprintf(tw, format, args...) }
	if s.Runs == 0 {
		p("No runs.\n")
		return tw.Flush()
	}
	passed, total := 0, 0
	for _, r := range s.PerRun {
		passed, total = passed+r.Passed, total+r.Total
	}
	if s.Runs == 1 {
		p("Accuracy: %s (%d/%d)\n", FormatStat(s.Accuracy), passed, total)
	} else {
		p("Accuracy: %s over %d runs (range %s to %s)\n", FormatStat(s.Accuracy), s.Runs,
			FormatPercent(s.Accuracy.Min), FormatPercent(s.Accuracy.Max))
	}
	if s.Recall.N > 0 {
		p("Table recall: %s, precision: %s\n", FormatStat(s.Recall), FormatStat(s.Precision))
	}
	p("\nRun\tModel\tPassed\tAccuracy\n")
	for _, r := range s.PerRun {
		p("#%d\t%s\t%d/%d\t%s\n", r.ID, r.Model, r.Passed, r.Total, FormatPercent(r.Accuracy))
	}
	for _, sec := range []struct {
		title  string
		groups []Group
	}{{"Difficulty", s.ByDifficulty}, {"Module", s.ByModule}} {
		p("\n%s\tPassed\tAccuracy\n", sec.title)
		for _, g := range sec.groups {
			p("%s\t%d/%d\t%s\n", g.Name, g.Passed, g.Total, FormatStat(g.Accuracy))
		}
	}
	p("\nFailure\tCount\tPer run\n")
	for _, f := range s.Failures {
		p("%s\t%d\t%.1f\n", f.Type, f.Count, f.Mean)
	}
	if len(s.Stages) > 0 {
		p("\nStage\tp50\tp95\tmean\tn\n")
		for _, st := range s.Stages {
			p("%s\t%s\t%s\t%s\t%d\n", st.Stage, FormatMs(st.P50), FormatMs(st.P95), FormatMs(st.Mean), st.N)
		}
	}
	return tw.Flush()
}
