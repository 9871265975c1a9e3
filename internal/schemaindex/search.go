package schemaindex

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"gonum.org/v1/gonum/blas/blas32"

	"github.com/nl2sql/nl2sql/internal/catalog"
	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// TopK is how many hits of each kind a search returns.
type TopK struct {
	Tables  int
	Columns int
	Values  int
}

// Hit is one document a search found.
type Hit struct {
	Kind   Kind   `json:"kind"`
	Schema string `json:"schema"`
	Table  string `json:"table"`
	Column string `json:"column,omitempty"`
	Value  string `json:"value,omitempty"`
	Module string `json:"module,omitempty"`
	// Generic marks a generic column (see Doc.Generic).
	Generic bool `json:"generic,omitempty"`
	// Score is the BM25 score (lexical) or the cosine similarity (vector).
	Score float64 `json:"score"`
	// Relevance puts Score on a 0-1 scale: for lexical hits, BM25 over the
	// score of a document of average length holding each of the
	// question's concepts once (about the share of the question the
	// document explains); for vector hits, the cosine similarity.
	Relevance float64 `json:"relevance"`
	// Rank is the 1-based position among the hits of its kind.
	Rank int `json:"rank"`
	// Matched are the question's terms the document holds (lexical only).
	Matched []string `json:"matched,omitempty"`
}

// TableKey returns the hit's table's catalog.TableKey.
func (h Hit) TableKey() string { return catalog.TableKey(h.Schema, h.Table) }

// Hits are a search's results by kind, best first.
type Hits struct {
	Tables  []Hit `json:"tables"`
	Columns []Hit `json:"columns"`
	Values  []Hit `json:"values"`
	// Terms are the terms searched for (lexical only).
	Terms []Term `json:"terms,omitempty"`
	// Unknown are question words no document holds (and no fuzzy match
	// found), numerals aside: 2024 or 10 is a literal of the query, not a
	// word a schema would name.
	Unknown []string `json:"unknown,omitempty"`
	// VectorsReason says why a vector search of an index built with
	// pgvector ranked its embeddings by exact cosine instead (pgvector
	// failed: the extension dropped or its files removed from the server).
	VectorsReason string `json:"vectorsReason,omitempty"`
}

// Term is one search term of a question.
type Term struct {
	// Word is the question word it came from; Term its stem as indexed.
	Word string `json:"word"`
	Term string `json:"term"`
	// Weight is 1 for a word of the question, less for an expansion (a
	// synonym, an abbreviation's words, a part of a run-together word) or
	// a fuzzy match.
	Weight float64 `json:"weight"`
	How    string  `json:"how,omitempty"` // "", "synonym", "abbreviation", "abbreviated", "split", "agent", "thesaurus", "fuzzy"
	// Concept numbers the question word the term serves (1 for the first).
	Concept int `json:"concept"`
	// IDF is the term's highest idf over the document kinds (0 for a fuzzy
	// match): how rare, so how telling, it is.
	IDF float64 `json:"idf"`
}

// commonTermDocs is the fewest documents a term must be in for MinIDF to
// leave it out.
const commonTermDocs = 100

// minFuzzyLen is the shortest question word matched fuzzily: shorter ones
// are mostly common words, and trigrams of short words match too much.
const minFuzzyLen = 5

// maxTerms bounds the terms of one search (a long question is cut to its
// first words' weight order).
const maxTerms = 63

// Info describes a database's index.
type Info struct {
	Database       string    `json:"database"`
	CatalogVersion int64     `json:"catalogVersion"`
	BuiltAt        time.Time `json:"builtAt"`
	// EmbedModel is empty for an index without embeddings.
	EmbedModel string `json:"embedModel,omitempty"`
	EmbedDims  int    `json:"embedDims,omitempty"`
	Vectors    string `json:"vectors"`
	Stats      Stats  `json:"stats"`
}

// HasEmbeddings reports whether vector search is possible.
func (i *Info) HasEmbeddings() bool { return i.EmbedModel != "" }

