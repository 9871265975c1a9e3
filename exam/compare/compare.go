// Package compare grades an NL2SQL answer by execution accuracy: the rows
// the generated SQL returned are compared with the rows of the gold SQL, as
// stored in rag.query_results (columns with Postgres type names, rows as
// JSON arrays decoded with json.Decoder.UseNumber).
//
// The semantics are part of the product; an exam's accuracy means exactly
// this:
//
//   - Results are multisets of rows: row order is ignored unless
//     Options.OrderMatters, and duplicates count (one copy of a row is not
//     two).
//   - Columns are matched by their values, never by their names (aliases
//     differ) nor their positions: each gold column is assigned a distinct
//     answer column so that the answer's rows, projected on those columns,
//     equal gold's rows. The search prunes with per-column value multisets
//     and backtracks, so two columns with the same values, or a first guess
//     that does not work out, are handled.
//   - Extra answer columns are ignored ("id, name" answers "the names"),
//     unless Options.ExactColumns. A missing column is a mismatch.
//   - NULL equals only NULL.
//   - Numbers are equal when they have the same value (1520 = 1520.00), are
//     within the tolerance (|a-b| <= AbsTolerance or <= RelTolerance ×
//     max(|a|,|b|); 1519.9999999 = 1520, 0.25 ≠ 25), or when the one written
//     with fewer decimals is the other rounded to that many decimals:
//     12.35 = 12.3456 (rounds to 12.35), 12.3 ≠ 12.35 (rounds to 12.4). An
//     exact tie may round either way (half away from zero as numeric's
//     round(), half to even as float's). Rounding applies only when the less
//     precise value's decimals can state a precision: numeric columns (and
//     numbers without a column type), not integer columns (a count of 3 is
//     not 2.5 rounded) nor float columns (whose text drops trailing zeros).
//     A whole number is never taken for a rounding: 0 ≠ 0.0732 (an integer
//     division's answer) and 1520 ≠ 1519.6, but 33.3 = 33.3333. Gold's
//     rounding is the precision the question asked for (gold 0.00 =
//     answer -0.004), but the answer's must keep gold's first significant
//     digit, having at least as many decimals as that digit's place:
//     answer 0.07 = gold 0.0732, answer 0.0 ≠ gold 0.0432, 0.1 ≠ 0.06.
//     real (float4) values also compare with their own precision, 1e-6.
//     Two integer-typed values (smallint, integer, bigint) compare exactly:
//     no tolerance takes the ids 10000000000 and 10000000001 for one.
//   - Numbers are not text: "42" in a text column does not equal 42. A
//     string is read as a number only in a numeric-typed column (as NaN and
//     Infinity arrive), because only the column type can say that a string
//     is a number; an answer that casts a number to text has changed the
//     result. NaN equals NaN and infinities equal themselves.
//   - Dates and timestamps compare as instants: a date equals the timestamp
//     at its midnight, a timestamp without time zone is read as UTC, and
//     so do years before Christ and after 9999 as PostgreSQL prints them
//     ('0044-03-15 BC' = '0044-03-15 00:00:00+00 BC' ≠ '0044-03-15').
//     Strings of a column without a type are read as dates or timestamps
//     only in the formats nl2sql writes ("2024-01-31",
//     "2024-01-31T10:00:00Z").
//   - Intervals compare as PostgreSQL compares them (a month is 30 days, a
//     day 24 hours): '1 mon 2 days' equals '32 days'.
//   - Ranges and multiranges of the built-in types compare by their bounds,
//     each as its type does but exactly: numrange(1.0, 2.50) equals
//     numrange(1, 2.5), a tsrange the tstzrange of the same instants;
//     '[1,2.5)' ≠ '[1,2.5]'. A range is not its text.
//   - Booleans compare as booleans; text compares exactly and case-
//     sensitively (character(n) padding excepted); json/jsonb and arrays
//     compare structurally (object key order ignored, numbers by value but
//     without tolerance, element order and dimensions kept); an array's
//     date, timestamp, interval and character(n) elements compare as those
//     types do outside an array (a date[] equals the timestamp[] of its
//     midnights).
//   - With OrderMatters, rows are compared position by position after the
//     column mapping. Ties in the gold ORDER BY keys are not known to the
//     comparator, so gold SQL for an ordered question should order by a
//     unique key.
//   - An empty result matches an empty result (when the answer has enough
//     columns); an empty gold never matches a non-empty answer, nor the
//     reverse.
//   - Value equality is symmetric but for that rounding rule, so with
//     ExactColumns swapping gold and answer gives the same verdict unless a
//     rounding loses the first significant digit. Because tolerance is not
//     transitive (1519.6 ~ 1520 ~ 1520.4), rows are paired by a maximum
//     matching, not greedily. The column search is bounded by
//     Options.MaxSteps; a result that exhausts it is graded a mismatch and
//     says so.
package compare

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Column is a result column: its name and its Postgres type name, as
// format_type prints it ("numeric", "timestamp with time zone").
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Result is a query result as stored in rag.query_results.
type Result struct {
	Columns []Column
	// Rows are arrays of cells in column order: nil, bool, json.Number,
	// string, nested []any / map[string]any (json, jsonb, arrays). Go
	// numbers, time.Time and json.RawMessage are accepted too.
	Rows [][]any
}

