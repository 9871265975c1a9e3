package bench

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

func TestScoreTables(t *testing.T) {
	t.Parallel()

	s := ScoreTables([]string{"employees", "departments"}, []string{"erp.employees", "erp.departments", "erp.jobs", "ERP.Employees"})
	require.Equal(t, 1.0, s.Recall)
	require.InDelta(t, 2.0/3, s.Precision, 1e-12, "employees twice counts once; jobs is extra")
	require.InDelta(t, 0.8, s.F1, 1e-12)
	require.Empty(t, s.Missing)

	s = ScoreTables([]string{"orderLineItems", "customers"}, []string{`saas."orderLineItems"`, `"Customers"`})
	require.Equal(t, 0.5, s.Recall, "a quoted name keeps its case: Customers is not customers")
	require.Equal(t, []string{"customers"}, s.Missing)

	s = ScoreTables([]string{"a"}, nil)
	require.Zero(t, s.Recall)
	require.Zero(t, s.Precision)
	require.Zero(t, s.F1)
	require.Equal(t, []string{"a"}, s.Missing)

	s = ScoreTables([]string{"b"}, []string{`"x.y".b`})
	require.Equal(t, 1.0, s.Recall, "a dot inside quotes is part of the schema name")
}

func TestRunRetrieval(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	setup := func(answers map[string]*Retrieved) Retriever {
		return func(_ context.Context, q string) (*Retrieved, error) { return answers[q], nil }
	}
	tables := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("s.t%02d", i)
		}
		return out
	}

	qs := []RetrievalQuestion{
		{ID: "q1", ExpectedTables: []string{"a", "b"}, Question: "one"},
		{ID: "q2", ExpectedTables: []string{"c"}, Question: "two"},
	}
	run, err := RunRetrieval(ctx, RetrievalSpec{Group: GroupDev, Set: "test", Tables: 9, Mode: "lexical"}, qs, setup(map[string]*Retrieved{
		"one": {
			Tables: []string{"s.a", "s.b", "s.x", "s.y"}, Mode: "lexical", Strategy: "rag", Embedding: time.Hour,
			Sources: map[string]string{"s.a": "table", "s.b": "neighbour", "s.x": "neighbour", "s.y": "ranked"},
		},
		"two": {Tables: []string{"s.d"}, Mode: "full", Strategy: "full", FallbackReason: "no relevant tables found"},
	}))
	require.NoError(t, err)
	require.Equal(t, GroupDev, run.Group)
	require.Equal(t, "test", run.Set)
	require.Equal(t, 9, run.Tables)
	require.Equal(t, 2, run.Questions)
	require.Equal(t, 1, run.FullRecall)
	require.Equal(t, 1, run.FullRecallAny)
	require.Equal(t, 0.5, run.FullRecallRate)
	require.Equal(t, 0.5, run.MeanRecall)
	require.Equal(t, 0.25, run.MeanPrecision)
	require.Equal(t, 2.5, run.MeanTables)
	require.Equal(t, 1, run.Fallbacks)
	require.Zero(t, run.FullSchema, "no threshold given: the whole schema of a small database is not counted")
	require.Equal(t, map[string]int{"full": 1}, run.Modes, "a fallback is reported, not hidden")
	require.Equal(t, []RetrievalMiss{{ID: "q2", Missing: []string{"c"}, Got: 1}}, run.Misses)
	require.Less(t, run.P95MS, 1000.0, "the embedding time is not the retriever's")
	require.Equal(t, map[string]*SourceCount{
		"table": {Returned: 1, Expected: 1}, "neighbour": {Returned: 2, Expected: 1}, "ranked": {Returned: 1},
	}, run.BySource, "a retriever that says no source (q2) counts in none")

	t.Run("AtMost15Tables", func(t *testing.T) {
		t.Parallel()
		qs := []RetrievalQuestion{
			{ID: "q1", ExpectedTables: []string{"t00", "t14"}, Question: "fifteen"},
			{ID: "q2", ExpectedTables: []string{"t00", "t15"}, Question: "sixteen"},
			{ID: "q3", ExpectedTables: []string{"t00", "t20"}, Question: "fifteen, one missing"},
		}
		run, err := RunRetrieval(ctx, RetrievalSpec{Group: GroupERP, Set: "erp", Tables: 2000, Mode: "lexical"}, qs, setup(map[string]*Retrieved{
			"fifteen":              {Tables: tables(15), Mode: "lexical", Strategy: "rag"},
			"sixteen":              {Tables: tables(16), Mode: "lexical", Strategy: "rag"},
			"fifteen, one missing": {Tables: tables(15), Mode: "lexical", Strategy: "rag"},
		}))
		require.NoError(t, err)
		require.Equal(t, 1, run.FullRecall, "every expected table in 15 counts; in 16 it does not")
		require.Equal(t, 2, run.FullRecallAny, "the old figure: every expected table, any size")
		require.Equal(t, 0.3333, run.FullRecallRate)
		require.Equal(t, []RetrievalMiss{{ID: "q2", Got: 16}, {ID: "q3", Missing: []string{"t20"}, Got: 15}}, run.Misses)
	})

	t.Run("MissAnatomy", func(t *testing.T) {
		t.Parallel()
		// a - b - c - d in a chain, e joined to nothing.
		g := NewJoinGraph([][2]string{{"a", "b"}, {"b", "c"}, {"c", "d"}})
		qs := []RetrievalQuestion{
			{ID: "q1", ExpectedTables: []string{"a", "b", "c"}, Question: "between"},
			{ID: "q2", ExpectedTables: []string{"a", "e"}, Question: "unranked"},
			{ID: "q3", ExpectedTables: []string{"a"}, Question: "found"},
			{ID: "q4", ExpectedTables: []string{"t00"}, Question: "too many"},
		}
		run, err := RunRetrieval(ctx, RetrievalSpec{Group: GroupHeldout, Set: "h", Tables: 30, Mode: "lexical", Joins: g}, qs, setup(map[string]*Retrieved{
			// b is on the path a - b - c, ranked 12th.
			"between":  {Tables: []string{"s.a", "s.c"}, Ranking: append(tables(11), "s.b"), Mode: "lexical", Strategy: "rag", UnknownWords: []string{"between", "xq", "zebra"}},
			"unranked": {Tables: []string{"s.a"}, Ranking: []string{"s.a"}, Mode: "lexical", Strategy: "rag"},
			"found":    {Tables: []string{"s.a"}, Mode: "lexical", Strategy: "rag"},
			"too many": {Tables: tables(16), Mode: "lexical", Strategy: "rag"},
		}))
		require.NoError(t, err)
		require.Nil(t, run.Misses, "a held-out run lists no miss")
		require.Equal(t, &MissAnatomy{
			Questions: 3, OverCap: 1, ByMissing: map[string]int{"1": 2}, Tables: 2, NotRanked: 1,
			RankedAt: map[string]int{"11-20": 1}, JoinsIncluded: 1, OnJoinPath: 1,
			Distance: map[string]int{"1": 1, "far": 1}, Degree: map[string]int{"0": 1, "2-3": 1},
		}, run.Anatomy)
		require.Equal(t, map[string]*ExpectedCount{
			"1": {Questions: 2, FullRecall: 1}, "2": {Questions: 1}, "3": {Questions: 1},
		}, run.ByExpected, "by expected tables: only one of one-table questions counts")
		require.Equal(t, 0.75, run.UnknownWords, "3 unknown words over 4 questions")
		require.Equal(t, 1, run.WithUnknownWords)
		require.Equal(t, map[string]int{"lower/top3k": 1, "lower/none": 1, "lower/top30k": 1}, run.UnknownWordClasses)
	})

	t.Run("EmptyAndFullSchema", func(t *testing.T) {
		t.Parallel()
		qs := []RetrievalQuestion{
			{ID: "q1", ExpectedTables: []string{"t00"}, Question: "nothing"},
			{ID: "q2", ExpectedTables: []string{"t00"}, Question: "full"},
			{ID: "q3", ExpectedTables: []string{"t00"}, Question: "every table by RAG"},
			{ID: "q4", ExpectedTables: []string{"t00"}, Question: "keyword"},
		}
		answers := map[string]*Retrieved{
			"nothing":            {Mode: "none", Strategy: "rag"},
			"full":               {Tables: tables(20), Mode: "full", Strategy: "full", FallbackReason: "no relevant tables"},
			"every table by RAG": {Tables: tables(20), Mode: "lexical", Strategy: "rag"},
			"keyword":            {Tables: tables(12), Mode: "keyword", Strategy: "rag", FallbackReason: "too many to include whole"},
		}
		for name, tc := range map[string]struct {
			tables, threshold, fullSchema int
		}{
			"above the threshold": {20, 20, 2},
			"below the threshold": {20, 100, 0},
			"no threshold":        {20, 0, 0},
		} {
			run, err := RunRetrieval(ctx, RetrievalSpec{Group: GroupHeldout, Set: "h", Tables: tc.tables, Mode: "lexical", RAGThreshold: tc.threshold}, qs, setup(answers))
			require.NoError(t, err, name)
			require.Equal(t, 1, run.Empty, name)
			require.Equal(t, tc.fullSchema, run.FullSchema, name)
			require.Equal(t, 2, run.Fallbacks, name)
			require.Equal(t, 1, run.FullRecall, name)
			require.Equal(t, 3, run.FullRecallAny, name)
			require.Equal(t, map[string]int{"none": 1, "full": 1, "keyword": 1}, run.Modes, name)
			require.Nil(t, run.Misses, "%s: a held-out run lists no miss", name)
		}
	})

	t.Run("Errors", func(t *testing.T) {
		t.Parallel()
		down := func(context.Context, string) (*Retrieved, error) { return nil, errors.New("down") }
		_, err := RunRetrieval(ctx, RetrievalSpec{Group: GroupDev, Set: "test", Tables: 9, Mode: "lexical"}, qs, down)
		require.ErrorContains(t, err, "retrieving q1: down")
		_, err = RunRetrieval(ctx, RetrievalSpec{Group: GroupHeldout, Set: "test", Tables: 9, Mode: "lexical"}, qs, down)
		require.ErrorContains(t, err, "retrieving a question of held-out set test: down")
		require.NotContains(t, err.Error(), "q1", "a held-out question is not named")
		_, err = RunRetrieval(ctx, RetrievalSpec{Set: "test"}, nil, nil)
		require.Error(t, err)
	})
}

