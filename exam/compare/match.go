package compare

import (
	"math"
	"sort"
)

// side is one result, normalized and stored by column.
type side struct {
	cols  [][]cell // cols[j][row]
	stats []colStats
	rows  int
}

// colStats summarises a column for the pairwise column check.
type colStats struct {
	kinds   [kinds]int
	exact   map[int32]int // non-number cells by id: they must match exactly
	nums    []*cell       // number cells sorted by value
	maxAbs  float64       // largest |number|
	maxHalf float64       // largest half-unit of a number that may be rounded
	rel     float64       // largest relative precision of the column's type
	hash    uint64        // of the id vector, to find identical columns
}

// interner gives every distinct cell identity, and every (partial row,
// cell) pair, a small integer shared by both results.
type interner struct {
	cells map[identity]int32
	pairs map[uint64]int32
	next  int32
}

func newInterner() *interner {
	return &interner{cells: map[identity]int32{}, pairs: map[uint64]int32{}, next: 1}
}

func (in *interner) cell(key identity) int32 { return intern(in, in.cells, key) }

// pair identifies a partial row extended by one cell. Partial rows of
// different lengths never collide because every pair gets a fresh id.
func (in *interner) pair(prev, cell int32) int32 {
	return intern(in, in.pairs, uint64(uint32(prev))<<32|uint64(uint32(cell)))
}

// intern returns k's id in m, taking the interner's next id for a new k.
func intern[K comparable](in *interner, m map[K]int32, k K) int32 {
	if id, ok := m[k]; ok {
		return id
	}
	id := in.next
	in.next++
	m[k] = id
	return id
}

func newSide(r Result, in *interner) *side {
	s := &side{cols: make([][]cell, len(r.Columns)), stats: make([]colStats, len(r.Columns)), rows: len(r.Rows)}
	for j, col := range r.Columns {
		cl := classify(col.Type)
		cells := make([]cell, len(r.Rows))
		for i, row := range r.Rows {
			cells[i] = newCell(row[j], cl)
			cells[i].id = in.cell(cells[i].identity())
		}
		s.cols[j] = cells
		s.stats[j] = newStats(cells)
	}
	return s
}

func newStats(cells []cell) colStats {
	st := colStats{exact: map[int32]int{}}
	h := uint64(14695981039346656037)
	for i := range cells {
		c := &cells[i]
		st.kinds[c.kind]++
		h = (h ^ uint64(uint32(c.id))) * 1099511628211
		if c.kind != kindNum {
			st.exact[c.id]++
			continue
		}
		st.nums = append(st.nums, c)
		st.maxAbs = max(st.maxAbs, math.Abs(c.num))
		st.rel = max(st.rel, c.rel)
		if c.rounds {
			st.maxHalf = max(st.maxHalf, 0.5*math.Pow10(-int(c.decimals())))
		}
	}
	st.hash = h
	sort.Slice(st.nums, func(a, b int) bool {
		if st.nums[a].num != st.nums[b].num {
			return st.nums[a].num < st.nums[b].num
		}
		return st.nums[a].id < st.nums[b].id
	})
	return st
}

// matcher compares a gold and an answer result under a tolerance.
type matcher struct {
	gold, got *side
	tol       tolerance
	in        *interner
}

// window bounds |g - a| for equal numbers of gold column gi and answer
// column aj.
func (m *matcher) window(gi, aj int) float64 {
	g, a := &m.gold.stats[gi], &m.got.stats[aj]
	rel := max(m.tol.rel, g.rel, a.rel)
	return 2*m.tol.abs + (rel+floatErr)*2*(g.maxAbs+a.maxAbs) + g.maxHalf + a.maxHalf
}

// columnsMatch reports whether gold column gi and answer column aj hold the
// same multiset of values: the necessary condition that prunes the search.
func (m *matcher) columnsMatch(gi, aj int) bool {
	g, a := &m.gold.stats[gi], &m.got.stats[aj]
	if g.kinds != a.kinds || len(g.exact) != len(a.exact) {
		return false
	}
	for id, n := range g.exact {
		if a.exact[id] != n {
			return false
		}
	}
	if len(g.nums) == 0 {
		return true
	}
	// Equal multisets of numbers pair up in sorted order within the window
	// (a matching within a distance survives sorting both sides), so a gap
	// beyond it is a proof of difference.
	w := m.window(gi, aj)
	witness := true
	for k := range g.nums {
		x, y := g.nums[k], a.nums[k]
		if math.Abs(x.num-y.num) > w {
			return false
		}
		if witness && !m.tol.equal(x, y) {
			witness = false
		}
	}
	if witness {
		return true
	}
	// Sorted order is not a witness (values close to each other); match
	// properly.
	gIDs, aIDs := make([]int32, m.gold.rows), make([]int32, m.got.rows)
	for r := range gIDs {
		gIDs[r] = m.gold.cols[gi][r].id
	}
	for r := range aIDs {
		aIDs[r] = m.got.cols[aj][r].id
	}
	ok, _ := m.multiset(gIDs, aIDs, [][2]int{{gi, aj}})
	return ok
}