// Options configures a comparison.
type Options struct {
	// OrderMatters compares rows in sequence, for questions whose answer is
	// an ordering ("top 5 by revenue"). Defaults to false: rows are compared
	// as multisets.
	OrderMatters bool
	// ExactColumns requires the answer to have exactly gold's number of
	// columns. Defaults to false: extra answer columns are ignored, because
	// an answer that also shows the id of each name asked for is right.
	ExactColumns bool
	// RelTolerance is the relative difference under which two numbers are
	// equal. It absorbs float noise (0.1 + 0.2) while a cent still counts
	// on amounts up to 100 million. A negative value means none. Defaults to
	// 1e-10.
	RelTolerance float64
	// AbsTolerance is the absolute difference under which two numbers are
	// equal, for values near zero. A negative value means none. Defaults to
	// 1e-9.
	AbsTolerance float64
	// MaxSteps bounds the column-assignment search (partial assignments
	// tried), so that a result with many interchangeable columns cannot
	// stall an exam; beyond it the answer is graded a mismatch with a
	// Reason saying so. Defaults to 100000.
	MaxSteps int
}

// WithDefaults returns a copy of o with zero fields set to their defaults.
func (o Options) WithDefaults() Options {
	if o.RelTolerance == 0 {
		o.RelTolerance = 1e-10
	}
	if o.AbsTolerance == 0 {
		o.AbsTolerance = 1e-9
	}
	if o.MaxSteps == 0 {
		o.MaxSteps = 100000
	}
	return o
}

func (o Options) validate() error {
	switch {
	case math.IsNaN(o.RelTolerance) || math.IsInf(o.RelTolerance, 0) || o.RelTolerance >= 1:
		return errors.New("compare: RelTolerance must be finite and below 1")
	case math.IsNaN(o.AbsTolerance) || math.IsInf(o.AbsTolerance, 0):
		return errors.New("compare: AbsTolerance must be finite")
	case o.MaxSteps < 1:
		return errors.New("compare: MaxSteps must be positive")
	}
	return nil
}

// Verdict is the outcome of a comparison.
type Verdict struct {
	// Match reports whether the answer's rows are gold's rows.
	Match bool
	// Reason says, for people, why not ("row count 12 vs 11"); empty on a
	// match.
	Reason string
	// ColumnMap maps gold column i to the answer column holding its values;
	// set on a match (when the results are empty: the first answer columns
	// in order), nil otherwise.
	ColumnMap []int
}