func TestSummarizeRetrieval(t *testing.T) {
	t.Parallel()
	runs := []*RetrievalRun{
		{Group: GroupERP, Set: "erp", Tables: 75, Mode: "lexical", Questions: 60, FullRecall: 59, FullRecallAny: 59, FullRecallRate: 0.9833},
		{Group: GroupERP, Set: "erp", Tables: 2000, Mode: "lexical", Questions: 60, FullRecall: 58, FullRecallAny: 59, FullRecallRate: 0.9667, Fallbacks: 1},
		{Group: GroupHeldout, Set: "fiben", Tables: 152, Mode: "lexical", Questions: 10, FullRecall: 2, FullRecallAny: 3, FullRecallRate: 0.2, Empty: 1, FullSchema: 2},
		{Group: GroupERP, Set: "erp", Tables: 75, Mode: "hybrid", Questions: 60, FullRecall: 60, FullRecallAny: 60, FullRecallRate: 1},
	}
	got := SummarizeRetrieval(runs)
	want := []RetrievalSummary{
		{Group: GroupERP, Mode: "lexical", Runs: 2, Questions: 120, FullRecall: 117, FullRecallAny: 118, FullRecallRate: 0.975, Fallbacks: 1, WorstSet: "erp@2000", WorstRate: 0.9667},
		{Group: GroupHeldout, Mode: "lexical", Runs: 1, Questions: 10, FullRecall: 2, FullRecallAny: 3, FullRecallRate: 0.2, Empty: 1, FullSchema: 2, WorstSet: "fiben@152", WorstRate: 0.2},
		{Group: GroupERP, Mode: "hybrid", Runs: 1, Questions: 60, FullRecall: 60, FullRecallAny: 60, FullRecallRate: 1, WorstSet: "erp@75", WorstRate: 1},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SummarizeRetrieval (-want +got):\n%s", diff)
	}
}

func TestWordClass(t *testing.T) {
	t.Parallel()
	q := "Which Zebra trades were booked by desk XQ7 for O'Brien's team? Show booked ones. Zebras count."
	for w, want := range map[string]string{
		"which":   "lower/top3k", // first word: its capital says nothing
		"show":    "lower/top3k", // nor a sentence's
		"zebra":   "capital/top30k",
		"zebras":  "lower/top30k",
		"obriens": "capital/none",
		"xq7":     "capital/none",
		"booked":  "lower/top30k",
		"were":    "lower/top3k",
	} {
		require.Equal(t, want, wordClass(q, w), w)
	}
}
