package schemaindex

import (
	"context"

	"github.com/nl2sql/nl2sql/internal/dbsqlc"
)

// VectorExact is Searcher.Vector on the real[] path, whatever the index
// was built with, to compare the paths.
func VectorExact(ctx context.Context, s *Searcher, database string, embedding []float32, k TopK) (*Hits, error) {
	li, err := s.load(ctx, database)
	if err != nil {
		return nil, err
	}
	return s.vectorExact(ctx, li, normalize(embedding), k)
}

// VectorPgvector is Searcher.Vector on pgvector's path (rag.search_vectors),
// whatever the index was built with.
func VectorPgvector(ctx context.Context, s *Searcher, database string, embedding []float32, k TopK) (*Hits, error) {
	return s.vectorPgvector(ctx, database, normalize(embedding), k)
}

// FuzzyBoth matches look to database's terms both ways: the FuzzyTerms
// query (the definition, with pg_trgm) and the in-memory trigramTerms
// fuzzy uses.
func FuzzyBoth(ctx context.Context, s *Searcher, database string, look []string, minSimilarity float64) (query, memory map[string]string, err error) {
	li, err := s.load(ctx, database)
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.q.FuzzyTerms(ctx, s.db, &dbsqlc.FuzzyTermsParams{DatabaseName: database, Terms: look, MinSimilarity: minSimilarity})
	if err != nil {
		return nil, nil, err
	}
	query = map[string]string{}
	for _, r := range rows {
		query[r.QueryTerm] = r.Term
	}
	lx, err := s.lexical(ctx, database, li)
	if err != nil {
		return nil, nil, err
	}
	return query, lx.fuzzy.match(look, minSimilarity), nil
}

// LexicalBoth runs one lexical search both ways: the SearchLexical query
// (the definition) and the in-memory scorer Lexical uses.
func LexicalBoth(ctx context.Context, s *Searcher, p *dbsqlc.SearchLexicalParams) (query, memory []*dbsqlc.SearchLexicalRow, err error) {
	li, err := s.load(ctx, p.DatabaseName)
	if err != nil {
		return nil, nil, err
	}
	if query, err = s.q.SearchLexical(ctx, s.db, p); err != nil {
		return nil, nil, err
	}
	lx, err := s.lexical(ctx, p.DatabaseName, li)
	if err != nil {
		return nil, nil, err
	}
	return query, lx.score(p), nil
}

// IndexTerms are the distinct terms of database's index.
func IndexTerms(ctx context.Context, s *Searcher, database string) ([]string, error) {
	return s.q.ListIndexTerms(ctx, s.db, database)
}

// CommonTermDocs is commonTermDocs.
const CommonTermDocs = commonTermDocs

// LexicalLoads is how many times s began loading an in-memory index.
func LexicalLoads(s *Searcher) int64 { return s.lexLoads.Load() }

// DenseIndex is denseIndex over documents of the given ids, in order.
func DenseIndex(ids []int64, id int64) (int32, bool) {
	docs := make([]*dbsqlc.ListIndexDocHitsRow, len(ids))
	for i, id := range ids {
		docs[i] = &dbsqlc.ListIndexDocHitsRow{ID: id}
	}
	return denseIndex(docs, id)
}
