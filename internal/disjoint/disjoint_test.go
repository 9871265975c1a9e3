package disjoint

import "testing"

func TestSets(t *testing.T) {
	t.Parallel()
	var s Sets[int]
	if s.Find(1) != 1 {
		t.Fatal("an unmerged value is its own representative")
	}
	s.Union(1, 2)
	s.Union(3, 4)
	s.Union(2, 2)
	if s.Find(1) != s.Find(2) || s.Find(3) != s.Find(4) {
		t.Fatal("merged values share a representative")
	}
	if s.Find(1) == s.Find(3) || s.Find(5) == s.Find(1) {
		t.Fatal("unmerged sets stay apart")
	}
	s.Union(4, 1)
	for _, k := range []int{2, 3, 4} {
		if s.Find(k) != s.Find(1) {
			t.Fatalf("%d: not in 1's set after merging 4's into it", k)
		}
	}
}
