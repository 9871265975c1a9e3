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

// WithoutTrgm makes s behave as on a server without pg_trgm.
func WithoutTrgm(s *Searcher) {
	s.trgmMu.Lock()
	defer s.trgmMu.Unlock()
	no := false
	s.trgm = &no
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
