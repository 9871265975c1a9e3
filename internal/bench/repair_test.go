package bench

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/repair"
	"github.com/nl2sql/nl2sql/internal/target"
)

// TestRunRepair runs the repair benchmark on the demo ERP with a dozen
// exam questions that between them use joins, self-joins, CTEs, grouping
// and subqueries: the counts add up, every kind of mistake is injected,
// and no repair returns a result other than gold (flipped is 0). It
// asserts no fix rate: that figure is nl2sql bench repair's to report.
func TestRunRepair(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	setup := func(t *testing.T) RepairOptions {
		t.Helper()
		db := dbtest.NewDB(t)
		_, err := exam.LoadDemo(ctx, db.Pool, db.Pool, exam.DemoOptions{DSN: db.URL})
		require.NoError(t, err)
		targets, err := target.New(target.Config{})
		require.NoError(t, err)
		t.Cleanup(targets.Close)
		var qs []exam.Question
		for _, q := range exam.ERPQuestions() {
			if slices.Contains([]string{"q04", "q16", "q19", "q21", "q23", "q26", "q28", "q33", "q41", "q46", "q52", "q55"}, q.ID) {
				qs = append(qs, q)
			}
		}
		return RepairOptions{Meta: db.Pool, Targets: targets, Questions: qs, Concurrency: 2, Logger: dbtest.Logger(t)}
	}
	opts := setup(t)
	rep, err := RunRepair(ctx, opts)
	require.NoError(t, err)

	require.Zero(t, rep.Flipped, "a repair answered differently from gold: %+v", rep.Flips)
	require.Equal(t, rep.Mutations, rep.Fixed+rep.Flipped+rep.Left)
	require.Equal(t, repair.ModeActive, rep.Mode)
	require.Len(t, rep.Cases, rep.Mutations+sumValid(rep))
	sum := KindReport{}
	for _, k := range MutationKinds {
		kr := rep.Kinds[k]
		require.NotNil(t, kr, k)
		if k == MutUnquoted {
			// The ERP quotes no name, so it has none (TestMutate makes them).
			require.Zero(t, kr.Mutations+kr.Valid, k)
		} else {
			require.Positive(t, kr.Mutations+kr.Valid, "%s: no mutant was made", k)
		}
		require.Equal(t, kr.Mutations, kr.Fixed+kr.Flipped+kr.Left, k)
		sum.Mutations += kr.Mutations
		sum.Fixed += kr.Fixed
	}
	require.Equal(t, rep.Mutations, sum.Mutations)
	require.Equal(t, rep.Fixed, sum.Fixed)
	// Trailing commas and reordered names have one reading: all fixed.
	for _, k := range []string{MutTrailingComma, MutColumnReordered} {
		require.Equal(t, rep.Kinds[k].Mutations, rep.Kinds[k].Fixed, k)
	}
	require.Positive(t, rep.P50US)
	for _, c := range rep.Cases {
		switch c.Outcome {
		case "fixed":
			require.NotEmpty(t, c.Fixes, "%s %s", c.QuestionID, c.Change)
			require.NotEqual(t, c.Mutant, c.Repaired)
		case "left":
			require.NotEmpty(t, c.Reason, "%s %s", c.QuestionID, c.Change)
		}
	}

	// The observe mode changes nothing the surgical tier would rewrite.
	opts.Repair = repair.Config{Mode: repair.ModeObserve}
	opts.Now = func() time.Time { return time.Unix(0, 0) }
	obs, err := RunRepair(ctx, opts)
	require.NoError(t, err)
	require.Zero(t, obs.Flipped)
	require.Equal(t, rep.Mutations, obs.Mutations, "the same mutants")
	require.LessOrEqual(t, obs.Fixed, rep.Fixed)
	require.Zero(t, obs.P50US, "repairs are timed with the injected clock")
	for _, c := range obs.Cases {
		for _, f := range c.Fixes {
			require.NotContains(t, f, string(repair.KindSurgical), "observe mode rewrote %s", c.Change)
		}
	}
}

func sumValid(r *RepairReport) int {
	n := 0
	for _, kr := range r.Kinds {
		n += kr.Valid
	}
	return n
}

func TestRepairOptions(t *testing.T) {
	t.Parallel()
	require.ErrorContains(t, RepairOptions{}.WithDefaults().validate(), "Meta and Targets are required")
	o := RepairOptions{}.WithDefaults()
	require.Equal(t, "erp", o.Database)
	require.Len(t, o.Questions, 60)
}
