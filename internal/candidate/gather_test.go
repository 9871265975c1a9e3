package candidate

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestClassify(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		question string
		want     Difficulty
	}{
		{"List all warehouses", Easy},
		{"Show the departments", Easy},
		{"How many employees are there?", Medium},
		{"Total sales by customer for 2024", Medium},
		{"Which employees have pending leave requests?", Easy},
		{"Top 5 products by revenue", Medium},
		{"Month-over-month sales growth", Hard},
		{"Employee turnover rate by department", Hard},
		{"Project profitability: budget vs actual", Hard},
		{"What percentage of orders shipped late?", Hard},
		{"For each department, the employee with the highest salary", Hard},
		{"Customers who never placed an order", Medium},
		{"Show me the name, email address and phone number of every supplier we buy office furniture from", Medium},
	} {
		t.Run(tc.question, func(t *testing.T) {
			t.Parallel()
			require.Equal(t, tc.want, Classify(tc.question))
		})
	}
}

func TestConfigCalls(t *testing.T) {
	t.Parallel()

	c := Config{}.WithDefaults()
	require.NoError(t, c.Validate())
	require.Equal(t, 2, c.Calls(Easy, false, 0))
	require.Equal(t, 4, c.Calls(Medium, false, 0))
	require.Equal(t, 6, c.Calls(Hard, false, 0))
	require.Equal(t, 1, c.Calls(Hard, true, 0), "a repair carries the error: one call")
	require.Equal(t, 3, c.Calls(Easy, false, 3), "options.candidates wins")
	require.Equal(t, MaxK, c.Calls(Easy, false, 99))
	require.Equal(t, 1, c.Calls(Easy, true, 3), "options.candidates is for the first attempt")

	off := Config{Disabled: true}.WithDefaults()
	require.Equal(t, 1, off.Calls(Hard, false, 0))
	require.Equal(t, 1, off.Calls(Hard, true, 0))
	require.Equal(t, 1, off.Calls(Hard, false, 2), "a question's options.candidates does not lift the operator's setting")

	require.Error(t, Config{K: 11}.WithDefaults().Validate())
	require.Error(t, Config{Temperature: 3}.WithDefaults().Validate())
	require.Error(t, Config{Budget: -time.Second}.WithDefaults().Validate())
}

func TestGather(t *testing.T) {
	t.Parallel()

	t.Run("AllInBudget", func(t *testing.T) {
		t.Parallel()
		out := Gather(context.Background(), 3, time.Minute, func(_ context.Context, i int) (int, error) {
			if i == 1 {
				return 0, errors.New("boom")
			}
			return i * 10, nil
		})
		require.Len(t, out, 3)
		require.Equal(t, 0, out[0].Value)
		require.EqualError(t, out[1].Err, "boom")
		require.False(t, out[1].Late)
		require.Equal(t, 20, out[2].Value)
	})

	t.Run("BudgetCancelsStragglers", func(t *testing.T) {
		t.Parallel()
		var cancelled atomic.Int32
		out := Gather(context.Background(), 3, 20*time.Millisecond, func(ctx context.Context, i int) (int, error) {
			if i == 0 {
				return 1, nil
			}
			<-ctx.Done() // a call that would never answer in time
			cancelled.Add(1)
			return 0, ctx.Err()
		})
		require.NoError(t, out[0].Err)
		require.True(t, out[1].Late)
		require.True(t, out[2].Late)
		require.ErrorIs(t, out[2].Err, context.Canceled)
		require.Equal(t, int32(2), cancelled.Load(), "Gather returns only after every call returned")
	})

	t.Run("BudgetWaitsForAFirstAnswer", func(t *testing.T) {
		t.Parallel()
		release := make(chan struct{})
		go func() { time.Sleep(50 * time.Millisecond); close(release) }()
		out := Gather(context.Background(), 2, time.Millisecond, func(ctx context.Context, i int) (int, error) {
			if i == 0 {
				<-release
				return 7, nil
			}
			select {
			case <-ctx.Done():
				return 0, ctx.Err()
			case <-time.After(time.Minute):
				return 8, nil
			}
		})
		require.Equal(t, 7, out[0].Value, "the budget ran out with nothing in hand: the first answer is awaited")
		require.True(t, out[1].Late)
	})
}

func TestDedupe(t *testing.T) {
	t.Parallel()

	got := Dedupe([][]string{
		{"SELECT id FROM t WHERE y = 2024", "select id\n  from t   where y = 2024 -- same"},
		{"SELECT id FROM t WHERE y = 2023", "SELECT id FROM t WHERE y = 2024"},
		{"SELEC broken", " SELEC broken "},
	})
	require.Len(t, got, 3)
	require.Equal(t, "SELECT id FROM t WHERE y = 2024", got[0].SQL)
	require.Equal(t, 3, got[0].Votes, "formatting, case and comments do not make a new query")
	require.Equal(t, 0, got[0].Source)
	require.Equal(t, "SELECT id FROM t WHERE y = 2023", got[1].SQL, "a different constant does")
	require.Equal(t, 1, got[1].Votes)
	require.Equal(t, 1, got[1].Source)
	require.Equal(t, 2, got[2].Votes, "unparsable text dedupes on its trimmed text")
	require.Empty(t, got[2].Fingerprint)
	require.NotEmpty(t, got[0].Fingerprint)
}
