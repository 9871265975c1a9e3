package schemaindex_test

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbtest"
	"github.com/nl2sql/nl2sql/internal/fakeserver"
	"github.com/nl2sql/nl2sql/internal/llm"
	"github.com/nl2sql/nl2sql/internal/ollamatest"
	"github.com/nl2sql/nl2sql/internal/schemaindex"
)

// crmSQL is a schema with names as they are in the wild: upper-case
// abbreviations, camelCase, words run together.
const crmSQL = `
CREATE SCHEMA crm;
CREATE TABLE crm."CUST_MASTER" (
    "CUST_ID" integer PRIMARY KEY,
    "CUST_NM" text NOT NULL,
    "CUST_ACCT_BAL" numeric(12,2),
    "SEGMENT" text
);
COMMENT ON TABLE crm."CUST_MASTER" IS 'Customer master records of the CRM';
CREATE TABLE crm."SALESREPRESENTATIVE" (
    rep_id integer PRIMARY KEY,
    full_name text NOT NULL,
    region text NOT NULL CHECK (region IN ('north_america', 'emea'))
);
CREATE TABLE crm."orderLineItems" (
    "lineId" integer PRIMARY KEY,
    "custRef" integer REFERENCES crm."CUST_MASTER",
    "qtyOrdered" integer,
    "unitPrice" numeric(10,2)
);
CREATE TABLE crm.tickets (
    ticket_id integer PRIMARY KEY,
    cust_id integer REFERENCES crm."CUST_MASTER",
    status text NOT NULL,
    subject text
);
INSERT INTO crm."CUST_MASTER" SELECT i, 'Customer ' || i, i * 10, CASE WHEN i % 3 = 0 THEN 'Enterprise' ELSE 'Small business' END
FROM generate_series(1, 200) i;
INSERT INTO crm.tickets SELECT i, 1 + i % 200, CASE WHEN i % 5 = 0 THEN 'escalated' ELSE 'open' END, 'Subject number ' || i
FROM generate_series(1, 300) i;
`

// dims is the fake embeddings' size: small, but large enough that the
// words of this schema rarely share a coordinate.
const dims = 256

// counting embeds with the fake server's bag-of-words embedding and counts
// the texts it was asked for.
// counting embeds texts as the fake model does (dims dimensions, or its
// own), counting them, or fails with fail.
type counting struct {
	texts atomic.Int64
	fail  error
	dims  int
}

func (c *counting) Embed(_ context.Context, texts []string) ([][]float32, error) {
	if c.fail != nil {
		return nil, c.fail
	}
	c.texts.Add(int64(len(texts)))
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = ollamatest.Embedding(t, cmp.Or(c.dims, dims))
	}
	return out, nil
}

func setup(t *testing.T) (context.Context, *dbtest.DB, func(t *testing.T, src schemaindex.Source) *schemaindex.Stats) {
	t.Helper()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, crmSQL)
	require.NoError(t, err)
	// build refreshes the catalog (the database is its own target) and
	// indexes it; a Source without Snapshot gets the fresh one.
	build := func(t *testing.T, src schemaindex.Source) *schemaindex.Stats {
		t.Helper()
		res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "crm", DSN: "env:CRM_DSN", Schemas: []string{"crm"}}, nil)
		require.NoError(t, err)
		if src.Snapshot == nil {
			src.Snapshot = res.Snapshot
		}
		st, err := schemaindex.Build(ctx, db.Pool, src, schemaindex.Config{})
		require.NoError(t, err)
		return st
	}
	return ctx, db, build
}

func searcher(t *testing.T, db *dbtest.DB) *schemaindex.Searcher {
	t.Helper()
	s, err := schemaindex.NewSearcher(db.Pool, schemaindex.Config{})
	require.NoError(t, err)
	return s
}

func names(hits []schemaindex.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Table
		if h.Column != "" {
			out[i] += "." + h.Column
		}
		if h.Value != "" {
			out[i] += "=" + h.Value
		}
	}
	return out
}

// related are the hits sharing a word with the question: those that share
// none tie at similarity 0, in no particular order.
func related(hs []schemaindex.Hit) []schemaindex.Hit {
	return slices.DeleteFunc(slices.Clone(hs), func(h schemaindex.Hit) bool { return h.Score < 0.01 })
}

var top = schemaindex.TopK{Tables: 5, Columns: 10, Values: 5}