func (m *matcher) rowEqual(gr, ar int, pairs [][2]int) bool {
	for _, p := range pairs {
		if !m.tol.equal(&m.gold.cols[p[0]][gr], &m.got.cols[p[1]][ar]) {
			return false
		}
	}
	return true
}

// group is a set of identical rows (one id) of one result.
type group struct {
	row   int // a representative
	count int
}

// multiset reports whether the gold rows and answer rows, projected on
// pairs and identified by gIDs/aIDs (equal id: identical row), are equal as
// multisets under the tolerance. When not, unmatched is a gold row without
// a partner in a maximum matching.
//
// Identical rows are paired first by hashing; the rest are paired by a
// maximum bipartite matching over "equal within tolerance". Pairing the
// identical rows first is only unsafe when a leftover gold row equals an
// answer row that was paired away; then the whole result is matched.
func (m *matcher) multiset(gIDs, aIDs []int32, pairs [][2]int) (ok bool, unmatched int) {
	gGroups, gIndex := groupIDs(gIDs)
	aGroups, aIndex := groupIDs(aIDs)

	resG, _ := pairIdentical(gGroups, gIndex, aGroups, aIndex)
	resA, paired := pairIdentical(aGroups, aIndex, gGroups, gIndex)
	if len(resG) == 0 && len(resA) == 0 {
		return true, -1
	}
	sortGroups(resG)
	sortGroups(resA)
	flow, left := m.flow(resG, resA, pairs)
	if flow == total(resG) && flow == total(resA) {
		return true, -1
	}
	if len(paired) == 0 || !m.anyEdge(resG, paired, pairs) {
		return false, left
	}
	sortGroups(gGroups)
	sortGroups(aGroups)
	flow, left = m.flow(gGroups, aGroups, pairs)
	return flow == len(gIDs) && flow == len(aIDs), left
}

// pairIdentical pairs each group of xs with the identical rows of ys: rest
// is what of xs stays unpaired, paired what was paired (as rows of xs).
func pairIdentical(xs []group, xIndex map[int32]int, ys []group, yIndex map[int32]int) (rest, paired []group) {
	for id, xi := range xIndex {
		x := xs[xi]
		n := 0
		if yi, ok := yIndex[id]; ok {
			n = min(x.count, ys[yi].count)
		}
		if x.count > n {
			rest = append(rest, group{row: x.row, count: x.count - n})
		}
		if n > 0 {
			paired = append(paired, group{row: x.row, count: n})
		}
	}
	return rest, paired
}

func groupIDs(ids []int32) ([]group, map[int32]int) {
	index := make(map[int32]int, len(ids))
	var groups []group
	for r, id := range ids {
		if i, ok := index[id]; ok {
			groups[i].count++
			continue
		}
		index[id] = len(groups)
		groups = append(groups, group{row: r, count: 1})
	}
	return groups, index
}

// sortGroups orders groups by row so that results (and the unmatched row
// reported) do not depend on map iteration.
func sortGroups(gs []group) { sort.Slice(gs, func(a, b int) bool { return gs[a].row < gs[b].row }) }

func total(gs []group) int {
	n := 0
	for _, g := range gs {
		n += g.count
	}
	return n
}

// candidates returns, for every gold group, the answer groups whose rows
// are equal to its row. Rows can only be equal when their non-number cells
// are identical, so groups are bucketed by those; within a bucket the
// answer rows are sorted by their first number and only those within the
// window are compared.
func (m *matcher) candidates(gs, as []group, pairs [][2]int) [][]int {
	type bucket struct {
		anchor int   // index in pairs of the first number cell, -1 if none
		rows   []int // indices into as, sorted by anchor value
		vals   []float64
	}
	buckets := map[string]*bucket{}
	key := func(s *side, row int, gold bool) (string, int) {
		b := make([]byte, 0, 4*len(pairs))
		anchor := -1
		for k, p := range pairs {
			col := p[1]
			if gold {
				col = p[0]
			}
			c := &s.cols[col][row]
			id := uint32(c.id)
			if c.kind == kindNum {
				id = math.MaxUint32
				if anchor < 0 {
					anchor = k
				}
			}
			b = append(b, byte(id), byte(id>>8), byte(id>>16), byte(id>>24))
		}
		return string(b), anchor
	}
	for i, a := range as {
		k, anchor := key(m.got, a.row, false)
		bk := buckets[k]
		if bk == nil {
			bk = &bucket{anchor: anchor}
			buckets[k] = bk
		}
		bk.rows = append(bk.rows, i)
	}
	for _, bk := range buckets {
		if bk.anchor < 0 {
			continue
		}
		aj := pairs[bk.anchor][1]
		sort.Slice(bk.rows, func(x, y int) bool {
			return m.got.cols[aj][as[bk.rows[x]].row].num < m.got.cols[aj][as[bk.rows[y]].row].num
		})
		bk.vals = make([]float64, len(bk.rows))
		for x, i := range bk.rows {
			bk.vals[x] = m.got.cols[aj][as[i].row].num
		}
	}
	out := make([][]int, len(gs))
	for gi, g := range gs {
		k, _ := key(m.gold, g.row, true)
		bk := buckets[k]
		if bk == nil {
			continue
		}
		rows := bk.rows
		if bk.anchor >= 0 {
			p := pairs[bk.anchor]
			x := m.gold.cols[p[0]][g.row].num
			w := m.window(p[0], p[1])
			lo := sort.SearchFloat64s(bk.vals, x-w)
			hi := sort.Search(len(bk.vals), func(i int) bool { return bk.vals[i] > x+w })
			rows = bk.rows[lo:hi]
		}
		for _, ai := range rows {
			if m.rowEqual(g.row, as[ai].row, pairs) {
				out[gi] = append(out[gi], ai)
			}
		}
	}
	return out
}

