package bench

import (
	"context"
	"errors"
	"testing"
	"time"

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

	qs := []RetrievalQuestion{
		{ID: "q1", ExpectedTables: []string{"a", "b"}, Question: "one"},
		{ID: "q2", ExpectedTables: []string{"c"}, Question: "two"},
	}
	answers := map[string]*Retrieved{
		"one": {Tables: []string{"s.a", "s.b", "s.x", "s.y"}, Mode: "lexical", Embedding: time.Hour},
		"two": {Tables: []string{"s.d"}, Mode: "full"},
	}
	run, err := RunRetrieval(ctx, "test", 9, "lexical", qs, func(_ context.Context, q string) (*Retrieved, error) {
		return answers[q], nil
	})
	require.NoError(t, err)
	require.Equal(t, "test", run.Set)
	require.Equal(t, 9, run.Tables)
	require.Equal(t, 2, run.Questions)
	require.Equal(t, 1, run.FullRecall)
	require.Equal(t, 0.5, run.MeanRecall)
	require.Equal(t, 0.25, run.MeanPrecision)
	require.Equal(t, 2.5, run.MeanTables)
	require.Equal(t, map[string]int{"full": 1}, run.Modes, "a fallback is reported, not hidden")
	require.Equal(t, []RetrievalMiss{{ID: "q2", Missing: []string{"c"}, Got: 1}}, run.Misses)
	require.Less(t, run.P95MS, 1000.0, "the embedding time is not the retriever's")

	_, err = RunRetrieval(ctx, "test", 9, "lexical", qs, func(context.Context, string) (*Retrieved, error) {
		return nil, errors.New("down")
	})
	require.ErrorContains(t, err, "retrieving q1: down")
	_, err = RunRetrieval(ctx, "test", 9, "lexical", nil, nil)
	require.Error(t, err)
}