// vectorNumbers is how many numbers the index's embeddings hold: one
// embedding per table and column document.
func (i *Info) vectorNumbers() int { return (i.Stats.Tables + i.Stats.Columns) * i.EmbedDims }

// Outdated reports whether the index was built by code of another Format
// than this one's: it is searched as it is, but what this code would
// index differently is not found until it is rebuilt.
func (i *Info) Outdated() bool { return i.Stats.Format != Format }

// Searcher searches the schema indexes of the service database. It caches
// what it loads per index build (the vocabulary; the terms and postings it
// scores BM25 from, lexical.go; embeddings where pgvector is absent) and checks on every search that the build is still current,
// so a re-index is seen at once: on every search, or once for all the
// searches under a WithOneCheck context. Safe for concurrent use.
type Searcher struct {
	db  dbsqlc.DBTX
	q   *dbsqlc.Queries
	cfg Config

	mu      sync.Mutex
	indexes map[string]*loadedIndex

	lexLoads atomic.Int64 // in-memory BM25 index loads begun (lexical.go), for tests
}

type loadedIndex struct {
	info *Info
	dict *Dictionary

	vecMu   sync.Mutex
	vectors []docVector // nil until loaded
	// pgvectorFailed is set once a search of this build through pgvector
	// failed and was ranked exactly instead, so the log says so once.
	pgvectorFailed atomic.Bool

	lexMu sync.Mutex
	lex   *lexicalIndex // nil until the first lexical search (lexical.go)
}

type docVector struct {
	hit Hit
	vec []float32
}

// NewSearcher returns a Searcher reading through db, which must be safe
// for concurrent use (a *pgxpool.Pool).
func NewSearcher(db dbsqlc.DBTX, cfg Config) (*Searcher, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return &Searcher{db: db, q: dbsqlc.New(), cfg: cfg, indexes: map[string]*loadedIndex{}}, nil
}

// Info returns the current index of database, or an error wrapping
// ErrNotIndexed.
func (s *Searcher) Info(ctx context.Context, database string) (*Info, error) {
	li, err := s.load(ctx, database)
	if err != nil {
		return nil, err
	}
	return li.info, nil
}

// pinKey carries a *pinned in a context (WithOneCheck).
type pinKey struct{}

// pinned holds the indexes checked under one context, by database.
type pinned struct {
	mu sync.Mutex
	m  map[string]*loadedIndex
}

// WithOneCheck returns a context under which a Searcher checks each
// database's index build once: its later searches under that context use
// the build the first one found. A retrieval searches three times (Info,
// Lexical, Vector); with one check they see the same build, and two of the
// three stamp reads per question are saved. A re-index is still seen by the
// next context, that is, the next question.
func WithOneCheck(ctx context.Context) context.Context {
	return context.WithValue(ctx, pinKey{}, &pinned{m: map[string]*loadedIndex{}})
}

func (s *Searcher) load(ctx context.Context, database string) (*loadedIndex, error) {
	p, _ := ctx.Value(pinKey{}).(*pinned)
	if p != nil {
		p.mu.Lock()
		li := p.m[database]
		p.mu.Unlock()
		if li != nil {
			return li, nil
		}
	}
	li, err := s.check(ctx, database)
	if err == nil && p != nil {
		p.mu.Lock()
		p.m[database] = li
		p.mu.Unlock()
	}
	return li, err
}

