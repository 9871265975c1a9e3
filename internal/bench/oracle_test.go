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
	reply, err := OracleLinker{}.Link(withExpected(ctx, []string{"customers", "Order Lines", "invoices"}), req)
	require.NoError(t, err)
	require.Equal(t, []string{`"Order Lines"`, "customers"}, picks(t, reply))
	require.Equal(t, "oracle", reply.Model)

	reply, err = OracleLinker{}.Link(withExpected(ctx, []string{"invoices"}), req)
	require.NoError(t, err)
	require.Empty(t, picks(t, reply), "no expected table listed: no pick")

	_, err = OracleLinker{}.Link(ctx, req)
	require.ErrorContains(t, err, "expected tables", "outside RunRetrieval it cannot answer")

	// RunRetrieval hands every question's expected tables to the retriever.
	var seen [][]string
	_, err = RunRetrieval(ctx, RetrievalSpec{Group: GroupDev, Set: "s", Mode: ModeOracleLink},
		[]RetrievalQuestion{{ID: "q1", Question: "a", ExpectedTables: []string{"t1"}}, {ID: "q2", Question: "b", ExpectedTables: []string{"t2", "t3"}}},
		func(ctx context.Context, _ string) (*Retrieved, error) {
			seen = append(seen, ctx.Value(expectedKey{}).([]string))
			return &Retrieved{Tables: []string{"t1"}, Mode: ModeOracleLink}, nil
		})
	require.NoError(t, err)
	require.Equal(t, [][]string{{"t1"}, {"t2", "t3"}}, seen)
}
