package schemaindex

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTopIndexesIsAStableSortsHead checks the exact vector path's selection
// against what it replaced: a stable sort of every hit of the kind by score,
// cut to n. Scores are drawn from few values so that ties are common, and
// the kinds interleave.
func TestTopIndexesIsAStableSortsHead(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		m := r.IntN(60)
		vectors := make([]docVector, m)
		scores := make([]float64, m)
		for i := range vectors {
			vectors[i].hit.Kind = []Kind{KindTable, KindColumn}[r.IntN(2)]
			scores[i] = float64(r.IntN(8)) / 8
		}
		for _, kind := range []Kind{KindTable, KindColumn} {
			want := []int{}
			for i := range vectors {
				if vectors[i].hit.Kind == kind {
					want = append(want, i)
				}
			}
			slices.SortStableFunc(want, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
			for _, n := range []int{0, 1, 3, 10, 100} {
				require.Equal(t, want[:min(n, len(want))], orEmpty(topIndexes(vectors, scores, kind, n)), "kind %s, n %d, scores %v", kind, n, scores)
			}
		}
	}
}

func orEmpty(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

// TestDotIsTheSum checks the dot product against a plain float64
// sum, at lengths that leave every remainder.
func TestDotIsTheSum(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 3, 4, 5, 7, 8, 384, 769} {
		a, b := make([]float32, n), make([]float32, n)
		want := 0.0
		for i := range a {
			a[i], b[i] = r.Float32()*2-1, r.Float32()*2-1
			want += float64(a[i]) * float64(b[i])
		}
		require.InDelta(t, want, dot(a, b), 1e-4, "n %d", n)
	}
}

// BenchmarkDot is the exact path's scoring of one question: a dot product
// with each of 3,000 unit vectors of 768 dimensions (300 tables and their
// columns, nomic-embed-text's size). vectors/s is the figure to compare.
func BenchmarkDot(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	vecs := make([][]float32, 3000)
	for i := range vecs {
		vecs[i] = make([]float32, 768)
		for j := range vecs[i] {
			vecs[i][j] = r.Float32()*2 - 1
		}
	}
	q := vecs[0]
	sum := 0.0
	for b.Loop() {
		for _, v := range vecs {
			sum += dot(q, v)
		}
	}
	b.ReportMetric(float64(b.N*len(vecs))/b.Elapsed().Seconds(), "vectors/s")
	_ = sum
}