// check returns database's index, reloaded when the stored build is newer
// than the one loaded.
func (s *Searcher) check(ctx context.Context, database string) (*loadedIndex, error) {
	stamp, err := s.q.GetSchemaIndexStamp(ctx, s.db, database)
	if err != nil {
		return nil, notIndexed(database, err)
	}
	s.mu.Lock()
	li := s.indexes[database]
	s.mu.Unlock()
	if li != nil && li.info.BuiltAt.Equal(stamp.BuiltAt) {
		return li, nil
	}
	row, err := s.q.GetSchemaIndex(ctx, s.db, database)
	if err != nil {
		return nil, notIndexed(database, err)
	}
	info := &Info{
		Database: database, CatalogVersion: row.CatalogVersion, BuiltAt: row.BuiltAt, EmbedModel: deref(row.EmbedModel),
		EmbedDims: int(deref(row.EmbedDims)), Vectors: row.Vectors,
	}
	if err := json.Unmarshal(row.Stats, &info.Stats); err != nil {
		return nil, fmt.Errorf("schemaindex: index of %q: stats: %w", database, err)
	}
	li = &loadedIndex{info: info, dict: dictionaryFromWords(row.Vocabulary)}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Searches that found the same new build at once keep one of them:
	// what a build loads later (postings, vectors, terms) is loaded once.
	if cur := s.indexes[database]; cur != nil && cur.info.BuiltAt.Equal(li.info.BuiltAt) {
		return cur, nil
	}
	s.indexes[database] = li
	return li, nil
}

func notIndexed(database string, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("database %q: %w; run nl2sql index --db %s", database, ErrNotIndexed, database)
	}
	return fmt.Errorf("schemaindex: read the index of %q: %w", database, err)
}

// Lexical searches database's index for question with BM25 (see
// SearchLexical in sql/schemaindex.sql): the question's words, stemmed as
// the documents were, plus their synonyms, abbreviation expansions and the
// parts of run-together words at Config.ExpansionWeight, and for a word the
// index does not know, the most similar known term (pg_trgm's similarity) at
// Config.FuzzyWeight.
func (s *Searcher) Lexical(ctx context.Context, database, question string, k TopK) (*Hits, error) {
	li, err := s.load(ctx, database)
	if err != nil {
		return nil, err
	}
	qws := questionWords(question, li.dict, s.cfg.ExpansionWeight, s.cfg.ThesaurusWeight)
	hits := &Hits{}
	if len(qws) == 0 {
		return hits, nil
	}
	words, weights := make([]string, len(qws)), make([]float64, len(qws))
	for i, w := range qws {
		words[i], weights[i] = w.text, w.weight
	}
	rows, err := s.q.ResolveQuestionTerms(ctx, s.db, &dbsqlc.ResolveQuestionTermsParams{DatabaseName: database, Words: words, Weights: weights})
	if err != nil {
		return nil, fmt.Errorf("schemaindex: search %q: %w", database, err)
	}
	// WordNet's words stand in for a question word only when the index
	// knows none of its own terms: a word the schema uses keeps its
	// meaning there, and its senses' other words would only add noise.
	known := map[int]bool{}
	for _, r := range rows {
		if qw := qws[r.Ord-1]; (qw.how == "" || qw.how == "singular") && r.Kind != nil {
			known[qw.concept] = true
		}
	}
	terms := newTermSet()
	var unknown []resolvedTerm
	for _, r := range rows {
		qw := qws[r.Ord-1]
		if qw.how == "thesaurus" && (known[qw.concept] || r.Kind == nil) {
			continue
		}
		rt := resolvedTerm{concept: qw.concept, word: qw.text, term: r.Term, weight: qw.weight, how: qw.how}
		if r.Kind == nil {
			unknown = append(unknown, rt)
			continue
		}
		terms.add(rt, Kind(*r.Kind), r.Idf)
	}
	unknown = s.fuzzy(ctx, database, li, unknown, terms)
	stoodIn := map[int]bool{} // concepts WordNet or the word's singular found a term for
	for _, t := range terms.byTerm {
		if t.How == "thesaurus" || t.How == "singular" {
			stoodIn[t.Concept] = true
		}
	}
	listed := map[string]bool{} // hits.Unknown, for a question of many unknown words
	for _, u := range unknown {
		if u.how == "" && !terms.has(u.term) && !stoodIn[u.concept] && !listed[u.word] && !numeral(u.word) {
			listed[u.word] = true
			hits.Unknown = append(hits.Unknown, u.word)
		}
	}
	hits.Terms = terms.list()
	if len(hits.Terms) == 0 {
		return hits, nil
	}
	if len(hits.Terms) > maxTerms {
		// The heaviest terms: a 63-bit mask says which a document holds.
		slices.SortStableFunc(hits.Terms, func(a, b Term) int { return cmp.Compare(b.Weight, a.Weight) })
		hits.Terms = hits.Terms[:maxTerms]
	}
	ts, ws := make([]string, len(hits.Terms)), make([]float64, len(hits.Terms))
	for i, t := range hits.Terms {
		ts[i], ws[i] = t.Term, t.Weight
	}
	params := &dbsqlc.SearchLexicalParams{
		DatabaseName: database, Terms: ts, Weights: ws,
		K1: s.cfg.K1, B: s.cfg.B, MinIdf: s.cfg.MinIDF, CommonDf: commonTermDocs, TableK: int32(k.Tables), ColumnK: int32(k.Columns), ValueK: int32(k.Values),
	}
	var found []*dbsqlc.SearchLexicalRow
	switch lx, err := s.lexical(ctx, database, li); {
	case err == nil:
		found = lx.score(params)
	case errors.Is(err, errRebuilt):
		// Rebuilt under the load: the query reads one build.
		if found, err = s.q.SearchLexical(ctx, s.db, params); err != nil {
			return nil, fmt.Errorf("schemaindex: search %q: %w", database, err)
		}
	default:
		return nil, err
	}
	for _, r := range found {
		kind := Kind(r.Kind)
		h := Hit{
			Kind: kind, Schema: r.SchemaName, Table: r.TableName, Column: r.ColumnName, Value: r.Value, Module: r.Module,
			Generic: r.Generic, Score: r.Score,
		}
		for i, t := range hits.Terms {
			if r.Matched&(1<<i) != 0 {
				h.Matched = append(h.Matched, t.Term)
			}
		}
		if ideal := terms.ideal(kind); ideal > 0 {
			h.Relevance = min(1, r.Score/ideal)
		}
		hits.add(h)
	}
	return hits, nil
}

