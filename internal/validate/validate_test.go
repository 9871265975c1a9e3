package validate

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/target"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// fakeGuard refuses SQL containing "pg_sleep" (policy) or "SELEC " (a
// repairable syntax error at character 1) and appends its LIMIT otherwise.
type fakeGuard struct{}

func (fakeGuard) Check(_ context.Context, _, sql string, limit int) (*Verdict, error) {
	switch {
	case strings.Contains(sql, "pg_sleep"):
		return &Verdict{Stage: "policy", SQL: sql, Violations: []Violation{{Code: "policy.denied_function", Class: string(errclass.ValidationBlock)}}}, nil
	case strings.HasPrefix(sql, "SELEC "):
		return &Verdict{Stage: "parse", SQL: sql, Violations: []Violation{{Code: "parse.syntax", SQLSTATE: "42601", Class: string(errclass.SQLError), Position: 1}}}, nil
	}
	return &Verdict{OK: true, SQL: sql + " LIMIT " + strconv.Itoa(limit)}, nil
}

// fakeExplainer fails SQL containing "bad" with an undefined column at the
// word's position, and "down" as the database being unreachable.
type fakeExplainer struct{}

func (fakeExplainer) Explain(_ context.Context, _ target.Database, sql string) (*target.Plan, error) {
	if strings.Contains(sql, "down") {
		return nil, &errclass.Error{Class: errclass.InfraFailure, Message: "connection refused"}
	}
	if i := strings.Index(sql, "bad"); i >= 0 {
		return nil, &pgconn.PgError{Code: "42703", Message: "column bad does not exist", Position: int32(i + 1)}
	}
	return &target.Plan{NodeType: "Result"}, nil
}

// fakeRepairer rewrites by a table of texts and records what it was asked.
type fakeRepairer struct {
	to    map[string]string
	mu    sync.Mutex
	calls []Failure
}

func (r *fakeRepairer) Repair(_ context.Context, _, sql string, f Failure) (RepairResult, error) {
	r.mu.Lock()
	r.calls = append(r.calls, f)
	r.mu.Unlock()
	to, ok := r.to[sql]
	return RepairResult{SQL: to, OK: ok, Report: json.RawMessage(`{}`)}, nil
}

func TestRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	setup := func(t *testing.T, to map[string]string) (*Validator, *fakeRepairer) {
		t.Helper()
		rep := &fakeRepairer{to: to}
		v, err := New(Config{Guard: fakeGuard{}, Explainer: fakeExplainer{}, Repairer: rep})
		require.NoError(t, err)
		return v, rep
	}
	run := func(t *testing.T, v *Validator, sqls ...string) *Outcome {
		t.Helper()
		req := Request{Database: "shop", Limit: 5}
		for i, s := range sqls {
			req.Candidates = append(req.Candidates, Input{Ordinal: int32(i), SQL: s, Votes: 1})
		}
		out, err := v.Run(ctx, req)
		require.NoError(t, err)
		return out
	}

	t.Run("ExplainFailureGetsRounds", func(t *testing.T) {
		t.Parallel()
		// Each rewrite reveals the next mistake; the fourth would fix it.
		v, rep := setup(t, map[string]string{
			"SELECT bad": "SELECT 1, bad", "SELECT 1, bad": "SELECT 2, bad",
			"SELECT 2, bad": "SELECT 3, bad", "SELECT 3, bad": "SELECT 4",
		})
		out := run(t, v, "SELECT bad")
		require.Equal(t, -1, out.Selected)
		require.Len(t, rep.calls, MaxRepairRounds)
		require.Equal(t, Failure{SQLSTATE: "42703", Message: "column bad does not exist", Stage: "explain", Position: 8}, rep.calls[0])
		c := out.Candidates[0]
		require.Equal(t, "SELECT 3, bad", c.Repaired)
		require.Equal(t, "explain", out.FailStage)
		require.Equal(t, "42703", c.GivenErr.SQLSTATE, "the failure of the SQL as given is kept")
	})

	t.Run("GuardRefusalGetsOne", func(t *testing.T) {
		t.Parallel()
		v, rep := setup(t, map[string]string{"SELEC 1": "SELEC 2"})
		out := run(t, v, "SELEC 1")
		require.Equal(t, -1, out.Selected)
		require.Len(t, rep.calls, 1)
		require.Equal(t, 1, rep.calls[0].Position)
		require.Equal(t, "parse", out.FailStage)
		require.Empty(t, out.Candidates[0].Repaired, "the guard refused the rewrite: dropped")
	})

	t.Run("RepairedThenSelected", func(t *testing.T) {
		t.Parallel()
		v, _ := setup(t, map[string]string{"SELEC 1": "SELECT 1"})
		out := run(t, v, "SELECT pg_sleep(1)", "SELEC 1")
		require.Equal(t, 1, out.Selected)
		c := out.Candidates[1]
		require.Equal(t, "SELECT 1", c.Repaired)
		require.True(t, c.Eval.Repaired)
		require.Equal(t, "SELECT 1 LIMIT 5", c.Verdict.SQL)
		require.Equal(t, "parse", c.GivenStage)
		require.NotNil(t, out.Candidates[1].Plan)
	})

	t.Run("PolicyIsNeverRepaired", func(t *testing.T) {
		t.Parallel()
		v, rep := setup(t, nil)
		out := run(t, v, "SELECT bad", "SELECT pg_sleep(1)")
		require.Len(t, rep.calls, 1, "only the EXPLAIN failure was looked at")
		require.Equal(t, errclass.ValidationBlock, out.Failure.Class, "a policy denial decides over a repairable failure")
		require.Equal(t, int32(1), out.Failed.Ordinal)
	})

	t.Run("InfraFailureIsAnError", func(t *testing.T) {
		t.Parallel()
		v, _ := setup(t, nil)
		_, err := v.Run(ctx, Request{Limit: 5, Candidates: []Input{{SQL: "SELECT down"}}})
		require.Equal(t, errclass.InfraFailure, errclass.ClassOf(err))
	})

	t.Run("NoCandidates", func(t *testing.T) {
		t.Parallel()
		v, _ := setup(t, nil)
		out := run(t, v)
		require.Equal(t, "generate.no_sql", out.Failure.Code)
	})
}

func TestExplainPosition(t *testing.T) {
	t.Parallel()
	pe := func(pos int32) error { return &pgconn.PgError{Position: pos} }
	require.Equal(t, 8, explainPosition(pe(8), "SELECT c.nme FROM c LIMIT 5", "SELECT c.nme FROM c"))
	require.Equal(t, 0, explainPosition(pe(21), "SELECT c.nme FROM c LIMIT 5", "SELECT c.nme FROM c"), "in the LIMIT")
	require.Equal(t, 3, explainPosition(pe(3), "SELECT 'é' LIMIT 5", "SELECT 'é'"), "characters, not bytes")
	require.Equal(t, 0, explainPosition(pe(11), "SELECT 'é' LIMIT 5", "SELECT 'e'"), "past the shared text")
	require.Equal(t, 0, explainPosition(errors.New("no position"), "SELECT 1", "SELECT 1"))
}

func TestNew(t *testing.T) {
	t.Parallel()
	_, err := New(Config{})
	require.ErrorContains(t, err, "needs Guard and Explainer")
	_, err = New(Config{Guard: fakeGuard{}, Explainer: fakeExplainer{}, MaxExplain: -1})
	require.ErrorContains(t, err, "MaxExplain")
}