// Compare grades got (the answer) against gold. See the package
// documentation for the semantics.
func Compare(gold, got Result, opts Options) Verdict {
	opts = opts.WithDefaults()
	if err := opts.validate(); err != nil {
		return Verdict{Reason: err.Error()}
	}
	if reason := checkShape("gold", gold); reason != "" {
		return Verdict{Reason: reason}
	}
	if reason := checkShape("answer", got); reason != "" {
		return Verdict{Reason: reason}
	}
	p, q := len(gold.Columns), len(got.Columns)
	if opts.ExactColumns && p != q {
		return Verdict{Reason: columnCount(p, q)}
	}
	if len(gold.Rows) != len(got.Rows) {
		return Verdict{Reason: fmt.Sprintf("row count %d vs %d", len(gold.Rows), len(got.Rows))}
	}
	if len(gold.Rows) == 0 {
		if q < p {
			return Verdict{Reason: columnCount(p, q)}
		}
		cm := make([]int, p)
		for i := range cm {
			cm[i] = i
		}
		return Verdict{Match: true, ColumnMap: cm}
	}

	in := newInterner()
	m := &matcher{
		gold: newSide(gold, in), got: newSide(got, in), in: in,
		tol: tolerance{rel: max(opts.RelTolerance, 0), abs: max(opts.AbsTolerance, 0)},
	}

	cands := make([][]int, p)
	for i := range p {
		for j := range q {
			if m.columnsMatch(i, j) {
				cands[i] = append(cands[i], j)
			}
		}
	}
	for i := range p {
		if len(cands[i]) == 0 {
			return Verdict{Reason: fmt.Sprintf("no column of the answer matches gold column %s (values %s)",
				quoteName(gold.Columns[i].Name), sampleValues(m.gold.cols[i], 3))}
		}
	}
	if q < p {
		return Verdict{Reason: columnCount(p, q)}
	}
	assign, hall := columnMatching(cands, q)
	if hall != nil {
		return Verdict{Reason: hallReason(gold, got, cands, hall)}
	}

	s := newSearch(m, cands, opts.OrderMatters, opts.MaxSteps)
	if cm, ok := s.run(); ok {
		return Verdict{Match: true, ColumnMap: cm}
	}
	if s.exhausted {
		return Verdict{Reason: fmt.Sprintf("gave up after %d column assignments: too many interchangeable columns", opts.MaxSteps)}
	}
	if opts.OrderMatters {
		u := newSearch(m, cands, false, opts.MaxSteps)
		if cm, ok := u.run(); ok {
			return Verdict{Reason: m.orderReason(cm)}
		}
	}
	return Verdict{Reason: m.rowsReason(assign)}
}

func checkShape(name string, r Result) string {
	for i, row := range r.Rows {
		if len(row) != len(r.Columns) {
			return fmt.Sprintf("%s row %d has %s for %s", name, i+1, plural(len(row), "value"), plural(len(r.Columns), "column"))
		}
	}
	return ""
}

