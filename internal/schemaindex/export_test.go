package schemaindex

import "context"

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
