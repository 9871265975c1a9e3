package retrieval_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/llm/llmtest"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/retrieval"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// fakeIndex is a schema index that returns fixed hits.
type fakeIndex struct {
	info    schemaindex.Info
	lexical *schemaindex.Hits
	vector  *schemaindex.Hits
	err     error
	// outdated is an index built before the format stamp existed; the
	// others are this code's (info.Stats.Format is schemaindex.Format).
	outdated  bool
	embedding []float32 // what Vector was asked with
}

func (f *fakeIndex) Info(context.Context, string) (*schemaindex.Info, error) {
	if f.err != nil {
		return nil, f.err
	}
	info := f.info
	if !f.outdated {
		info.Stats.Format = schemaindex.Format
	}
	return &info, nil
}

func (f *fakeIndex) Lexical(context.Context, string, string, schemaindex.TopK) (*schemaindex.Hits, error) {
	if f.lexical == nil {
		return &schemaindex.Hits{}, nil
	}
	return f.lexical, nil
}

func (f *fakeIndex) Vector(_ context.Context, _ string, e []float32, _ schemaindex.TopK) (*schemaindex.Hits, error) {
	f.embedding = e
	if f.vector == nil {
		return nil, schemaindex.ErrNoEmbeddings
	}
	return f.vector, nil
}

// fakeEmbedder embeds every text as (1, 0), or fails with err; with hang
// it waits for its context and counts the calls.
type fakeEmbedder struct {
	err   error
	hang  bool
	calls *atomic.Int32
}

