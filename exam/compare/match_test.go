package compare

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCompareAgainstBruteForce checks the search and the matching against
// trying every column assignment and every row pairing, on small results
// whose values are equal to each other in tangled ways (1520 ~ 1519.6 ~
// 1520 ~ 1520.4, 12.3456 ~ 12.35, NULLs, dates and midnights).
func TestCompareAgainstBruteForce(t *testing.T) {
	t.Parallel()
	alphabet := []any{
		nil, true, json.Number("1"), json.Number("1.50"), json.Number("1.5"), json.Number("12.35"),
		json.Number("12.3456"), json.Number("12.3"), json.Number("1520"), json.Number("1519.6"), json.Number("1520.4"),
		json.Number("1520.00"), "a", "2024-01-31", "2024-01-31T00:00:00Z",
	}
	// Values within rounding of each other but not of each other's
	// neighbours: pairing the identical ones first can be wrong.
	tangled := []any{
		json.Number("1520"), json.Number("1519.6"), json.Number("1520.4"), json.Number("12"),
		json.Number("11.6"), json.Number("12.4"), "a", "b",
	}
	types := []string{"", "numeric", "integer", "text"}
	rng := rand.New(rand.NewPCG(11, 12))
	var values []any
	gen := func(cols, rows, spread int) Result {
		r := Result{}
		for j := range cols {
			r.Columns = append(r.Columns, Column{Name: fmt.Sprint("c", j), Type: types[rng.IntN(len(types))]})
		}
		for range rows {
			row := make([]any, cols)
			for j := range row {
				row[j] = values[rng.IntN(min(spread, len(values)))]
			}
			r.Rows = append(r.Rows, row)
		}
		return r
	}
	matches := 0
	for i := range 6000 {
		rows := 1 + rng.IntN(5)
		p := 1 + rng.IntN(3)
		q := p + rng.IntN(2)
		values = alphabet
		if i%2 == 1 {
			values = tangled
		}
		spread := 3 + rng.IntN(len(values)-2)
		gold, got := gen(p, rows, spread), gen(q, rows, spread)
		if i%3 == 0 { // often a shuffled copy with other spellings, to get matches
			got = respell(rng, gold, values)
		}
		for _, ordered := range []bool{false, true} {
			v := Compare(gold, got, Options{OrderMatters: ordered})
			want := bruteForce(gold, got, ordered)
			require.Equal(t, want, v.Match, "case %d ordered=%v: %s\ngold %v\ngot %v", i, ordered, v.Reason, gold, got)
			if v.Match {
				matches++
			}
		}
	}
	require.Greater(t, matches, 500, "the generator produces matches")
}

// respell shuffles rows (and adds a column) and swaps some values for
// others that may or may not be equal to them.
func respell(rng *rand.Rand, r Result, alphabet []any) Result {
	out := Result{Columns: append([]Column{{Name: "extra", Type: "text"}}, r.Columns...)}
	for _, ri := range rng.Perm(len(r.Rows)) {
		row := []any{"x"}
		for _, v := range r.Rows[ri] {
			if rng.IntN(4) == 0 {
				v = alphabet[rng.IntN(len(alphabet))]
			}
			row = append(row, v)
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

func bruteForce(gold, got Result, ordered bool) bool {
	if len(gold.Rows) != len(got.Rows) {
		return false
	}
	in := newInterner()
	m := &matcher{
		gold: newSide(gold, in), got: newSide(got, in), in: in,
		tol: tolerance{rel: 1e-10, abs: 1e-9},
	}
	p, q, n := len(gold.Columns), len(got.Columns), len(gold.Rows)
	assign := make([]int, p)
	used := make([]bool, q)
	var cols func(i int) bool
	cols = func(i int) bool {
		if i == p {
			pairs := make([][2]int, p)
			for k, j := range assign {
				pairs[k] = [2]int{k, j}
			}
			if ordered {
				for r := range n {
					if !m.rowEqual(r, r, pairs) {
						return false
					}
				}
				return true
			}
			taken := make([]bool, n)
			var rowsMatch func(r int) bool
			rowsMatch = func(r int) bool {
				if r == n {
					return true
				}
				for a := range n {
					if !taken[a] && m.rowEqual(r, a, pairs) {
						taken[a] = true
						if rowsMatch(r + 1) {
							return true
						}
						taken[a] = false
					}
				}
				return false
			}
			return rowsMatch(0)
		}
		for j := range q {
			if !used[j] {
				used[j], assign[i] = true, j
				if cols(i + 1) {
					return true
				}
				used[j] = false
			}
		}
		return false
	}
	return cols(0)
}