func TestBuild(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)

	st := build(t, schemaindex.Source{Target: db.Pool, Modules: map[string]string{"tickets": "Support", "crm.nosuch": "X"}})
	require.Equal(t, 4, st.Tables)
	require.Equal(t, 15, st.Columns)
	require.Equal(t, map[string]int{"Support": 1}, st.Modules, "the mapping file; no prefix shared by 3 tables")
	require.Equal(t, []string{"crm.nosuch"}, st.UnknownModuleTables)
	// Values: the CHECK list (2), CUST_MASTER.SEGMENT (2) and
	// tickets.status (2); names and subjects have too many distinct values.
	require.Equal(t, 2, st.Values.FromChecks)
	require.Equal(t, 6, st.Values.Values)
	require.Equal(t, 3, st.Values.Columns)
	require.Equal(t, 3, st.Values.TablesSampled, "orderLineItems has no text column")
	require.Zero(t, st.Values.Failed)
	require.Equal(t, "no embedding model configured", st.Embeddings.Skipped)
	require.Equal(t, schemaindex.VectorsNone, st.Vectors)
	require.Positive(t, st.Terms)
	require.Positive(t, st.Postings)
	var lengths int
	require.NoError(t, db.Pool.QueryRow(ctx, `SELECT count(*) FROM rag.index_docs WHERE doc_len <> 0`).Scan(&lengths))
	require.Zero(t, lengths, "no document is rewritten for its length: the postings hold it (00036)")

	info, err := searcher(t, db).Info(ctx, "crm")
	require.NoError(t, err)
	require.False(t, info.HasEmbeddings())
	require.Equal(t, st.Values, info.Stats.Values, "the stats are stored")
	require.Equal(t, schemaindex.Format, info.Stats.Format, "stamped with the code's index format")
	require.False(t, info.Outdated())
	snap, err := catalog.Load(ctx, db.Pool, "crm")
	require.NoError(t, err)
	require.Equal(t, schemaindex.ListingDigest(snap, map[string]string{"tickets": "Support", "crm.nosuch": "X"}), info.Stats.Listing,
		"what the build indexed, as Listing says it")
	require.NotEqual(t, schemaindex.ListingDigest(snap, nil), info.Stats.Listing, "the modules are part of it")

	t.Run("UnreachableTarget", func(t *testing.T) {
		st := build(t, schemaindex.Source{Target: unreachable{}})
		require.Equal(t, 1, st.Values.Failed, "the first failure stops sampling")
		require.Contains(t, st.Values.Skipped, "unreachable")
		// The CHECK values need no sample; the sampled ones are kept from
		// the index this build replaces, not dropped.
		require.Equal(t, 6, st.Values.Values)
		require.Equal(t, 4, st.Values.Reused)
		hits, err := searcher(t, db).Lexical(ctx, "crm", "enterprise", top)
		require.NoError(t, err)
		require.NotEmpty(t, hits.Values, "a sampled value is still found")
	})

	t.Run("GoesWithTheDatabase", func(t *testing.T) {
		build(t, schemaindex.Source{})
		_, err := db.Pool.Exec(ctx, "DELETE FROM rag.databases WHERE name = 'crm'")
		require.NoError(t, err)
		var n int
		require.NoError(t, db.Pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM rag.index_docs) + (SELECT count(*) FROM rag.index_postings)
			+ (SELECT count(*) FROM rag.index_terms) + (SELECT count(*) FROM rag.schema_indexes)`).Scan(&n))
		require.Zero(t, n)
		_, err = searcher(t, db).Lexical(ctx, "crm", "customers", top)
		require.ErrorIs(t, err, schemaindex.ErrNotIndexed)
	})
}

// TestBuildAnalysesOnce: a build analyses each of its tables once in its
// transaction (the documents and postings before the terms, the terms
// after them) and once in the vacuum after it. It analysed all three after
// the postings and again after the terms: ~0.5 s at 10,000 tables to see
// again the documents and postings the first had. analyze_count is written
// at once, not when a backend flushes; autovacuum, which could analyse
// meanwhile, is off for these tables of the test's own database.
func TestBuildAnalysesOnce(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	_, err := db.Pool.Exec(ctx, `ALTER TABLE rag.index_docs SET (autovacuum_enabled = off);
		ALTER TABLE rag.index_postings SET (autovacuum_enabled = off);
		ALTER TABLE rag.index_terms SET (autovacuum_enabled = off)`)
	require.NoError(t, err)
	analyses := func() (out []int64) {
		t.Helper()
		rows, err := db.Pool.Query(ctx, `SELECT analyze_count FROM pg_stat_user_tables
			WHERE relid IN ('rag.index_docs'::regclass, 'rag.index_postings'::regclass, 'rag.index_terms'::regclass)
			ORDER BY relid::regclass::text`)
		require.NoError(t, err)
		out, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		require.NoError(t, err)
		return out
	}
	before := analyses()
	build(t, schemaindex.Source{})
	after := analyses()
	require.Len(t, after, 3)
	for i, table := range []string{"index_docs", "index_postings", "index_terms"} {
		require.Equal(t, int64(2), after[i]-before[i], "rag.%s", table)
	}
}

type unreachable struct{}

func (unreachable) Begin(context.Context) (pgx.Tx, error) {
	return nil, errors.New("dial tcp 10.0.0.1:5432: connect: connection refused")
}

func TestLexical(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	build(t, schemaindex.Source{Target: db.Pool})
	s := searcher(t, db)

	search := func(t *testing.T, q string) *schemaindex.Hits {
		t.Helper()
		h, err := s.Lexical(ctx, "crm", q, top)
		require.NoError(t, err)
		return h
	}
	for _, tc := range []struct {
		question, table, column string
	}{
		// Abbreviations expanded, at any case.
		{"Which customers have the largest account balance?", "CUST_MASTER", "CUST_ACCT_BAL"},
		// A run-together name split by the dictionary.
		{"List every sales representative", "SALESREPRESENTATIVE", ""},
		// camelCase, and an abbreviation in the question ("qty").
		{"Total qty ordered per order line item", "orderLineItems", "qtyOrdered"},
		// A synonym of the built-in list: clients are customers.
		{"How many clients are there?", "CUST_MASTER", ""},
	} {
		t.Run(tc.question, func(t *testing.T) {
			h := search(t, tc.question)
			require.NotEmpty(t, h.Tables)
			require.Equal(t, tc.table, h.Tables[0].Table, "tables: %v", names(h.Tables))
			require.Equal(t, 1, h.Tables[0].Rank)
			require.Greater(t, h.Tables[0].Relevance, 0.0)
			require.LessOrEqual(t, h.Tables[0].Relevance, 1.0)
			if tc.column != "" {
				require.Equal(t, tc.table+"."+tc.column, names(h.Columns)[0])
			}
		})
	}

	t.Run("Values", func(t *testing.T) {
		h := search(t, "open tickets of enterprise customers in emea")
		got := names(h.Values)
		require.Contains(t, got, "tickets.status=open", "a sampled value")
		require.Contains(t, got, "CUST_MASTER.SEGMENT=Enterprise")
		require.Contains(t, got, "SALESREPRESENTATIVE.region=emea", "a CHECK value")
		require.NotContains(t, got, "tickets.status=escalated", "a value must match the question, not only its table's name")
	})

	t.Run("Typo", func(t *testing.T) {
		// A misspelt word finds its table by trigrams, with or without
		// pg_trgm on the server (the measure runs in memory).
		h := search(t, "escalatd tickets")
		require.Contains(t, names(h.Values), "tickets.status=escalated")
		i := slices.IndexFunc(h.Terms, func(t schemaindex.Term) bool { return t.How == "fuzzy" })
		require.GreaterOrEqual(t, i, 0, "terms: %+v", h.Terms)
		require.Equal(t, "escalatd", h.Terms[i].Word)
		require.Less(t, h.Terms[i].Weight, 1.0)
		require.Empty(t, h.Unknown, "a word matched fuzzily is not unknown")
	})

	t.Run("Thesaurus", func(t *testing.T) {
		// "congressman" is no word of the schema; WordNet's
		// "representative" is.
		h := search(t, "every congressman")
		require.NotEmpty(t, h.Tables)
		require.Equal(t, "SALESREPRESENTATIVE", h.Tables[0].Table)
		i := slices.IndexFunc(h.Terms, func(t schemaindex.Term) bool { return t.How == "thesaurus" })
		require.GreaterOrEqual(t, i, 0, "terms: %+v", h.Terms)
		require.Less(t, h.Terms[i].Weight, 0.6, "below the expansion weight")
		require.NotContains(t, h.Unknown, "congressman", "a word WordNet stood in for is not unknown")
		// No word of the question itself reaches a table document: the
		// guessed match is scored against its own ideal, below a match
		// of the word itself, rather than not at all.
		require.Greater(t, h.Tables[0].Relevance, 0.0, "a table found only through WordNet has a relevance")
		require.Less(t, h.Tables[0].Relevance, 0.6)

		// A word the schema uses keeps its meaning there: "subject"
		// does not also search for WordNet's "open", a ticket status.
		h = search(t, "ticket subject")
		require.False(t, slices.ContainsFunc(h.Terms, func(t schemaindex.Term) bool { return t.How == "thesaurus" }), "terms: %+v", h.Terms)
		require.NotContains(t, names(h.Values), "tickets.status=open")

		// Off with a weight of 0.
		cfg := schemaindex.Config{}.WithDefaults()
		cfg.ThesaurusWeight = 0
		plain, err := schemaindex.NewSearcher(db.Pool, cfg)
		require.NoError(t, err)
		off, err := plain.Lexical(ctx, "crm", "every congressman", top)
		require.NoError(t, err)
		require.Empty(t, off.Tables)
	})

	t.Run("Nothing", func(t *testing.T) {
		h := search(t, "the weather in Paris in 2024")
		require.Empty(t, h.Tables)
		require.Contains(t, h.Unknown, "weather")
		require.NotContains(t, h.Unknown, "2024", "a numeral is a literal, not a word a schema would name")
	})

	t.Run("IgnoresCase", func(t *testing.T) {
		require.Equal(t, names(search(t, "CUSTOMER ACCOUNT BALANCE").Columns), names(search(t, "customer account balance").Columns))
	})
}

// TestBuildFromAnOlderCatalog: a build whose catalog a refresh replaced
// while it ran (it loaded the catalog, then embedded for long) does not
// replace the refresh's own build.
func TestBuildFromAnOlderCatalog(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	build(t, schemaindex.Source{})
	old, err := catalog.Load(ctx, db.Pool, "crm")
	require.NoError(t, err)
	_, err = db.Pool.Exec(ctx, `CREATE TABLE crm.zebra_sightings (id int PRIMARY KEY, seen_at date)`)
	require.NoError(t, err)
	build(t, schemaindex.Source{}) // the refresh and its build
	_, err = schemaindex.Build(ctx, db.Pool, schemaindex.Source{Snapshot: old}, schemaindex.Config{})
	require.ErrorIs(t, err, schemaindex.ErrSuperseded)

	var version int64
	require.NoError(t, db.Pool.QueryRow(ctx, "SELECT catalog_version FROM rag.schema_indexes WHERE database_name = 'crm'").Scan(&version))
	require.Equal(t, old.Version+1, version, "the newer index stays")
	h, err := searcher(t, db).Lexical(ctx, "crm", "zebra sightings", top)
	require.NoError(t, err)
	require.Contains(t, names(h.Tables), "zebra_sightings")
}

func TestEmbeddings(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	e := &counting{}

	st := build(t, schemaindex.Source{Embedder: e, EmbedModel: "fake-embed"})
	docs := int64(st.Tables + st.Columns)
	require.Equal(t, docs, e.texts.Load(), "tables and columns are embedded, values are not")
	require.Equal(t, schemaindex.EmbedStats{Model: "fake-embed", Dims: dims, Embedded: int(docs)}, st.Embeddings)
	require.Contains(t, []string{schemaindex.VectorsArray, schemaindex.VectorsPgvector}, st.Vectors)

	t.Run("ReindexEmbedsOnlyChanges", func(t *testing.T) {
		st := build(t, schemaindex.Source{Embedder: e, EmbedModel: "fake-embed"})
		require.Equal(t, docs+1, e.texts.Load(), "nothing changed: one text asks the model its dimension")
		require.Equal(t, int(docs), st.Embeddings.Reused)

		_, err := db.Pool.Exec(ctx, `COMMENT ON COLUMN crm.tickets.subject IS 'What the customer wrote in the title'`)
		require.NoError(t, err)
		st = build(t, schemaindex.Source{Embedder: e, EmbedModel: "fake-embed"})
		require.Equal(t, 1, st.Embeddings.Embedded, "one column's stable text changed")
		require.Equal(t, docs+2, e.texts.Load())

		// The model changed under the same name: everything again.
		st = build(t, schemaindex.Source{Embedder: &counting{dims: dims / 2}, EmbedModel: "fake-embed"})
		require.Equal(t, int(docs), st.Embeddings.Embedded, "another dimension embeds everything again")
		require.Equal(t, dims/2, st.Embeddings.Dims)

		st = build(t, schemaindex.Source{Embedder: e, EmbedModel: "other-model"})
		require.Equal(t, int(docs), st.Embeddings.Embedded, "another model embeds everything again")
	})

	t.Run("ModelUnreachable", func(t *testing.T) {
		failing := &counting{fail: errors.New("dial tcp 127.0.0.1:11434: connect: connection refused")}
		st := build(t, schemaindex.Source{Embedder: failing, EmbedModel: "fake-embed"})
		require.Contains(t, st.Embeddings.Skipped, "connection refused")
		require.Empty(t, st.Embeddings.Model)
		require.Equal(t, schemaindex.VectorsNone, st.Vectors)
		s := searcher(t, db)
		_, err := s.Vector(ctx, "crm", ollamatest.Embedding("customers", dims), top)
		require.ErrorIs(t, err, schemaindex.ErrNoEmbeddings)
		h, err := s.Lexical(ctx, "crm", "customers", top)
		require.NoError(t, err)
		require.NotEmpty(t, h.Tables, "lexical search does without")
	})
}

// A document longer than the embedding model's window is embedded by its
// front, and the build says which: refused whole, it cost every document
// its embedding; cut by Ollama unasked, it went unnoticed.
func TestEmbeddingsLongerThanTheWindow(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	srv := ollamatest.NewT(t, ollamatest.Config{Config: fakeserver.Config{EmbedDim: dims}, EmbedContextLength: 128})
	client, err := llm.New(llm.Config{Host: srv.URL()})
	require.NoError(t, err)
	t.Cleanup(client.Close)
	// 2,300 bytes: 575 tokens of the window's 128.
	_, err = db.Pool.Exec(ctx, `COMMENT ON COLUMN crm.tickets.subject IS '`+strings.Repeat("What the customer wrote in the title. ", 60)+`'`)
	require.NoError(t, err)

	st := build(t, schemaindex.Source{Embedder: client, EmbedModel: "nomic-embed-text"})
	require.Empty(t, st.Embeddings.Skipped)
	require.Equal(t, st.Tables+st.Columns, st.Embeddings.Embedded, "every document has its embedding")
	require.Equal(t, []string{"crm.tickets.subject"}, st.Embeddings.Cut)

	h, err := searcher(t, db).Vector(ctx, "crm", ollamatest.Embedding("what the customer wrote", dims), top)
	require.NoError(t, err)
	require.Equal(t, "tickets.subject", names(h.Columns)[0], "the front holds what the column is")
}

// TestVector: the pgvector path (HNSW) and the real[] path (exact cosine in
// Go) rank alike. The pgvector half runs where the server has the
// extension.
func TestVector(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	st := build(t, schemaindex.Source{Embedder: &counting{}, EmbedModel: "fake-embed"})
	q := ollamatest.Embedding("customer account balance", dims)

	exact, err := schemaindex.VectorExact(ctx, searcher(t, db), "crm", q, top)
	require.NoError(t, err)
	require.Equal(t, "CUST_MASTER", exact.Tables[0].Table)
	require.Equal(t, "CUST_MASTER.CUST_ACCT_BAL", names(exact.Columns)[0])
	for i := 1; i < len(exact.Columns); i++ {
		require.GreaterOrEqual(t, exact.Columns[i-1].Score, exact.Columns[i].Score)
	}

	if st.Vectors != schemaindex.VectorsPgvector {
		t.Skipf("pgvector is not available here (vectors: %s); the exact path was tested", st.Vectors)
	}
	hnsw, err := searcher(t, db).Vector(ctx, "crm", q, top)
	require.NoError(t, err)
	require.Equal(t, names(related(exact.Tables)), names(related(hnsw.Tables)))
	require.Equal(t, names(related(exact.Columns)), names(related(hnsw.Columns)))
	require.GreaterOrEqual(t, len(related(exact.Columns)), 5)
	for i, h := range related(exact.Columns) {
		require.InDelta(t, h.Score, hnsw.Columns[i].Score, 1e-5)
	}

	_, err = searcher(t, db).Vector(ctx, "crm", q[:10], top)
	require.ErrorContains(t, err, "10 dimensions")
}

func TestParseModules(t *testing.T) {
	t.Parallel()

	m, err := schemaindex.ParseModules([]byte(`{"employees": "HR", "erp.payslips": "Payroll"}`))
	require.NoError(t, err)
	require.Equal(t, map[string]string{"employees": "HR", "erp.payslips": "Payroll"}, m)
	for _, bad := range []string{`[]`, `{"employees": ""}`, `{"employees": "HR"} {}`, `{"employees": 3}`} {
		_, err := schemaindex.ParseModules([]byte(bad))
		require.Error(t, err, bad)
		require.True(t, strings.HasPrefix(err.Error(), "schemaindex: module mapping"), err.Error())
	}
}

func TestWithOneCheck(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	build(t, schemaindex.Source{Target: db.Pool})
	s := searcher(t, db)

	once := schemaindex.WithOneCheck(ctx)
	first, err := s.Info(once, "crm")
	require.NoError(t, err)
	build(t, schemaindex.Source{Target: db.Pool})

	pinned, err := s.Info(once, "crm")
	require.NoError(t, err)
	require.Equal(t, first.BuiltAt, pinned.BuiltAt, "searches under one context see the build the first one checked")
	fresh, err := s.Info(ctx, "crm")
	require.NoError(t, err)
	require.True(t, fresh.BuiltAt.After(first.BuiltAt), "a search outside it sees the re-index")
	next, err := s.Info(schemaindex.WithOneCheck(ctx), "crm")
	require.NoError(t, err)
	require.Equal(t, fresh.BuiltAt, next.BuiltAt, "and so does the next context")
	_, err = s.Lexical(once, "crm", "customers", top)
	require.NoError(t, err)
}

// TestSampleReadsAsTheRole: the value sample reads as the role questions
// run as (Source.Role): a value only other rows hold, hidden from it by
// row-level security, is not indexed, while the connecting role's sample
// holds it.
func TestSampleReadsAsTheRole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := dbtest.NewDB(t)
	role := db.NewRole(t, "reader")
	_, err := db.Pool.Exec(ctx, `
CREATE SCHEMA hr;
CREATE TABLE hr.people (person_id int PRIMARY KEY, name text, team text);
INSERT INTO hr.people VALUES (1, 'Ada Visible', 'north'), (2, 'Jane Secret', 'board');
ALTER TABLE hr.people ENABLE ROW LEVEL SECURITY;
CREATE POLICY not_the_board ON hr.people FOR SELECT USING (team <> 'board');
GRANT USAGE ON SCHEMA hr TO `+role+`;
GRANT SELECT ON hr.people TO `+role)
	require.NoError(t, err)
	res, err := catalog.Refresh(ctx, db.Pool, db.Pool, catalog.Database{Name: "hr", DSN: db.URL, Schemas: []string{"hr"}, ReadOnlyRole: role}, nil)
	require.NoError(t, err)

	indexed := func(src schemaindex.Source) []string {
		src.Snapshot, src.Target = res.Snapshot, db.Pool
		_, err := schemaindex.Build(ctx, db.Pool, src, schemaindex.Config{})
		require.NoError(t, err)
		rows, err := db.Pool.Query(ctx, "SELECT value FROM rag.index_docs WHERE database_name = 'hr' AND kind = 'value' ORDER BY value")
		require.NoError(t, err)
		values, err := pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		return values
	}
	require.Equal(t, []string{"Ada Visible", "north"}, indexed(schemaindex.Source{Role: role}))
	require.Equal(t, []string{"Ada Visible", "Jane Secret", "board", "north"}, indexed(schemaindex.Source{}), "the connecting role, a superuser, reads every row")
}

// TestBuildWithAHugeComment: a comment is the database owner's text, at
// any length; one whose words make a tsvector past PostgreSQL's 1 MB
// ("string is too long for tsvector") failed every build of the database.
// Its document keeps its first words, and still finds the table.
func TestBuildWithAHugeComment(t *testing.T) {
	t.Parallel()
	ctx, db, build := setup(t)
	_, err := db.Pool.Exec(ctx, `DO $$ BEGIN
EXECUTE format('COMMENT ON TABLE crm.tickets IS %L', 'Support escalations ' ||
    (SELECT string_agg(md5(g::text), ' ') FROM generate_series(1, 70000) g));
EXECUTE format('COMMENT ON COLUMN crm.tickets.subject IS %L', 'Headline ' ||
    (SELECT string_agg(md5(g::text), ' ') FROM generate_series(1, 70000) g));
END $$`)
	require.NoError(t, err)
	build(t, schemaindex.Source{})
	h, err := searcher(t, db).Lexical(ctx, "crm", "support escalations headline", top)
	require.NoError(t, err)
	require.Equal(t, "tickets", names(h.Tables)[0])
	require.Contains(t, names(h.Columns), "tickets.subject")
}
