package bench

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/retrieval"
)

func TestOracleLinker(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	picks := func(t *testing.T, reply *retrieval.LinkReply) []string {
		t.Helper()
		var got struct {
			Tables []string `json:"tables"`
		}
		require.NoError(t, json.Unmarshal([]byte(reply.Content), &got))
		return got.Tables
	}

	// It picks the expected tables among those listed, as listed (quoted,
	// qualified), and nothing it was not shown.
	req := retrieval.LinkRequest{Candidates: []string{"erp.orders", `"Order Lines"`, "customers", "regions"}}
	q := &question{expected: []string{"customers", "Order Lines", "invoices"}}
	reply, err := OracleLinker{}.Link(withQuestion(ctx, q), req)
	require.NoError(t, err)
	require.Equal(t, []string{`"Order Lines"`, "customers"}, picks(t, reply))
	require.Equal(t, "oracle", reply.Model)
	require.True(t, q.linked)
	require.False(t, q.listed, "invoices was not listed")

	q = &question{expected: []string{"invoices"}}
	reply, err = OracleLinker{}.Link(withQuestion(ctx, q), req)
	require.NoError(t, err)
	require.Empty(t, picks(t, reply), "no expected table listed: no pick")

	q = &question{expected: []string{"regions", "orders"}}
	_, err = OracleLinker{}.Link(withQuestion(ctx, q), retrieval.LinkRequest{Candidates: []string{"erp.orders", "regions"}})
	require.NoError(t, err)
	require.True(t, q.listed)

	_, err = OracleLinker{}.Link(ctx, req)
	require.ErrorContains(t, err, "expected tables", "outside RunRetrieval it cannot answer")

	// RunRetrieval hands every question's expected tables to the retriever,
	// and counts the questions a linking call listed whole.
	var seen [][]string
	run, err := RunRetrieval(ctx, RetrievalSpec{Group: GroupDev, Set: "s", Mode: ModeOracleLink},
		[]RetrievalQuestion{
			{ID: "q1", Question: "a", ExpectedTables: []string{"t1"}},
			{ID: "q2", Question: "b", ExpectedTables: []string{"t2", "t3"}},
			{ID: "q3", Question: "c", ExpectedTables: []string{"t4"}},
		},
		func(ctx context.Context, text string) (*Retrieved, error) {
			q := ctx.Value(questionKey{}).(*question)
			seen = append(seen, q.expected)
			if text != "c" { // no linking call for q3
				_, err := OracleLinker{}.Link(ctx, retrieval.LinkRequest{Candidates: []string{"t1", "t2"}})
				require.NoError(t, err)
			}
			return &Retrieved{Tables: []string{"t1"}, Mode: ModeOracleLink}, nil
		})
	require.NoError(t, err)
	require.Equal(t, [][]string{{"t1"}, {"t2", "t3"}, {"t4"}}, seen)
	require.NotNil(t, run.Listed)
	require.Equal(t, 1, *run.Listed, "q1 listed whole; q2 not (t3); q3 never linked")

	run, err = RunRetrieval(ctx, RetrievalSpec{Group: GroupDev, Set: "s", Mode: "lexical"},
		[]RetrievalQuestion{{ID: "q1", Question: "a", ExpectedTables: []string{"t1"}}},
		func(context.Context, string) (*Retrieved, error) {
			return &Retrieved{Tables: []string{"t1"}, Mode: "lexical"}, nil
		})
	require.NoError(t, err)
	require.Nil(t, run.Listed, "no oracle, no figure")
}