func (f fakeEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if f.calls != nil {
		f.calls.Add(1)
	}
	if f.hang {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if f.err != nil {
		return nil, f.err
	}
	out := make([][]float32, len(texts))
	for i := range texts {
		out[i] = []float32{1, 0}
	}
	return out, nil
}

func hit(kind schemaindex.Kind, rank int, relevance float64, table string, column ...string) schemaindex.Hit {
	h := schemaindex.Hit{Kind: kind, Schema: "public", Table: table, Rank: rank, Relevance: relevance, Score: relevance * 10, Module: "HR"}
	if len(column) > 0 {
		h.Column = column[0]
	}
	if len(column) > 1 {
		h.Value = column[1]
	}
	return h
}

// leaveHits are what the index finds for "Which employees have pending
// leave requests?".
func leaveHits() *schemaindex.Hits {
	return &schemaindex.Hits{
		Tables: []schemaindex.Hit{
			hit(schemaindex.KindTable, 1, 0.6, "leave_requests"),
			hit(schemaindex.KindTable, 2, 0.4, "employees"),
			hit(schemaindex.KindTable, 3, 0.3, "leave_types"),
		},
		Columns: []schemaindex.Hit{
			hit(schemaindex.KindColumn, 1, 0.5, "leave_requests", "status"),
			hit(schemaindex.KindColumn, 2, 0.3, "employees", "first_name"),
			hit(schemaindex.KindColumn, 3, 0.4, "departments", "name"),
		},
		Values: []schemaindex.Hit{
			hit(schemaindex.KindValue, 1, 0.7, "leave_requests", "status", "pending"),
			hit(schemaindex.KindValue, 2, 0.6, "employees", "status", "on_leave"),
		},
		Terms: []schemaindex.Term{
			{Word: "employees", Term: "employe", Weight: 1, Concept: 1, IDF: 2},
			{Word: "pending", Term: "pend", Weight: 1, Concept: 2, IDF: 3},
			{Word: "leave", Term: "leav", Weight: 1, Concept: 3, IDF: 2},
			{Word: "requests", Term: "request", Weight: 1, Concept: 4, IDF: 3},
		},
	}
}

func rag(t *testing.T, idx retrieval.Searcher, cfg retrieval.RAGConfig) *retrieval.RAG {
	t.Helper()
	cfg.Clock = func() time.Time { return time.Unix(0, 0) }
	r, err := retrieval.NewRAG(idx, cfg)
	require.NoError(t, err)
	return r
}

func TestRAG(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	snap := loadSnapshot(t, "erp")
	req := retrieval.Request{Question: "Which employees have pending leave requests?", Snapshot: snap}
	setup := func(t *testing.T) *fakeIndex {
		t.Helper()
		hits := leaveHits()
		for _, h := range hits.Tables {
			hits.Tables[h.Rank-1].Matched = []string{"leav", "request"}
		}
		hits.Tables[1].Matched = []string{"employe"}
		hits.Values[0].Matched = []string{"pend"}
		return &fakeIndex{info: schemaindex.Info{
			Database: "erp", Vectors: schemaindex.VectorsNone,
			Stats: schemaindex.Stats{Modules: map[string]int{"HR": 4}},
		}, lexical: hits}
	}

	t.Run("Golden", func(t *testing.T) {
		t.Parallel()
		res, err := rag(t, setup(t), retrieval.RAGConfig{}).Retrieve(ctx, req)
		require.NoError(t, err)
		golden(t, "rag", "mschema.txt", res.Context.Schema)
		golden(t, "rag", "join_hints.txt", res.Context.JoinHints)
		meta, err := json.MarshalIndent(res.Metadata, "", "  ")
		require.NoError(t, err)
		golden(t, "rag", "metadata.json", string(meta)+"\n")
		scores, err := json.MarshalIndent(res.Scores, "", "  ")
		require.NoError(t, err)
		golden(t, "rag", "scores.json", string(scores)+"\n")
	})

	t.Run("Fusion", func(t *testing.T) {
		t.Parallel()
		res, err := rag(t, setup(t), retrieval.RAGConfig{}).Retrieve(ctx, req)
		require.NoError(t, err)
		md := res.Metadata
		require.Equal(t, retrieval.StrategyRAG, md.Strategy)
		require.Equal(t, retrieval.ModeLexical, md.Mode)
		require.Contains(t, md.ModeReason, "no embedding model configured")
		// leave_requests: its own document, its status column, and the
		// value 'pending'; departments only through a column.
		require.Equal(t, "leave_requests", md.TablesIncluded[0])
		require.Equal(t, "employees", md.TablesIncluded[1])
		require.Contains(t, md.TablesIncluded, "departments")
		require.Equal(t, []string{`leave_requests.status = 'pending'`}, md.ValueHints, "on_leave is not named by the question")
		require.Contains(t, res.Context.Schema, "-- Values named in the question:\n--   leave_requests.status = 'pending'\n")
		require.Equal(t, 8, *md.ChunksRetrieved)
		m := md.Metrics
		require.Equal(t, 3, m.TableRetrievalCount)
		require.Equal(t, 3, m.ColumnRetrievalCount)
		require.Equal(t, 2, m.ColumnHitsPerTable["leave_requests"], "a column and a value")
		require.Equal(t, 3, m.TablesFromTableRetrieval)
		require.Equal(t, 1, m.TablesFromColumnOnly)
		require.Equal(t, md.TablesIncluded, m.FinalTables)
		require.Equal(t, []string{"HR"}, md.Modules)
		require.InDelta(t, 1.0, res.Scores[0].Score, 1e-9)
		for i := 1; i < len(res.Scores); i++ {
			require.LessOrEqual(t, res.Scores[i].Score, res.Scores[i-1].Score)
		}
	})

	t.Run("ValueHintsOncePerValue", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.lexical.Values = append(idx.lexical.Values, hit(schemaindex.KindValue, 3, 0.5, "leave_types", "name", "Pending"))
		res, err := rag(t, idx, retrieval.RAGConfig{}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Contains(t, res.Metadata.TablesIncluded, "leave_types")
		require.Equal(t, []string{`leave_requests.status = 'pending'`}, res.Metadata.ValueHints, "the best-ranked column holding it")
	})

	t.Run("ValueHintsOnlyForColumnsOfTheCatalog", func(t *testing.T) {
		t.Parallel()
		// An index older than the catalog (its rebuild after a refresh
		// failed, or has not committed yet) holds values of a column since
		// renamed: a hint naming it would have the model write SQL that
		// cannot run.
		idx := setup(t)
		idx.lexical.Values = []schemaindex.Hit{hit(schemaindex.KindValue, 1, 0.7, "leave_requests", "request_state", "pending")}
		res, err := rag(t, idx, retrieval.RAGConfig{}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Contains(t, res.Metadata.TablesIncluded, "leave_requests")
		require.Empty(t, res.Metadata.ValueHints)
		require.NotContains(t, res.Context.Schema, "request_state")
	})

	t.Run("GenericColumnsWeighLess", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.lexical.Tables = nil
		idx.lexical.Values = nil
		idx.lexical.Columns = []schemaindex.Hit{hit(schemaindex.KindColumn, 1, 0.5, "departments", "name"), hit(schemaindex.KindColumn, 2, 0.45, "leave_types", "name")}
		idx.lexical.Columns[0].Generic = true
		res, err := rag(t, idx, retrieval.RAGConfig{JoinPlannerDisabled: true, NeighbourFillDisabled: true}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, []string{"leave_types", "departments"}, res.Metadata.TablesIncluded, "0.5 × 0.7 < 0.45")

		// With the join planner, the tables between them come too:
		// departments ← employees ← leave_requests → leave_types.
		res, err = rag(t, idx, retrieval.RAGConfig{NeighbourFillDisabled: true}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, []string{"leave_types", "departments", "leave_requests", "employees"}, res.Metadata.TablesIncluded)
		require.Equal(t, []string{"column", "column", "bridge", "bridge"}, sources(res.Scores))
	})

	t.Run("References", func(t *testing.T) {
		t.Parallel()
		// "approvers" matches leave_requests.approved_by, a foreign key to
		// employees whose name says more than "employees": the approvers
		// are employees.
		idx := setup(t)
		idx.lexical = &schemaindex.Hits{Columns: []schemaindex.Hit{hit(schemaindex.KindColumn, 1, 0.5, "leave_requests", "approved_by")}}
		res, err := rag(t, idx, retrieval.RAGConfig{NeighbourFillDisabled: true}).Retrieve(ctx, retrieval.Request{Question: "Who approves most leave?", Snapshot: snap})
		require.NoError(t, err)
		require.Equal(t, []string{"leave_requests", "employees"}, res.Metadata.TablesIncluded)
		// (0.4 × 0.5 × ReferenceWeight) / (0.4 × 0.5 × NameBoost'ed 1.25):
		// the question names half of leave_requests.
		require.InDelta(t, 0.56, res.Scores[1].Score, 1e-9)
		require.Equal(t, "column", res.Scores[1].Source)

		idx.lexical.Columns[0].Generic = true // a plain foreign key passes nothing on
		res, err = rag(t, idx, retrieval.RAGConfig{NeighbourFillDisabled: true}).Retrieve(ctx, retrieval.Request{Question: "Who approves most leave?", Snapshot: snap})
		require.NoError(t, err)
		require.Equal(t, []string{"leave_requests"}, res.Metadata.TablesIncluded)
	})

	t.Run("Seams", func(t *testing.T) {
		t.Parallel()
		var ranked []retrieval.RankedTable
		cfg := retrieval.RAGConfig{
			Expand: func(_ context.Context, s *catalog.Snapshot, r []retrieval.RankedTable) (retrieval.Expanded, error) {
				ranked = r
				bridge := retrieval.RankedTable{Table: s.Table("public", "leave_types"), Score: 0.3, Source: "bridge"}
				return retrieval.Expanded{
					Tables: []retrieval.RankedTable{r[0], bridge}, Candidates: 4, Added: 1, BlockedNoEvidence: 2,
					Extra: map[string]int{"join_bridges_added": 1},
				}, nil
			},
			PlanJoins: func(_ context.Context, s *catalog.Snapshot, tables []*catalog.Table, f retrieval.JoinHintFormat) ([]retrieval.JoinHint, error) {
				require.Len(t, tables, 2)
				require.Equal(t, retrieval.JoinHintsEdges, f)
				return []retrieval.JoinHint{{Tables: []string{"a", "b"}, Steps: []retrieval.JoinStep{{From: "a", FromColumns: []string{"x"}, To: "b", ToColumns: []string{"y"}}}}}, nil
			},
		}
		res, err := rag(t, setup(t), cfg).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Len(t, ranked, 4, "every table with evidence, best first")
		require.Equal(t, []string{"leave_requests", "leave_types"}, res.Metadata.TablesIncluded)
		require.Equal(t, "- a.x → b.y\n", res.Context.JoinHints)
		m := res.Metadata.Metrics
		require.Equal(t, 4, m.FKExpansionCandidates)
		require.Equal(t, 1, m.FKExpansionAdded)
		require.Equal(t, 2, m.FKExpansionBlockedNoEvidence)
		require.Equal(t, map[string]int{"join_bridges_added": 1, "copies_demoted": 0, "inferred_edges_used": 0}, m.Expansion)
		require.Equal(t, "bridge", res.Scores[1].Source)
		require.NotNil(t, res.Metadata.AvgRelevanceScore)

		cfg.PlanJoins = func(context.Context, *catalog.Snapshot, []*catalog.Table, retrieval.JoinHintFormat) ([]retrieval.JoinHint, error) {
			return nil, errors.New("planner broke")
		}
		_, err = rag(t, setup(t), cfg).Retrieve(ctx, req)
		require.ErrorContains(t, err, "planner broke")
	})

	t.Run("Hybrid", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.info.EmbedModel, idx.info.EmbedDims, idx.info.Vectors = "nomic-embed-text", 2, schemaindex.VectorsArray
		idx.vector = &schemaindex.Hits{Tables: []schemaindex.Hit{hit(schemaindex.KindTable, 1, 0.8, "employees"), hit(schemaindex.KindTable, 2, 0.7, "leave_requests")}}
		res, err := rag(t, idx, retrieval.RAGConfig{Embedder: fakeEmbedder{}, EmbedModel: "nomic-embed-text"}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeHybrid, res.Metadata.Mode)
		require.Empty(t, res.Metadata.ModeReason)
		require.Equal(t, []float32{1, 0}, idx.embedding)
		require.Equal(t, 5, res.Metadata.Metrics.TableRetrievalCount, "3 lexical + 2 vector")
		// Found by both lists, the two tables outrank what one list found.
		require.ElementsMatch(t, []string{"leave_requests", "employees"}, res.Metadata.TablesIncluded[:2])

		// An index built with pgvector, ranked by exact cosine because
		// pgvector failed (DROP EXTENSION vector): hybrid still, and the
		// metadata says why.
		exact := &fakeIndex{info: idx.info, lexical: idx.lexical, vector: &schemaindex.Hits{
			Tables: idx.vector.Tables, VectorsReason: "pgvector could not search the index (the vector extension is not in this database)",
		}}
		exact.info.Vectors = schemaindex.VectorsPgvector
		res, err = rag(t, exact, retrieval.RAGConfig{Embedder: fakeEmbedder{}, EmbedModel: "nomic-embed-text"}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeHybrid, res.Metadata.Mode)
		require.Equal(t, exact.vector.VectorsReason, res.Metadata.ModeReason)

		for name, tc := range map[string]struct {
			cfg    retrieval.RAGConfig
			reason string
		}{
			"ModelDown":  {retrieval.RAGConfig{Embedder: fakeEmbedder{err: errors.New("connection refused")}, EmbedModel: "nomic-embed-text"}, "embedding the question failed (connection refused)"},
			"OtherModel": {retrieval.RAGConfig{Embedder: fakeEmbedder{}, EmbedModel: "mxbai-embed-large"}, "embedded with nomic-embed-text, not mxbai-embed-large"},
		} {
			res, err := rag(t, idx, tc.cfg).Retrieve(ctx, req)
			require.NoError(t, err, name)
			require.Equal(t, retrieval.ModeLexical, res.Metadata.Mode, name)
			require.Contains(t, res.Metadata.ModeReason, tc.reason, name)
		}

		// A question holding no word of the schema, found by embeddings
		// alone: its relevance is the tables' cosine, not full coverage.
		nonsense := &fakeIndex{info: idx.info, lexical: &schemaindex.Hits{Unknown: []string{"xyzzy", "plugh"}}, vector: idx.vector}
		res, err = rag(t, nonsense, retrieval.RAGConfig{Embedder: fakeEmbedder{}, EmbedModel: "nomic-embed-text"}).Retrieve(ctx, retrieval.Request{Question: "xyzzy plugh", Snapshot: req.Snapshot})
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeHybrid, res.Metadata.Mode)
		require.Zero(t, res.Metadata.Metrics.Coverage)
		require.InDelta(t, 0.75, *res.Metadata.AvgRelevanceScore, 1e-9, "the mean cosine of employees and leave_requests")

		// A model that hangs holds the question for EmbedTimeout, then not
		// at all for EmbedCooldown: the stage is not held until its own
		// timeout fails the question.
		calls := &atomic.Int32{}
		hung := rag(t, idx, retrieval.RAGConfig{Embedder: fakeEmbedder{hang: true, calls: calls}, EmbedModel: "nomic-embed-text", EmbedTimeout: 50 * time.Millisecond})
		for i := range 3 {
			res, err := hung.Retrieve(ctx, req)
			require.NoError(t, err)
			require.Equal(t, retrieval.ModeLexical, res.Metadata.Mode)
			if i == 0 {
				require.Contains(t, res.Metadata.ModeReason, "embedding the question failed (no reply within 50ms (NL2SQL_RAG_EMBED_TIMEOUT))")
			} else {
				require.Contains(t, res.Metadata.ModeReason, "embedding the question failed 0s ago (no reply within 50ms")
			}
		}
		require.EqualValues(t, 1, calls.Load(), "one wait, not one per question")

		res, err = rag(t, idx, retrieval.RAGConfig{Embedder: fakeEmbedder{}, EmbedModel: "nomic-embed-text", LexicalDisabled: true, NeighbourFillDisabled: true}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeVector, res.Metadata.Mode)
		require.Equal(t, []string{"employees", "leave_requests"}, res.Metadata.TablesIncluded)
		require.Zero(t, res.Metadata.Metrics.ValueRetrievalCount)
		_, err = rag(t, idx, retrieval.RAGConfig{LexicalDisabled: true}).Retrieve(ctx, req)
		require.ErrorContains(t, err, "BM25 search is disabled and no embedding model configured")

		idx = setup(t)
		idx.info.Stats.Embeddings.Skipped = "embedding model nomic-embed-text failed after 0 of 20 documents: connection refused"
		res, err = rag(t, idx, retrieval.RAGConfig{Embedder: fakeEmbedder{}, EmbedModel: "nomic-embed-text"}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeLexical, res.Metadata.Mode)
		require.Contains(t, res.Metadata.ModeReason, "the schema index has no embeddings (embedding model nomic-embed-text failed")
	})

	// A question longer than the embedding model's window: its front is
	// embedded, and the metadata says so. Refused, it fell back to
	// lexical search and tripped the circuit for the questions after it.
	t.Run("QuestionLongerThanTheWindow", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.info.EmbedModel, idx.info.EmbedDims, idx.info.Vectors = "nomic-embed-text", 8, schemaindex.VectorsArray
		idx.vector = &schemaindex.Hits{Tables: []schemaindex.Hit{hit(schemaindex.KindTable, 1, 0.8, "employees")}}
		srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{EmbedDim: 8}, EmbedContextLength: 16})
		client, err := llm.New(llm.Config{Host: srv.URL()})
		require.NoError(t, err)
		t.Cleanup(client.Close)
		r := rag(t, idx, retrieval.RAGConfig{Embedder: client, EmbedModel: "nomic-embed-text"})

		long := retrieval.Request{Question: strings.Repeat("Which employees have pending leave requests? ", 3), Snapshot: req.Snapshot}
		res, err := r.Retrieve(ctx, long)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeHybrid, res.Metadata.Mode, res.Metadata.ModeReason)
		require.Contains(t, res.Metadata.Warning, "the question is longer than the context window of the embedding model nomic-embed-text: vector search read its first 64 of 135 characters, lexical search all of it")
		require.Equal(t, ollamatest.Embedding(long.Question[:64], 8), idx.embedding)

		res, err = r.Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeHybrid, res.Metadata.Mode, "the next question is embedded")
		require.Empty(t, res.Metadata.Warning)
	})

	// A question whose front cannot be found within EmbedTimeout (each
	// front that fits costs the model's time to embed it, and the search
	// takes several): that question is searched lexically, but the model
	// answered (it refused the whole question as too long), so the next
	// questions are embedded as usual. It tripped the circuit: one long
	// question kept every question of the next EmbedCooldown (30s) from
	// vector search.
	t.Run("QuestionFittedPastTheTimeout", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.info.EmbedModel, idx.info.EmbedDims, idx.info.Vectors = "nomic-embed-text", 2, schemaindex.VectorsArray
		idx.vector = &schemaindex.Hits{Tables: []schemaindex.Hit{hit(schemaindex.KindTable, 1, 0.8, "employees")}}
		calls := &atomic.Int32{}
		r := rag(t, idx, retrieval.RAGConfig{
			Embedder:   llmtest.WindowEmbedder{Window: 64, Took: 100 * time.Millisecond, Calls: calls},
			EmbedModel: "nomic-embed-text", EmbedTimeout: 250 * time.Millisecond,
		})

		long := retrieval.Request{Question: strings.Repeat("Which employees have pending leave requests? ", 3), Snapshot: req.Snapshot}
		res, err := r.Retrieve(ctx, long)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeLexical, res.Metadata.Mode, "its front was not found in time")
		require.Contains(t, res.Metadata.ModeReason, "no reply within 250ms")

		calls.Store(0)
		res, err = r.Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeHybrid, res.Metadata.Mode, "the next question is embedded: %s", res.Metadata.ModeReason)
		require.Equal(t, int32(1), calls.Load())
	})

	t.Run("NothingFound", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.lexical = &schemaindex.Hits{}
		_, err := rag(t, idx, retrieval.RAGConfig{}).Retrieve(ctx, req)
		require.ErrorIs(t, err, retrieval.ErrNoResults)
		idx.err = fmt.Errorf("database %q: %w", "erp", schemaindex.ErrNotIndexed)
		_, err = rag(t, idx, retrieval.RAGConfig{}).Retrieve(ctx, req)
		require.ErrorIs(t, err, schemaindex.ErrNotIndexed)
	})

	t.Run("StaleIndex", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.info.CatalogVersion = 1
		s := loadSnapshot(t, "erp")
		s.Version = 3
		res, err := rag(t, idx, retrieval.RAGConfig{}).Retrieve(ctx, retrieval.Request{Question: req.Question, Snapshot: s})
		require.NoError(t, err)
		require.Contains(t, res.Metadata.Warning, "built from catalog version 1, the catalog is at 3")
		require.NotContains(t, res.Metadata.Warning, "another version", "built by this code")

		// Built by code of another format: searched as it is, with a
		// warning that says how to rebuild it.
		idx = setup(t)
		idx.outdated = true
		res, err = rag(t, idx, retrieval.RAGConfig{}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.NotEmpty(t, res.Tables)
		require.Contains(t, res.Metadata.Warning, fmt.Sprintf("built by another version of nl2sql (index format 0, this one builds %d): rebuild it with nl2sql index --db erp", schemaindex.Format))
	})

	t.Run("ColumnPruning", func(t *testing.T) {
		t.Parallel()
		res, err := rag(t, setup(t), retrieval.RAGConfig{ColumnPruning: true, ColumnPruningKeep: 2}).Retrieve(ctx, req)
		require.NoError(t, err)
		// employees keeps its key, its foreign keys, the columns other
		// tables reference, and its two columns with evidence: status (a
		// value) and first_name.
		line := lineOf(res.Context.Schema, "employees (")
		require.Contains(t, line, "first_name")
		require.Contains(t, line, "status")
		require.Contains(t, line, "department_id")
		require.NotContains(t, line, "hire_date")
		require.NotContains(t, line, "salary")
		full := res.Tables[1]
		require.Equal(t, "employees", full.Name)
		require.Len(t, full.Columns, 11, "Result.Tables are the catalog's, unpruned")
	})

	t.Run("Router", func(t *testing.T) {
		t.Parallel()
		idx := setup(t)
		idx.info.Stats.Modules = map[string]int{"HR": 4, "Sales": 1}
		// Alone, Order (0.6 × 0.3) outranks departments, which only a
		// column matched (0.4 × 0.4), with the fusion weighing tables
		// first; HR holds most of the evidence.
		idx.lexical.Tables = append(idx.lexical.Tables, hit(schemaindex.KindTable, 4, 0.3, "Order"))
		idx.lexical.Tables[3].Module = "Sales"
		withRouter, err := rag(t, idx, retrieval.RAGConfig{TableWeight: 0.6, ColumnWeight: 0.4}).Retrieve(ctx, req)
		require.NoError(t, err)
		without, err := rag(t, idx, retrieval.RAGConfig{TableWeight: 0.6, ColumnWeight: 0.4, RouterDisabled: true}).Retrieve(ctx, req)
		require.NoError(t, err)
		require.Equal(t, []string{"HR"}, withRouter.Metadata.Modules)
		require.Empty(t, without.Metadata.Modules)
		pos := func(res *retrieval.Result, name string) int {
			return slices.Index(res.Metadata.TablesIncluded, name)
		}
		require.Less(t, pos(without, `"Order"`), pos(without, "departments"))
		require.Greater(t, pos(withRouter, `"Order"`), pos(withRouter, "departments"), "HR's tables are boosted past Sales' Order")
		require.NotEqual(t, -1, pos(withRouter, `"Order"`), "but not filtered: the question does not name a module")
	})
}