// fuzzy finds known terms for the unknown ones by pg_trgm's similarity
// (trigramTerms, in memory), adds them to terms and returns the unknown
// terms still unmatched.
func (s *Searcher) fuzzy(ctx context.Context, database string, li *loadedIndex, unknown []resolvedTerm, terms *termSet) []resolvedTerm {
	var look []string
	for _, u := range unknown {
		if u.how == "" && len(u.word) >= minFuzzyLen {
			look = append(look, u.term)
		}
	}
	if len(look) == 0 {
		return unknown
	}
	lx, err := s.lexical(ctx, database, li)
	if err != nil {
		// A fuzzy match is a bonus; the search goes on without it.
		s.cfg.Logger.WarnContext(ctx, "fuzzy term match failed", "database", database, "err", err)
		return unknown
	}
	matched := lx.fuzzy.match(look, s.cfg.FuzzyMinSimilarity)
	var still []resolvedTerm
	for _, u := range unknown {
		t, ok := matched[u.term]
		if !ok {
			still = append(still, u)
			continue
		}
		// The fuzzy term's idf per kind is not known here: the search
		// reads it from rag.index_terms; for the ideal, count it like the
		// word it replaces at the fuzzy weight.
		terms.addFuzzy(resolvedTerm{concept: u.concept, word: u.word, term: t, weight: u.weight * s.cfg.FuzzyWeight, how: "fuzzy"})
	}
	return still
}