// columnMatching finds an assignment of gold columns to distinct answer
// columns among the candidates (ignoring rows), or a set of gold columns
// that together have fewer candidates than members (Hall's condition).
func columnMatching(cands [][]int, q int) (assign []int, hall []int) {
	owner := make([]int, q)
	for j := range owner {
		owner[j] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for _, j := range cands[i] {
			if seen[j] {
				continue
			}
			seen[j] = true
			if owner[j] < 0 || try(owner[j], seen) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := range cands {
		seen := make([]bool, q)
		if !try(i, seen) {
			// The gold columns reachable by alternating paths from i
			// compete for too few answer columns.
			set := []int{i}
			for j, s := range seen {
				if s && owner[j] >= 0 {
					set = append(set, owner[j])
				}
			}
			return nil, set
		}
	}
	assign = make([]int, len(cands))
	for j, i := range owner {
		if i >= 0 {
			assign[i] = j
		}
	}
	return assign, nil
}

func columnCount(gold, got int) string {
	return fmt.Sprintf("answer has %s, gold has %d", plural(got, "column"), gold)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func hallReason(gold, got Result, cands [][]int, set []int) string {
	slices.Sort(set)
	var gs []string
	seen := map[int]bool{}
	var as []string
	for _, i := range set {
		gs = append(gs, quoteName(gold.Columns[i].Name))
		for _, j := range cands[i] {
			if !seen[j] {
				seen[j] = true
				as = append(as, quoteName(got.Columns[j].Name))
			}
		}
	}
	return fmt.Sprintf("gold columns %s have values only in answer column(s) %s", strings.Join(gs, ", "), strings.Join(as, ", "))
}

// search assigns gold columns to answer columns by backtracking. It picks
// the gold column with the fewest free candidates first and, after each
// assignment, checks that the rows projected so far still match (as
// multisets, or in sequence when order matters), which cuts wrong
// branches at once.
type search struct {
	m        *matcher
	cands    [][]int
	ordered  bool
	maxSteps int

	steps     int
	exhausted bool
	assign    []int // gold column -> answer column, -1 if unassigned
	used      []bool
	twinOf    []int // answer column -> lowest identical answer column
	pairs     [][2]int
	gIDs      [][]int32 // partial row ids per depth
	aIDs      [][]int32
}

func newSearch(m *matcher, cands [][]int, ordered bool, maxSteps int) *search {
	p, q := len(m.gold.cols), len(m.got.cols)
	s := &search{
		m: m, cands: cands, ordered: ordered, maxSteps: maxSteps,
		assign: make([]int, p), used: make([]bool, q), twinOf: make([]int, q),
	}
	for i := range s.assign {
		s.assign[i] = -1
	}
	// Identical answer columns are interchangeable: only the lowest free
	// one of a kind is tried.
	for j := range q {
		s.twinOf[j] = j
		for k := range j {
			if s.twinOf[k] == k && identical(m.got, k, j) {
				s.twinOf[j] = k
				break
			}
		}
	}
	return s
}

func identical(s *side, a, b int) bool {
	if s.stats[a].hash != s.stats[b].hash {
		return false
	}
	for r := range s.cols[a] {
		if s.cols[a][r].id != s.cols[b][r].id {
			return false
		}
	}
	return true
}

func (s *search) run() ([]int, bool) {
	empty := make([]int32, s.m.gold.rows)
	s.gIDs = [][]int32{empty}
	s.aIDs = [][]int32{empty}
	if !s.step(0) {
		return nil, false
	}
	return append([]int(nil), s.assign...), true
}

func (s *search) step(depth int) bool {
	if depth == len(s.assign) {
		return true
	}
	// Most constrained gold column first.
	gi, best := -1, math.MaxInt
	for i, a := range s.assign {
		if a >= 0 {
			continue
		}
		n := 0
		for _, j := range s.cands[i] {
			if !s.used[j] {
				n++
			}
		}
		if n < best {
			gi, best = i, n
		}
	}
	if best == 0 {
		return false
	}
	for _, j := range s.cands[gi] {
		if s.used[j] || !s.firstFreeTwin(j) {
			continue
		}
		s.steps++
		if s.steps > s.maxSteps {
			s.exhausted = true
			return false
		}
		s.assign[gi], s.used[j] = j, true
		s.pairs = append(s.pairs, [2]int{gi, j})
		if s.consistent(depth, gi, j) && s.step(depth+1) {
			return true
		}
		s.pairs = s.pairs[:len(s.pairs)-1]
		if !s.ordered {
			s.gIDs, s.aIDs = s.gIDs[:depth+1], s.aIDs[:depth+1]
		}
		s.assign[gi], s.used[j] = -1, false
		if s.exhausted {
			return false
		}
	}
	return false
}

// firstFreeTwin reports whether j is the lowest free column among the
// answer columns identical to it.
func (s *search) firstFreeTwin(j int) bool {
	for k := s.twinOf[j]; k < j; k++ {
		if s.twinOf[k] == s.twinOf[j] && !s.used[k] {
			return false
		}
	}
	return true
}

// consistent checks the rows projected on the assigned columns after
// assigning answer column j to gold column gi at depth.
func (s *search) consistent(depth, gi, j int) bool {
	m := s.m
	if s.ordered {
		for r := range m.gold.rows {
			if !m.tol.equal(&m.gold.cols[gi][r], &m.got.cols[j][r]) {
				return false
			}
		}
		return true
	}
	prevG, prevA := s.gIDs[depth], s.aIDs[depth]
	g, a := make([]int32, len(prevG)), make([]int32, len(prevA))
	for r := range g {
		g[r] = m.in.pair(prevG[r], m.gold.cols[gi][r].id)
	}
	for r := range a {
		a[r] = m.in.pair(prevA[r], m.got.cols[j][r].id)
	}
	s.gIDs, s.aIDs = append(s.gIDs, g), append(s.aIDs, a)
	if depth == 0 {
		return true // columnsMatch already compared this single column
	}
	ok, _ := m.multiset(g, a, s.pairs)
	return ok
}

// rowsReason explains why the rows differ under a column assignment that
// matches column by column.
func (m *matcher) rowsReason(assign []int) string {
	pairs := make([][2]int, len(assign))
	g, a := make([]int32, m.gold.rows), make([]int32, m.got.rows)
	for i, j := range assign {
		pairs[i] = [2]int{i, j}
		for r := range g {
			g[r] = m.in.pair(g[r], m.gold.cols[i][r].id)
		}
		for r := range a {
			a[r] = m.in.pair(a[r], m.got.cols[j][r].id)
		}
	}
	ok, row := m.multiset(g, a, pairs)
	if ok || row < 0 {
		return "the answer's columns each match gold's, but no assignment of them reproduces gold's rows"
	}
	inGold, inGot := 0, 0
	for r := range m.gold.rows {
		if m.goldRowsEqual(row, r, pairs) {
			inGold++
		}
	}
	for r := range m.got.rows {
		if m.rowEqual(row, r, pairs) {
			inGot++
		}
	}
	shown := m.showGoldRow(row, pairs)
	if inGot == 0 {
		return fmt.Sprintf("gold row %s is not in the answer (columns match one by one, rows do not)", shown)
	}
	return fmt.Sprintf("gold row %s occurs %d times in gold but %d in the answer", shown, inGold, inGot)
}

func (m *matcher) goldRowsEqual(r1, r2 int, pairs [][2]int) bool {
	for _, p := range pairs {
		if !m.tol.equal(&m.gold.cols[p[0]][r1], &m.gold.cols[p[0]][r2]) {
			return false
		}
	}
	return true
}

// orderReason explains an ordered mismatch for a mapping under which the
// rows match as multisets.
func (m *matcher) orderReason(assign []int) string {
	pairs := make([][2]int, len(assign))
	for i, j := range assign {
		pairs[i] = [2]int{i, j}
	}
	for r := range m.gold.rows {
		if !m.rowEqual(r, r, pairs) {
			return fmt.Sprintf("same rows in another order: row %d is %s in gold but %s in the answer",
				r+1, m.showGoldRow(r, pairs), m.showGotRow(r, pairs))
		}
	}
	return "same rows in another order"
}

func (m *matcher) showGoldRow(r int, pairs [][2]int) string {
	vals := make([]string, len(pairs))
	for k, p := range pairs {
		vals[k] = m.gold.cols[p[0]][r].display()
	}
	return "(" + strings.Join(vals, ", ") + ")"
}

func (m *matcher) showGotRow(r int, pairs [][2]int) string {
	vals := make([]string, len(pairs))
	for k, p := range pairs {
		vals[k] = m.got.cols[p[1]][r].display()
	}
	return "(" + strings.Join(vals, ", ") + ")"
}

// sampleValues shows the first n distinct values of a column.
func sampleValues(cells []cell, n int) string {
	var vals []string
	seen := map[int32]bool{}
	for i := range cells {
		if seen[cells[i].id] {
			continue
		}
		if len(vals) == n {
			vals = append(vals, "…")
			break
		}
		seen[cells[i].id] = true
		vals = append(vals, cells[i].display())
	}
	return strings.Join(vals, ", ")
}

func quoteName(s string) string { return "'" + s + "'" }