func lineOf(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func TestAuto(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	snap := loadSnapshot(t, "erp") // 6 tables
	question := "Which employees have pending leave requests?"
	setup := func(t *testing.T, cfg retrieval.AutoConfig, idx *fakeIndex) *retrieval.Auto {
		t.Helper()
		var r *retrieval.RAG
		if idx != nil {
			r = rag(t, idx, retrieval.RAGConfig{})
		}
		a, err := retrieval.NewAuto(full(t, retrieval.Config{}), r, cfg)
		require.NoError(t, err)
		return a
	}
	index := func() *fakeIndex {
		return &fakeIndex{info: schemaindex.Info{Database: "erp"}, lexical: leaveHits()}
	}

	for name, tc := range map[string]struct {
		cfg      retrieval.AutoConfig
		override string
		idx      *fakeIndex
		strategy string
		reason   string
		fallback string
		tables   int
	}{
		"Small":      {retrieval.AutoConfig{}, "", index(), retrieval.StrategyFull, "6 tables, below RETRIEVAL_TABLE_THRESHOLD (100)", "", 6},
		"Large":      {retrieval.AutoConfig{Threshold: 5}, "", index(), retrieval.StrategyRAG, "6 tables, at least RETRIEVAL_TABLE_THRESHOLD (5)", "", 4},
		"Disabled":   {retrieval.AutoConfig{Threshold: 5, DocRetrievalDisabled: true}, "", index(), retrieval.StrategyFull, "ENABLE_DOC_RETRIEVAL=false", "", 6},
		"ForcedRAG":  {retrieval.AutoConfig{DocRetrievalDisabled: true}, retrieval.StrategyRAG, index(), retrieval.StrategyRAG, "the question asks for it", "", 4},
		"ForcedFull": {retrieval.AutoConfig{Threshold: 5}, retrieval.StrategyFull, index(), retrieval.StrategyFull, "the question asks for it", "", 6},
		// RAG finds nothing: the tables whose names match the question,
		// never the full schema of a database at the threshold or above.
		"NoMatch":         {retrieval.AutoConfig{Threshold: 5}, "", &fakeIndex{lexical: &schemaindex.Hits{}}, retrieval.StrategyRAG, "at least", "no relevant tables found", -1},
		"NotIndexed":      {retrieval.AutoConfig{Threshold: 5}, "", &fakeIndex{err: schemaindex.ErrNotIndexed}, retrieval.StrategyRAG, "at least", "the database has no schema index", -1},
		"NoRAGConfigured": {retrieval.AutoConfig{Threshold: 5}, "", nil, retrieval.StrategyRAG, "at least", "RAG is not configured", -1},
		// Forced RAG below the threshold finds nothing: still the matching tables first.
		"ForcedRAGNoMatch": {retrieval.AutoConfig{}, retrieval.StrategyRAG, &fakeIndex{lexical: &schemaindex.Hits{}}, retrieval.StrategyRAG, "the question asks for it", "best match the question", -1},
		"Bounded": {
			retrieval.AutoConfig{Threshold: 5, MaxFullTables: 5, FallbackTables: 2},
			"", &fakeIndex{err: errors.New("connection reset")},
			retrieval.StrategyRAG, "at least", "retrieval failed: connection reset; the 2 tables whose names and descriptions best match the question", 2,
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, err := setup(t, tc.cfg, tc.idx).Retrieve(ctx, retrieval.Request{Question: question, Snapshot: snap, Options: retrieval.Options{Strategy: tc.override}})
			require.NoError(t, err)
			md := res.Metadata
			require.Equal(t, tc.strategy, md.Strategy)
			require.Contains(t, md.StrategyReason, tc.reason)
			if tc.fallback == "" {
				require.Empty(t, md.FallbackReason)
			} else {
				require.Contains(t, md.FallbackReason, tc.fallback)
			}
			if tc.tables < 0 {
				require.NotEmpty(t, md.TablesIncluded)
				require.Less(t, len(md.TablesIncluded), len(snap.Tables))
			} else {
				require.Len(t, md.TablesIncluded, tc.tables)
			}
		})
	}

	t.Run("BoundedNames", func(t *testing.T) {
		t.Parallel()
		a := setup(t, retrieval.AutoConfig{Threshold: 5, MaxFullTables: 5, FallbackTables: 3}, &fakeIndex{err: errors.New("boom")})
		res, err := a.Retrieve(ctx, retrieval.Request{Question: question, Snapshot: snap})
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeKeyword, res.Metadata.Mode)
		require.Equal(t, "leave_requests", res.Metadata.TablesIncluded[0], "leave and requests both in its name")
		require.Equal(t, "keyword", res.Scores[0].Source)

		// A word matching a name in part (character trigrams) finds it.
		res, err = a.Retrieve(ctx, retrieval.Request{Question: "employe leav", Snapshot: snap})
		require.NoError(t, err)
		require.NotEmpty(t, res.Metadata.TablesIncluded)
		require.Equal(t, "partial", res.Scores[0].Source)

		// Nothing matches at all: the most connected tables, never none
		// and never the whole of a schema this size.
		res, err = a.Retrieve(ctx, retrieval.Request{Question: "what is the weather in Paris", Snapshot: snap})
		require.NoError(t, err)
		require.Len(t, res.Metadata.TablesIncluded, 3)
		require.Equal(t, "central", res.Scores[0].Source)
		require.Contains(t, res.Metadata.FallbackReason, "most connected tables")
	})

	// A schema longer than MaxFullChars is never given whole, whoever asks
	// for it: it is answered as a large database's.
	t.Run("TooLargeForFull", func(t *testing.T) {
		t.Parallel()
		small := retrieval.Config{MaxFullChars: 100}
		auto := func(cfg retrieval.AutoConfig, idx *fakeIndex) *retrieval.Auto {
			var r *retrieval.RAG
			if idx != nil {
				r = rag(t, idx, retrieval.RAGConfig{Render: small})
			}
			a, err := retrieval.NewAuto(full(t, small), r, cfg)
			require.NoError(t, err)
			return a
		}

		res, err := auto(retrieval.AutoConfig{}, index()).Retrieve(ctx, retrieval.Request{Question: question, Snapshot: snap, Options: retrieval.Options{Strategy: retrieval.StrategyFull}})
		require.NoError(t, err)
		require.Equal(t, retrieval.StrategyRAG, res.Metadata.Strategy)
		require.Contains(t, res.Metadata.StrategyReason, "the question asks for it (options.retrieval), but its 6 tables render to more than 100 characters (NL2SQL_RETRIEVAL_FULL_MAX_CHARS)")
		require.Empty(t, res.Metadata.FallbackReason)
		require.Len(t, res.Metadata.TablesIncluded, 4)

		// Below the threshold, by size: the same.
		res, err = auto(retrieval.AutoConfig{}, index()).Retrieve(ctx, retrieval.Request{Question: question, Snapshot: snap})
		require.NoError(t, err)
		require.Equal(t, retrieval.StrategyRAG, res.Metadata.Strategy)
		require.Contains(t, res.Metadata.StrategyReason, "below RETRIEVAL_TABLE_THRESHOLD (100), but its 6 tables render")

		// Document retrieval disabled: the tables whose names match, no index.
		res, err = auto(retrieval.AutoConfig{DocRetrievalDisabled: true}, index()).Retrieve(ctx, retrieval.Request{Question: question, Snapshot: snap})
		require.NoError(t, err)
		require.Equal(t, retrieval.ModeKeyword, res.Metadata.Mode)
		require.Contains(t, res.Metadata.FallbackReason, "document retrieval is disabled (ENABLE_DOC_RETRIEVAL=false); the")
		require.Equal(t, "leave_requests", res.Metadata.TablesIncluded[0])

		// Nothing matches and the schema has few tables: not whole either.
		res, err = auto(retrieval.AutoConfig{FallbackTables: 3}, &fakeIndex{lexical: &schemaindex.Hits{}}).Retrieve(ctx, retrieval.Request{Question: "what is the weather in Paris", Snapshot: snap})
		require.NoError(t, err)
		require.Len(t, res.Metadata.TablesIncluded, 3)
		require.Contains(t, res.Metadata.FallbackReason, "the schema's 6 tables are too large to include whole (more than 100 characters), so its 3 most connected tables are included")
	})

	t.Run("BadOverride", func(t *testing.T) {
		t.Parallel()
		_, err := setup(t, retrieval.AutoConfig{}, index()).Retrieve(ctx, retrieval.Request{Question: question, Snapshot: snap, Options: retrieval.Options{Strategy: "vector"}})
		require.ErrorContains(t, err, `strategy "vector"`)
	})
}

func sources(scores []retrieval.TableScore) []string {
	out := make([]string, len(scores))
	for i, s := range scores {
		out[i] = s.Source
	}
	return out
}
