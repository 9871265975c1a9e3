// Package disjoint partitions values into disjoint sets that are merged
// (union-find): which columns equalities join into one value, which FROM
// items conditions link.
package disjoint

// Sets is a partition of values of type K; the zero value has every value
// in a set of its own. It is not safe for concurrent use.
type Sets[K comparable] struct {
	parent map[K]K
}

// Find is the representative of k's set: two values are in the same set
// when their representatives are equal.
func (s *Sets[K]) Find(k K) K {
	if p, ok := s.parent[k]; ok && p != k {
		r := s.Find(p)
		s.parent[k] = r // path compression
		return r
	}
	return k
}

// Union merges the sets of a and b.
func (s *Sets[K]) Union(a, b K) {
	if s.parent == nil {
		s.parent = map[K]K{}
	}
	s.parent[s.Find(a)] = s.Find(b)
}
