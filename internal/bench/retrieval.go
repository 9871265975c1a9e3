package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Retrieved is what a retriever returned for one question.
type Retrieved struct {
	// Tables are the tables put into the prompt, qualified or not.
	Tables []string
	// Mode is how the tables were found: "lexical", "hybrid" or, when
	// retrieval fell back or was not used, the strategy ("full").
	Mode string
	// Embedding is the time spent embedding the question, excluded from
	// the latency (a model's speed is not the retriever's).
	Embedding time.Duration
}

// Retriever retrieves the tables of one question.
type Retriever func(ctx context.Context, question string) (*Retrieved, error)

// RetrievalRun is `nl2sql bench retrieval`'s report of one (database,
// mode) run; the JSON field names are the issue's.
type RetrievalRun struct {
	// Set names the question set and schema: "erp" or a test schema.
	Set           string  `json:"set"`
	Tables        int     `json:"tables"`
	Mode          string  `json:"mode"`
	Questions     int     `json:"questions"`
	FullRecall    int     `json:"full_recall"`
	MeanRecall    float64 `json:"mean_recall"`
	MeanPrecision float64 `json:"mean_precision"`
	MeanF1        float64 `json:"mean_f1"`
	MeanTables    float64 `json:"mean_tables"`
	P50MS         float64 `json:"p50_ms"`
	P95MS         float64 `json:"p95_ms"`
	// Modes counts the modes the retriever reported, when it did not keep
	// to the one asked for (a fallback to the full schema, say).
	Modes map[string]int `json:"modes,omitempty"`
	// Misses lists the questions with an expected table left out.
	Misses []RetrievalMiss `json:"misses,omitempty"`
}

// RetrievalMiss is a question whose retrieval left out expected tables.
type RetrievalMiss struct {
	ID      string   `json:"id"`
	Missing []string `json:"missing"`
	Got     int      `json:"got"`
}

// Score is one question's recall and precision.
type Score struct {
	Recall, Precision, F1 float64
	Missing               []string
	Got                   int
}

// ScoreTables compares retrieved tables, written as SQL names (qualified
// or not, quoted when needed), with the expected tables' exact names.
// An unquoted retrieved name folds to lower case, as Postgres folds it; a
// table retrieved twice counts once.
func ScoreTables(expected, retrieved []string) Score {
	got := map[string]bool{}
	for _, t := range retrieved {
		got[bareName(t)] = true
	}
	want := map[string]bool{}
	for _, t := range expected {
		want[t] = true
	}
	s := Score{Got: len(got)}
	hit := 0
	for t := range want {
		if got[t] {
			hit++
		} else {
			s.Missing = append(s.Missing, t)
		}
	}
	slices.Sort(s.Missing)
	if len(want) > 0 {
		s.Recall = float64(hit) / float64(len(want))
	}
	if len(got) > 0 {
		s.Precision = float64(hit) / float64(len(got))
	}
	if s.Recall+s.Precision > 0 {
		s.F1 = 2 * s.Recall * s.Precision / (s.Recall + s.Precision)
	}
	return s
}

// bareName strips the schema and folds an unquoted name to lower case.
func bareName(name string) string {
	if i := lastDotOutsideQuotes(name); i >= 0 {
		name = name[i+1:]
	}
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		return strings.ReplaceAll(name[1:len(name)-1], `""`, `"`)
	}
	return strings.ToLower(name)
}

func lastDotOutsideQuotes(s string) int {
	in, last := false, -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			in = !in
		case '.':
			if !in {
				last = i
			}
		}
	}
	return last
}

// RunRetrieval asks every question of qs through retrieve once and scores
// the tables it returns. tables is the database's table count, for the
// report.
func RunRetrieval(ctx context.Context, set string, tables int, mode string, qs []RetrievalQuestion, retrieve Retriever) (*RetrievalRun, error) {
	if len(qs) == 0 {
		return nil, errors.New("bench: no questions")
	}
	run := &RetrievalRun{Set: set, Tables: tables, Mode: mode, Questions: len(qs)}
	lat := make([]float64, 0, len(qs))
	var sumR, sumP, sumF, sumT float64
	for _, q := range qs {
		start := time.Now()
		got, err := retrieve(ctx, q.Question)
		if err != nil {
			return nil, fmt.Errorf("bench: retrieving %s: %w", q.ID, err)
		}
		d := time.Since(start) - got.Embedding
		lat = append(lat, float64(d.Microseconds())/1000)
		if got.Mode != mode {
			if run.Modes == nil {
				run.Modes = map[string]int{}
			}
			run.Modes[got.Mode]++
		}
		s := ScoreTables(q.ExpectedTables, got.Tables)
		sumR, sumP, sumF, sumT = sumR+s.Recall, sumP+s.Precision, sumF+s.F1, sumT+float64(s.Got)
		if len(s.Missing) == 0 {
			run.FullRecall++
		} else {
			run.Misses = append(run.Misses, RetrievalMiss{ID: q.ID, Missing: s.Missing, Got: s.Got})
		}
	}
	n := float64(len(qs))
	run.MeanRecall, run.MeanPrecision, run.MeanF1, run.MeanTables = round4(sumR/n), round4(sumP/n), round4(sumF/n), round4(sumT/n)
	slices.Sort(lat)
	run.P50MS, run.P95MS = round4(quantileSorted(lat, 0.50)), round4(quantileSorted(lat, 0.95))
	return run, nil
}

// quantileSorted is the nearest-rank quantile of sorted values.
func quantileSorted(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(v)))) - 1
	return v[max(0, min(i, len(v)-1))]
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
