package candidate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScore(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		name     string
		question string
		eval     Evaluation
		want     float64
		parts    []string
	}{
		{"Plain", "list employees", Evaluation{}, 100, []string{PartBase}},
		{"LintAndExplain", "list employees", Evaluation{LintErrors: 1, LintWarnings: 2, ExplainFailed: true}, 100 - 25 - 10 - 50, []string{PartBase, PartLintError, PartLintWarning, PartExplainFailed}},
		{"GroupByBonus", "total sales by customer", Evaluation{HasGroupBy: true}, 110, []string{PartBase, PartGroupBy}},
		{"GroupByWithoutCue", "total sales", Evaluation{HasGroupBy: true}, 100, []string{PartBase}},
		{"TopN", "top 5 customers by revenue", Evaluation{HasGroupBy: true, HasOrderBy: true, HasLimit: true}, 120, []string{PartBase, PartGroupBy, PartTopN}},
		{"TopNNeedsLimit", "highest paid employee", Evaluation{HasOrderBy: true}, 100, []string{PartBase}},
		{"Distinct", "how many unique products were sold", Evaluation{HasDistinct: true}, 105, []string{PartBase, PartDistinct}},
		{"WordBoundary", "show the bypass valves", Evaluation{HasGroupBy: true}, 100, []string{PartBase}},
		{"RefusedBelowExplainFailure", "list employees", Evaluation{Rejected: true, Refused: true}, 0, []string{PartBase, PartRefused}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, b := Score(tc.question, tc.eval)
			require.Equal(t, tc.want, got)
			require.Equal(t, tc.want, b.Total())
			var parts []string
			for k := range b {
				parts = append(parts, k)
			}
			require.ElementsMatch(t, tc.parts, parts)
		})
	}
}

func TestSelect(t *testing.T) {
	t.Parallel()

	evals := []Evaluation{{Ordinal: 1, Rejected: true}, {Ordinal: 2}, {Ordinal: 3}}
	require.Equal(t, 2, Select(evals, []float64{200, 90, 95}), "a rejected candidate never wins, whatever its score")
	require.Equal(t, 1, Select(evals, []float64{0, 95, 95}), "ties go to the earlier candidate")
	voted := []Evaluation{{Ordinal: 1, Votes: 1}, {Ordinal: 2, Votes: 3}, {Ordinal: 3, Votes: 5}}
	require.Equal(t, 1, Select(voted, []float64{95, 95, 90}), "among equal scores the query more calls agreed on wins; votes never beat score")
	require.Equal(t, -1, Select([]Evaluation{{Rejected: true}}, []float64{100}))
	require.Equal(t, -1, Select(nil, nil))
}

func TestConfidence(t *testing.T) {
	t.Parallel()

	require.InDelta(t, 1.0, Confidence(1, 0), 1e-9)
	require.InDelta(t, 0.8, Confidence(3, 0), 1e-9)
	require.InDelta(t, 0.85, Confidence(2, 1), 1e-9)
	require.InDelta(t, 0.05, Confidence(30, 10), 1e-9)
}

func TestWithRetrieval(t *testing.T) {
	t.Parallel()

	low, ok := 0.39, 0.4
	require.InDelta(t, 0.9, WithRetrieval(0.9, nil), 1e-9, "the full schema")
	require.InDelta(t, 0.9, WithRetrieval(0.9, &ok), 1e-9)
	require.InDelta(t, 0.72, WithRetrieval(0.9, &low), 1e-9)
	require.InDelta(t, 0.05, WithRetrieval(0.05, &low), 1e-9, "never below Confidence's floor")
}
