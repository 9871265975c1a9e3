package retrieval_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// fakeLinker answers linking calls in process; fn, when set, answers
// instead of reply and err.
type fakeLinker struct {
	mu    sync.Mutex
	reply string
	err   error
	fn    func(ctx context.Context) (*retrieval.LinkReply, error)
	reqs  []retrieval.LinkRequest
}

func (f *fakeLinker) Link(ctx context.Context, req retrieval.LinkRequest) (*retrieval.LinkReply, error) {
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.mu.Unlock()
	if f.fn != nil {
		return f.fn(ctx)
	}
	if f.err != nil {
		return nil, f.err
	}
	return &retrieval.LinkReply{Content: f.reply, Model: "fake:1b", PromptTokens: 300, ReplyTokens: 12}, nil
}

func (f *fakeLinker) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.reqs)
}

// TestLink: schema linking over the six-table ERP snapshot, with the hits of
// "Which employees have pending leave requests?": the lexical selection is
// leave_requests, employees, leave_types, departments; "Order" has no
// evidence at all.
func TestLink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	snap := loadSnapshot(t, "erp")
	req := retrieval.Request{Question: "Which employees have pending leave requests?", Snapshot: snap}
	index := func() *fakeIndex {
		hits := leaveHits()
		for i := range hits.Tables {
			hits.Tables[i].Matched = []string{"leav", "request"}
		}
		hits.Tables[1].Matched = []string{"employe"}
		return &fakeIndex{info: schemaindex.Info{
			Database: "erp", Vectors: schemaindex.VectorsNone,
			Stats: schemaindex.Stats{Modules: map[string]int{"HR": 4}},
		}, lexical: hits}
	}
	// The hits put table relevance first; the original design's fusion
	// weights keep the order the assertions below are written in, so that
	// these tests are about linking, not about fusion (TestRAG's are).
	rag := func(t *testing.T, idx retrieval.Searcher, cfg retrieval.RAGConfig) *retrieval.RAG {
		t.Helper()
		cfg.TableWeight, cfg.ColumnWeight = 0.6, 0.4
		return rag(t, idx, cfg)
	}
	lexical, err := rag(t, index(), retrieval.RAGConfig{}).Retrieve(ctx, req)
	require.NoError(t, err)
	require.Equal(t, []string{"leave_requests", "employees", "leave_types", "departments"}, lexical.Metadata.TablesIncluded)
	require.Nil(t, lexical.Metadata.Linking, "no Linker: no linking")
	require.Nil(t, lexical.Link)

	linked := func(t *testing.T, l retrieval.Linker, cfg retrieval.LinkConfig) *retrieval.Result {
		t.Helper()
		cfg.Linker = l
		res, err := rag(t, index(), retrieval.RAGConfig{Link: cfg}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.NotNil(t, res.Metadata.Linking)
		require.NotNil(t, res.Link)
		require.Equal(t, *res.Metadata.Linking, res.Link.Linking, "the record holds the metadata's summary")
		return res
	}

	t.Run("ThePickJoinsTheContext", func(t *testing.T) {
		t.Parallel()
		l := &fakeLinker{reply: `{"tables": ["leave_requests", "Order"]}`}
		res := linked(t, l, retrieval.LinkConfig{})
		md := res.Metadata
		require.Equal(t, retrieval.LinkLinked, md.Linking.Outcome)
		require.Empty(t, md.Linking.Reason)
		require.Contains(t, md.TablesIncluded, `"Order"`, "the table no lexical evidence found")
		require.Contains(t, res.Context.Schema, `"Order"`)
		require.Equal(t, []string{"leave_requests", `"Order"`}, md.Linking.Picked)
		require.Equal(t, []string{`"Order"`}, md.Linking.Added)
		require.Equal(t, []string{"leave_requests", "employees", "leave_types", "departments"}, md.Linking.Kept, "the five best lexical tables stay")
		require.Empty(t, md.Linking.Dropped)
		require.Equal(t, 6, md.Linking.Candidates, "fewer tables than candidates: every table is listed")
		require.Equal(t, "fake:1b", md.Linking.Model)
		require.Equal(t, 300, md.Linking.PromptTokens)
		require.Equal(t, 12, md.Linking.ReplyTokens)
		for _, s := range res.Scores {
			if s.Name == `"Order"` {
				require.Equal(t, "link", s.Source)
				require.Equal(t, 1.0, s.Score, "a pick scores as the best table")
			}
		}

		// What was asked: the question, one line per candidate, the reply's
		// schema restricted to the candidates, the bounds.
		require.Equal(t, 1, l.calls())
		call := l.reqs[0]
		require.Equal(t, 256, call.MaxTokens)
		require.NotZero(t, call.Seed)
		require.Len(t, call.Messages, 2)
		user := call.Messages[1].Content
		require.Contains(t, user, "Question: Which employees have pending leave requests?")
		require.Contains(t, user, "- employees: Employee master data including personal info, department, and salary | key employee_id | joins department_id→departments, manager_id→employees | columns status, first_name")
		require.Contains(t, user, `- "Order": A table whose name needs quotes. Second line. | key id | columns user, Total Amount`)
		for _, line := range strings.Split(user, "\n") {
			require.LessOrEqual(t, len([]rune(line)), 240, "lines are cut at LineChars")
		}
		var format struct {
			Properties struct {
				Tables struct {
					Items struct {
						Enum []string `json:"enum"`
					} `json:"items"`
				} `json:"tables"`
			} `json:"properties"`
		}
		require.NoError(t, json.Unmarshal(call.Format, &format))
		require.Equal(t, res.Link.CandidateTables, format.Properties.Tables.Items.Enum)
		require.Equal(t, res.Link.CandidateTables, call.Candidates, "the names the format allows, for a Linker that reads no JSON schema")
		require.Len(t, res.Link.CandidateTables, 6)
		require.Equal(t, "leave_requests", res.Link.CandidateTables[0], "best ranked first")
		require.Equal(t, call.Messages, res.Link.Prompt)
		require.Equal(t, l.reply, res.Link.Reply)
	})

	t.Run("TheModelDropsWeakLexicalTables", func(t *testing.T) {
		t.Parallel()
		// Keep 1: only leave_requests is sure to stay; the model wants
		// "Order" too. departments goes; employees and leave_types come
		// back by FK expansion (neighbours of leave_requests, in the
		// evidence set).
		res := linked(t, &fakeLinker{reply: `{"tables": ["Order"]}`}, retrieval.LinkConfig{Keep: 1})
		md := res.Metadata
		require.Equal(t, retrieval.LinkLinked, md.Linking.Outcome)
		require.Equal(t, []string{"leave_requests"}, md.Linking.Kept)
		require.Equal(t, []string{"employees", "leave_types", "departments"}, md.Linking.Dropped)
		require.Equal(t, []string{`"Order"`, "leave_requests", "employees", "leave_types"}, md.TablesIncluded)
		require.Equal(t, []string{"link", "table", "fk", "fk"}, sources(res.Scores))
	})

	t.Run("NamesAreReadLeniently", func(t *testing.T) {
		t.Parallel()
		reply := "```json\n" + `{"Tables": ["LEAVE_REQUESTS", "public.leave_types", {"name": "\"Order\""}, "leave_request", "payroll.payslips", "order"]}` + "\n```"
		res := linked(t, &fakeLinker{reply: reply}, retrieval.LinkConfig{Keep: 1})
		lk := res.Metadata.Linking
		require.Equal(t, retrieval.LinkLinked, lk.Outcome)
		require.Equal(t, []string{"leave_requests", "leave_types", `"Order"`}, lk.Picked, "case, schema and quotes aside; once each")
		require.Equal(t, []string{"leave_request", "payroll.payslips"}, lk.Unknown)
		require.Equal(t, 2, lk.UnknownCount)
		require.Contains(t, lk.Reason, "2 name(s) the model gave are not among the candidates and were ignored")
		require.NotContains(t, res.Metadata.TablesIncluded, "payslips")
	})

	t.Run("OnlyUnknownNames", func(t *testing.T) {
		t.Parallel()
		res := linked(t, &fakeLinker{reply: `{"tables": ["staff", "absences"]}`}, retrieval.LinkConfig{Keep: 1})
		lk := res.Metadata.Linking
		require.Equal(t, retrieval.LinkNoPick, lk.Outcome)
		require.Equal(t, 2, lk.UnknownCount)
		require.Contains(t, lk.Reason, "the model named no candidate table; the lexical selection stands")
		require.Equal(t, lexical.Metadata.TablesIncluded, res.Metadata.TablesIncluded)
	})

	t.Run("PicksStayWithinMaxTables", func(t *testing.T) {
		t.Parallel()
		l := &fakeLinker{reply: `{"tables": ["Order", "active_employees", "departments", "leave_types"]}`}
		res, err := rag(t, index(), retrieval.RAGConfig{MaxTables: 3, FinalMaxTables: 3, Link: retrieval.LinkConfig{Linker: l, Keep: 1}}).Retrieve(ctx, req)
		require.NoError(t, err)
		lk := res.Metadata.Linking
		require.Equal(t, []string{`"Order"`, "active_employees"}, lk.Picked)
		require.Equal(t, 2, lk.Capped)
		require.Contains(t, lk.Reason, "2 pick(s) left out to stay within 3 tables")
		require.Len(t, res.Metadata.TablesIncluded, 3)
		require.Contains(t, res.Metadata.TablesIncluded, "leave_requests", "the best lexical table stays")
	})

	t.Run("TruncatedReply", func(t *testing.T) {
		t.Parallel()
		l := &fakeLinker{fn: func(context.Context) (*retrieval.LinkReply, error) {
			return &retrieval.LinkReply{Content: `{"tables": ["leave_requests", "Order", "emplo`, Truncated: true}, nil
		}}
		lk := linked(t, l, retrieval.LinkConfig{}).Metadata.Linking
		require.Equal(t, retrieval.LinkLinked, lk.Outcome)
		require.Equal(t, []string{"leave_requests", `"Order"`}, lk.Picked, "the names complete before the cut")
		require.Contains(t, lk.Reason, "not valid JSON")
	})

	// Whatever goes wrong, the lexical result stands and the reason is
	// recorded.
	for _, tc := range []struct {
		name, outcome, reason string
		linker                *fakeLinker
	}{
		{
			"Garbage", retrieval.LinkBadReply, `the reply holds no {"tables": [...]}: "Sure! You need the leave requests."`,
			&fakeLinker{reply: "Sure! You need the leave requests."},
		},
		{
			"WrongShape", retrieval.LinkBadReply, `the reply's "tables" is not a list: "leave_requests"`,
			&fakeLinker{reply: `{"tables": "leave_requests"}`},
		},
		{
			"NoTablesKey", retrieval.LinkBadReply, `the reply has no "tables" key`,
			&fakeLinker{reply: `{"answer": ["leave_requests"]}`},
		},
		{
			"Failed", retrieval.LinkFailed, "cannot reach Ollama",
			&fakeLinker{err: errors.New("cannot reach Ollama at http://127.0.0.1:1: connection refused")},
		},
		{
			"Timeout", retrieval.LinkTimeout, "no reply within 10ms (NL2SQL_RAG_LINKING_TIMEOUT)",
			&fakeLinker{fn: func(ctx context.Context) (*retrieval.LinkReply, error) { <-ctx.Done(); return nil, ctx.Err() }},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := linked(t, tc.linker, retrieval.LinkConfig{Timeout: 10 * time.Millisecond, Keep: 1})
			lk := res.Metadata.Linking
			require.Equal(t, tc.outcome, lk.Outcome)
			require.Contains(t, lk.Reason, tc.reason)
			require.Equal(t, lexical.Metadata.TablesIncluded, res.Metadata.TablesIncluded)
			require.Equal(t, lexical.Context.Schema, res.Context.Schema)
			require.Equal(t, []string{}, lk.Picked)
		})
	}

	t.Run("AFailureSkipsLinkingForTheCooldown", func(t *testing.T) {
		t.Parallel()
		now := time.Unix(1000, 0)
		l := &fakeLinker{err: errors.New("model \"x\" is not available")}
		r, err := retrieval.NewRAG(index(), retrieval.RAGConfig{
			Clock:       func() time.Time { return now },
			Link:        retrieval.LinkConfig{Linker: l, Cooldown: time.Minute},
			TableWeight: 0.6, ColumnWeight: 0.4, // as rag above
		})
		require.NoError(t, err)
		res, err := r.Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.LinkFailed, res.Metadata.Linking.Outcome)

		now = now.Add(30 * time.Second)
		res, err = r.Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.LinkSkipped, res.Metadata.Linking.Outcome)
		require.Contains(t, res.Metadata.Linking.Reason, `the linking call failed 30s ago (model "x" is not available)`)
		require.Equal(t, 1, l.calls(), "not asked within the cooldown")
		require.Equal(t, lexical.Metadata.TablesIncluded, res.Metadata.TablesIncluded)

		now = now.Add(31 * time.Second)
		l.mu.Lock()
		l.err, l.reply = nil, `{"tables": ["Order"]}`
		l.mu.Unlock()
		res, err = r.Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.LinkLinked, res.Metadata.Linking.Outcome)
		require.Equal(t, 2, l.calls())
	})

	t.Run("TheCallersCancellationIsAnError", func(t *testing.T) {
		t.Parallel()
		cctx, cancel := context.WithCancel(ctx)
		l := &fakeLinker{fn: func(ctx context.Context) (*retrieval.LinkReply, error) { cancel(); <-ctx.Done(); return nil, ctx.Err() }}
		_, err := rag(t, index(), retrieval.RAGConfig{Link: retrieval.LinkConfig{Linker: l}}).Retrieve(cctx, req)
		require.ErrorIs(t, err, context.Canceled)
	})

	t.Run("Off", func(t *testing.T) {
		t.Parallel()
		l := &fakeLinker{reply: `{"tables": ["Order"]}`}
		res, err := rag(t, index(), retrieval.RAGConfig{Link: retrieval.LinkConfig{Linker: l, Disabled: true}}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Zero(t, l.calls())
		require.Nil(t, res.Metadata.Linking)
		require.Nil(t, res.Link)
		require.Equal(t, lexical.Metadata.TablesIncluded, res.Metadata.TablesIncluded)
	})
}
