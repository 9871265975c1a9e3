package erp

import (
	"hash/fnv"
	"math/big"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// seed fixes the generated data; changing it changes every row (bump Version).
const seed uint64 = 0x45_52_50_32_30_32_35 // "ERP2025"

// asOf is the date the demo data describes: the last day of the current
// fiscal period. Questions say "as of 30 June 2025" instead of using now().
var asOf = day(2025, 6, 30)

// AsOf returns the date the demo data describes, 2025-06-30: nothing
// happens after it, and its month is the current fiscal period.
func AsOf() time.Time { return asOf }

// dataStart is the first day of transactional history.
var dataStart = day(2023, 1, 1)

// dataset is the generated content of the core tables, in memory.
type dataset struct {
	tables map[string]*table
}

// table holds the rows of one table in the column order of cols.
type table struct {
	name string
	cols []string
	rows [][]any
}

// add appends a row and returns its 1-based position, which is the row's
// id for tables with a surrogate key.
func (t *table) add(vals ...any) int {
	if len(vals) != len(t.cols) {
		panic("erp: " + t.name + ": row has the wrong number of values")
	}
	t.rows = append(t.rows, vals)
	return len(t.rows)
}

func (d *dataset) table(name string, cols ...string) *table {
	if _, ok := d.tables[name]; ok {
		panic("erp: table " + name + " generated twice")
	}
	t := &table{name: name, cols: cols}
	d.tables[name] = t
	return t
}

// rng is a deterministic random source. Each module draws from its own
// stream so that changing one module's generation leaves the others alone.
type rng struct{ *rand.Rand }

func newRNG(stream string) *rng {
	h := fnv.New64a()
	h.Write([]byte(stream))
	return &rng{rand.New(rand.NewPCG(seed, h.Sum64()))}
}

// between returns an int in [lo, hi].
func (r *rng) between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + r.IntN(hi-lo+1)
}

// chance reports true with probability p.
func (r *rng) chance(p float64) bool { return r.Float64() < p }

func pick[T any](r *rng, xs []T) T { return xs[r.IntN(len(xs))] }

// weighted returns an index of ws drawn in proportion to the weights.
func (r *rng) weighted(ws []int) int {
	total := 0
	for _, w := range ws {
		total += w
	}
	n := r.IntN(total)
	for i, w := range ws {
		if n < w {
			return i
		}
		n -= w
	}
	return len(ws) - 1
}

// dateBetween returns a date in [a, b].
func (r *rng) dateBetween(a, b time.Time) time.Time {
	days := int(b.Sub(a).Hours() / 24)
	if days <= 0 {
		return a
	}
	return a.AddDate(0, 0, r.IntN(days+1))
}

// businessDayBetween returns a weekday in [a, b] (a itself if none).
func (r *rng) businessDayBetween(a, b time.Time) time.Time {
	for range 20 {
		d := r.dateBetween(a, b)
		if !weekend(d) {
			return d
		}
	}
	return nextBusinessDay(a)
}

// at returns d at a random working-hours time, as a timestamptz value.
func (r *rng) at(d time.Time) time.Time {
	return d.Add(time.Duration(r.between(8*60, 18*60)) * time.Minute).Add(time.Duration(r.IntN(60)) * time.Second)
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func weekend(d time.Time) bool { return d.Weekday() == time.Saturday || d.Weekday() == time.Sunday }

func nextBusinessDay(d time.Time) time.Time {
	for weekend(d) {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

func prevBusinessDay(d time.Time) time.Time {
	for weekend(d) {
		d = d.AddDate(0, 0, -1)
	}
	return d
}

// addBusinessDays moves n weekdays forward from d.
func addBusinessDays(d time.Time, n int) time.Time {
	for n > 0 {
		d = d.AddDate(0, 0, 1)
		if !weekend(d) {
			n--
		}
	}
	return d
}

// businessDays counts weekdays in [a, b].
func businessDays(a, b time.Time) int {
	n := 0
	for d := a; !d.After(b); d = d.AddDate(0, 0, 1) {
		if !weekend(d) {
			n++
		}
	}
	return n
}

func monthStart(d time.Time) time.Time { return day(d.Year(), d.Month(), 1) }
func monthEnd(d time.Time) time.Time   { return monthStart(d).AddDate(0, 1, -1) }
func minDate(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxDate(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// months lists the first day of every month from a to b inclusive.
func months(a, b time.Time) []time.Time {
	var out []time.Time
	for m := monthStart(a); !m.After(b); m = m.AddDate(0, 1, 0) {
		out = append(out, m)
	}
	return out
}

// periodID is the fiscal_periods id of the month containing d; periods are
// numbered from Jan 2023 = 1.
func periodID(d time.Time) int { return (d.Year()-2023)*12 + int(d.Month()) }

// cents is an amount of money in hundredths; all money arithmetic is
// integer so the data is identical on every platform.
type cents = int64

// bp scales c by basis points (1/10000), rounding half away from zero.
func bp(c cents, points int) cents { return divRound(c*int64(points), 10000) }

func divRound(a, b int64) int64 {
	if b < 0 {
		a, b = -a, -b
	}
	if a >= 0 {
		return (a + b/2) / b
	}
	return -((-a + b/2) / b)
}

// money converts cents to a numeric value.
func money(c cents) pgtype.Numeric { return pgtype.Numeric{Int: big.NewInt(c), Exp: -2, Valid: true} }

// decimal returns v * 10^-scale as a numeric value.
func decimal(v int64, scale int32) pgtype.Numeric {
	return pgtype.Numeric{Int: big.NewInt(v), Exp: -scale, Valid: true}
}

// optDate returns nil for the zero time so NULL is stored.
func optDate(d time.Time) any {
	if d.IsZero() {
		return nil
	}
	return d
}

// optInt returns nil for 0 (ids start at 1).
func optInt(v int) any {
	if v == 0 {
		return nil
	}
	return v
}

func optString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// roundTo rounds c to a multiple of unit.
func roundTo(c, unit cents) cents { return divRound(c, unit) * unit }

func sortedKeys[K int | string, V any](m map[K]V) []K {
	ks := make([]K, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