func (m *matcher) anyEdge(gs, as []group, pairs [][2]int) bool {
	for _, e := range m.candidates(gs, as, pairs) {
		if len(e) > 0 {
			return true
		}
	}
	return false
}

// flow is a maximum bipartite matching with multiplicities (gold group gi
// supplies gs[gi].count rows, answer group ai takes as[ai].count). It
// returns the number of rows matched and a gold row left unmatched (-1 if
// none).
func (m *matcher) flow(gs, as []group, pairs [][2]int) (int, int) {
	adj := m.candidates(gs, as, pairs)
	supply := make([]int, len(gs))
	room := make([]int, len(as))
	for i, g := range gs {
		supply[i] = g.count
	}
	for i, a := range as {
		room[i] = a.count
	}
	// f[gi][k] is the flow on edge gi -> adj[gi][k].
	f := make([][]int, len(gs))
	for gi := range gs {
		f[gi] = make([]int, len(adj[gi]))
		for k, ai := range adj[gi] { // greedy start
			if supply[gi] == 0 {
				break
			}
			n := min(supply[gi], room[ai])
			f[gi][k] += n
			supply[gi] -= n
			room[ai] -= n
		}
	}
	// Reverse edges: answer group -> (gold group, edge index).
	type rev struct{ gi, k int }
	back := make([][]rev, len(as))
	for gi := range gs {
		for k, ai := range adj[gi] {
			back[ai] = append(back[ai], rev{gi, k})
		}
	}
	// Augment along alternating paths found by BFS.
	for {
		prevG := make([]rev, len(as)) // how each answer group was reached
		seenA := make([]bool, len(as))
		from := make([]int, len(gs)) // answer group that reached a gold group, -2 for a source
		for i := range from {
			from[i] = -1
		}
		var queue []int
		for gi := range gs {
			if supply[gi] > 0 {
				from[gi] = -2
				queue = append(queue, gi)
			}
		}
		end := -1
		for len(queue) > 0 && end < 0 {
			gi := queue[0]
			queue = queue[1:]
			for k, ai := range adj[gi] {
				if seenA[ai] {
					continue
				}
				seenA[ai] = true
				prevG[ai] = rev{gi, k}
				if room[ai] > 0 {
					end = ai
					break
				}
				for _, r := range back[ai] {
					if f[r.gi][r.k] > 0 && from[r.gi] == -1 {
						from[r.gi] = ai
						queue = append(queue, r.gi)
					}
				}
			}
		}
		if end < 0 {
			break
		}
		// Bottleneck along the path.
		n := room[end]
		ai := end
		for {
			p := prevG[ai]
			if from[p.gi] == -2 {
				n = min(n, supply[p.gi])
				break
			}
			// p.gi was reached from answer group from[p.gi] over a used edge.
			up := from[p.gi]
			for _, r := range back[up] {
				if r.gi == p.gi {
					n = min(n, f[r.gi][r.k])
					break
				}
			}
			ai = up
		}
		ai = end
		room[end] -= n
		for {
			p := prevG[ai]
			f[p.gi][p.k] += n
			if from[p.gi] == -2 {
				supply[p.gi] -= n
				break
			}
			up := from[p.gi]
			for _, r := range back[up] {
				if r.gi == p.gi {
					f[r.gi][r.k] -= n
					break
				}
			}
			ai = up
		}
	}
	matched, left := 0, -1
	for gi, g := range gs {
		matched += g.count - supply[gi]
		if supply[gi] > 0 && left < 0 {
			left = g.row
		}
	}
	return matched, left
}