// Vector returns the tables and columns of database nearest to embedding
// by cosine similarity: through pgvector's HNSW index when the index was
// built with it and its embeddings hold more than Config.VectorExactMax
// numbers, else exactly over the stored real[] embeddings (loaded once per
// build). A pgvector search that fails (DROP EXTENSION vector, its files
// removed from the server) is ranked exactly too, and Hits.VectorsReason
// says why. The embedding must come from the index's model
// (Info.EmbedModel); an index without embeddings is ErrNoEmbeddings.
func (s *Searcher) Vector(ctx context.Context, database string, embedding []float32, k TopK) (*Hits, error) {
	li, err := s.load(ctx, database)
	if err != nil {
		return nil, err
	}
	if !li.info.HasEmbeddings() {
		return nil, fmt.Errorf("database %q: %w", database, ErrNoEmbeddings)
	}
	if len(embedding) != li.info.EmbedDims {
		return nil, fmt.Errorf("schemaindex: database %q: the question's embedding has %d dimensions, the index's (%s) %d",
			database, len(embedding), li.info.EmbedModel, li.info.EmbedDims)
	}
	q := normalize(embedding)
	if li.info.Vectors != VectorsPgvector || li.info.vectorNumbers() <= s.cfg.VectorExactMax {
		return s.vectorExact(ctx, li, q, k)
	}
	hits, err := s.vectorPgvector(ctx, database, q, k)
	if err == nil || ctx.Err() != nil {
		return hits, err
	}
	reason := pgvectorFailed(database, err)
	if hits, err = s.vectorExact(ctx, li, q, k); err != nil {
		return nil, err
	}
	hits.VectorsReason = reason
	if !li.pgvectorFailed.Swap(true) {
		s.cfg.Logger.WarnContext(ctx, "vector search ranks the index by exact cosine", "database", database, "reason", reason)
	}
	return hits, nil
}

// pgvectorFailed says why a search of database's index, built with
// pgvector, did not go through it: err, and, where pgvector is gone from
// the database or the server, what brings the index in line.
func pgvectorFailed(database string, err error) string {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return fmt.Sprintf("pgvector could not search the index (%v): embeddings ranked by exact cosine", err)
	}
	reason := fmt.Sprintf("pgvector could not search the index (%s, SQLSTATE %s): embeddings ranked by exact cosine", pgErr.Message, pgErr.Code)
	// feature_not_supported: rag.search_vectors found the extension or
	// rag.index_vectors' embeddings gone; undefined_file: the extension's
	// library is gone from the server.
	if pgErr.Code == "0A000" || pgErr.Code == "58P01" {
		reason += fmt.Sprintf("; nl2sql index --db %s sets pgvector up again, or records that it is gone", database)
	}
	return reason
}

func (s *Searcher) vectorPgvector(ctx context.Context, database string, q []float32, k TopK) (*Hits, error) {
	hits := &Hits{}
	type found struct {
		kind Kind
		rows []*dbsqlc.SearchVectorsRow
	}
	var all []found
	var ids []int64
	for _, kk := range []struct {
		kind Kind
		n    int
	}{{KindTable, k.Tables}, {KindColumn, k.Columns}} {
		if kk.n <= 0 {
			continue
		}
		rows, err := s.q.SearchVectors(ctx, s.db, &dbsqlc.SearchVectorsParams{DatabaseName: database, Kind: string(kk.kind), Query: q, K: int32(kk.n)})
		if err != nil {
			return nil, fmt.Errorf("schemaindex: vector search %q: %w", database, err)
		}
		all = append(all, found{kk.kind, rows})
		for _, r := range rows {
			ids = append(ids, r.DocID)
		}
	}
	docs, err := s.q.GetIndexDocs(ctx, s.db, ids)
	if err != nil {
		return nil, fmt.Errorf("schemaindex: vector search %q: %w", database, err)
	}
	byID := make(map[int64]*dbsqlc.GetIndexDocsRow, len(docs))
	for _, d := range docs {
		byID[d.ID] = d
	}
	for _, f := range all {
		for _, r := range f.rows {
			d := byID[r.DocID]
			if d == nil {
				continue
			}
			h := Hit{
				Kind: f.kind, Schema: d.SchemaName, Table: d.TableName, Column: d.ColumnName, Module: d.Module, Generic: d.Generic,
				Score: r.Similarity, Relevance: clamp01(r.Similarity),
			}
			hits.add(h)
		}
	}
	return hits, nil
}

// vectorExact ranks every stored embedding by cosine similarity (a dot
// product: embeddings are stored at unit length).
func (s *Searcher) vectorExact(ctx context.Context, li *loadedIndex, q []float32, k TopK) (*Hits, error) {
	li.vecMu.Lock()
	if li.vectors == nil {
		vs, err := s.loadVectors(ctx, li.info.Database)
		if err != nil {
			li.vecMu.Unlock()
			return nil, err
		}
		li.vectors = vs
	}
	vectors := li.vectors
	li.vecMu.Unlock()
	scores := make([]float64, len(vectors))
	for i, dv := range vectors {
		scores[i] = dot(q, dv.vec)
	}
	hits := &Hits{}
	for _, kk := range []struct {
		kind Kind
		n    int
	}{{KindTable, k.Tables}, {KindColumn, k.Columns}} {
		for _, i := range topIndexes(vectors, scores, kk.kind, kk.n) {
			h := vectors[i].hit
			h.Score = scores[i]
			h.Relevance = clamp01(h.Score)
			hits.add(h)
		}
	}
	return hits, nil
}

// topIndexes returns the indexes of the n best scores among the vectors of
// kind, best first, an earlier vector first among equal scores: what a
// stable sort of all of them would put first, without moving every hit of a
// large index to rank each question (that sort was a ninth of the CPU of
// an in-process `nl2sql bench pipeline` on 300 tables).
func topIndexes(vectors []docVector, scores []float64, kind Kind, n int) []int {
	if n <= 0 {
		return nil
	}
	top := make([]int, 0, n+1)
	for i := range vectors {
		if vectors[i].hit.Kind != kind {
			continue
		}
		// Strictly better than the last kept: an equal score comes later
		// in the index and so ranks after it.
		if len(top) == n && scores[i] <= scores[top[n-1]] {
			continue
		}
		at, _ := slices.BinarySearchFunc(top, scores[i], func(j int, sc float64) int {
			if scores[j] >= sc {
				return -1
			}
			return 1
		})
		top = slices.Insert(top, at, i)
		if len(top) > n {
			top = top[:n]
		}
	}
	return top
}

func (s *Searcher) loadVectors(ctx context.Context, database string) ([]docVector, error) {
	rows, err := s.q.ListIndexVectors(ctx, s.db, database)
	if err != nil {
		return nil, fmt.Errorf("schemaindex: load the embeddings of %q: %w", database, err)
	}
	out := make([]docVector, len(rows))
	for i, r := range rows {
		out[i] = docVector{hit: Hit{
			Kind: Kind(r.Kind), Schema: r.SchemaName, Table: r.TableName, Column: r.ColumnName, Module: r.Module,
			Generic: r.Generic,
		}, vec: r.Embedding}
	}
	return out, nil
}

func (h *Hits) add(hit Hit) {
	switch hit.Kind {
	case KindTable:
		hit.Rank = len(h.Tables) + 1
		h.Tables = append(h.Tables, hit)
	case KindColumn:
		hit.Rank = len(h.Columns) + 1
		h.Columns = append(h.Columns, hit)
	case KindValue:
		hit.Rank = len(h.Values) + 1
		h.Values = append(h.Values, hit)
	}
}

// dot is the exact path's cosine (the vectors are unit length): it runs
// once per document of the index for every question, the largest cost left
// in an in-process `nl2sql bench pipeline` on 300 tables once the sort was
// gone. gonum's blas32 runs it on SSE, twice as fast as four scalar lanes
// in Go on 3,000 vectors of 768 dimensions (BenchmarkDot), which is about
// what memory delivers; its additions differ from a plain loop's only in
// float32 rounding.
func dot(a, b []float32) float64 {
	b = b[:len(a)]
	return float64(blas32.Dot(blas32.Vector{N: len(a), Inc: 1, Data: a}, blas32.Vector{N: len(b), Inc: 1, Data: b}))
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }

// numeral reports whether w is all digits.
func numeral(w string) bool {
	return w != "" && strings.Trim(w, "0123456789") == ""
}
