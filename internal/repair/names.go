package repair

import (
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/naming"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// tokens splits a name into its lower-case words as naming.Parts does
// ("total_amount", "totalAmount" and "Total Amount" → [total amount]), each
// in the singular with common abbreviations spelled out, so that hours
// matches hour and qty matches quantity.
func tokens(name string) []string {
	var out []string
	for _, w := range naming.PartsKeepingDigits(name) {
		if full, ok := abbreviations[w]; ok {
			w = full
		}
		out = append(out, naming.Singular(w))
	}
	return out
}

// abbreviations spelled out before names are compared: one reading each,
// for telling whether a model's name and the catalog's are the same
// words. Retrieval reads abbreviations otherwise (naming.Expander: by the
// schema's evidence, several readings, naming.Abbreviations only for what
// no rule derives): naming's hand list with this one's entries lost dev
// questions (226 → 223 of 258, without keys 209 → 204), and with dept
// alone 224 / 208 (docs/DESIGN.md, Repair tiers).
var abbreviations = map[string]string{
	"qty": "quantity", "amt": "amount", "num": "number", "nbr": "number", "no": "number",
	"desc": "description", "dept": "department", "emp": "employee", "cust": "customer",
	"prod": "product", "addr": "address", "pct": "percent", "dt": "date",
}

// tableWords are the words a model may prefix a column with to say which
// table it is from: the table's name in the singular and its last word
// (project_status on projects, order_total on sales_orders).
func tableWords(table string) [][]string {
	tt := tokens(table)
	if len(tt) == 0 {
		return nil
	}
	out := [][]string{tt}
	if len(tt) > 1 {
		out = append(out, tt[len(tt)-1:])
	}
	return out
}

// stripTablePrefix returns name without a leading prefix naming table
// ("project_status" → "status" on projects); ok is false when there is
// none or nothing would remain.
func stripTablePrefix(name, table string) (string, bool) {
	nt := tokens(name)
	for _, pre := range tableWords(table) {
		if len(nt) > len(pre) && slices.Equal(nt[:len(pre)], pre) {
			return strings.Join(nt[len(pre):], "_"), true
		}
	}
	return "", false
}

// sameTokens reports whether two names have the same words in any order
// (amount_total and total_amount).
func sameTokens(a, b string) bool {
	ta, tb := tokens(a), tokens(b)
	if len(ta) != len(tb) {
		return false
	}
	slices.Sort(ta)
	slices.Sort(tb)
	return slices.Equal(ta, tb)
}

// Relation is how a candidate's words relate to the reference's.
type Relation string

const (
	RelationExact       Relation = "exact"       // same name, letter case aside
	RelationSameTokens  Relation = "same_tokens" // same words, another order or inflection
	RelationContainment Relation = "containment" // the candidate has all the reference's words, and more
	RelationContained   Relation = "contained"   // the reference has all the candidate's words, and more
	RelationPartial     Relation = "partial"     // some words in common
	RelationNone        Relation = "none"        // nothing in common
)

// score rates column cand as what reference ref (written against table)
// meant, in [0, 1]. A prefix naming the table is the model saying which
// table, not part of the column's name: project_status on projects scores
// as status. A reference made only of words of the table's name (p.product
// on products, eb.employee on employee_benefits) names a thing, not a
// column of it: its key, its name, or a key of another table; nothing but
// an exact match scores.
func score(ref, cand, table string) (float64, Relation) {
	if strings.EqualFold(ref, cand) {
		return 1, RelationExact
	}
	r, c := tokens(ref), tokens(cand)
	if tw := tokens(table); len(tw) > 0 && !slices.ContainsFunc(r, func(w string) bool { return !slices.Contains(tw, w) }) {
		return 0, RelationNone
	}
	best, rel := wordScore(r, c)
	if stripped, ok := stripTablePrefix(ref, table); ok {
		if s, rl := wordScore(tokens(stripped), c); s > best {
			best, rel = s, rl
		}
	}
	return best, rel
}

// wordScore compares the words of a reference and a candidate.
func wordScore(r, c []string) (float64, Relation) {
	ur, uc := uniq(r), uniq(c)
	if slices.Contains(uc, "id") && !slices.Contains(ur, "id") {
		// A key column (salary_id) holds keys, not what a reference
		// without "id" (salary) means: below any candidate.
		return 0, RelationNone
	}
	common := 0
	for _, w := range ur {
		if slices.Contains(uc, w) {
			common++
		}
	}
	switch {
	case common == 0:
		return 0, RelationNone
	case common == len(ur) && common == len(uc):
		return 0.95, RelationSameTokens
	case common == len(ur):
		// price → list_price: the candidate is the reference, specified.
		return 0.8 + 0.15*float64(common)/float64(len(uc)), RelationContainment
	case common == len(uc):
		// first_name → name drops a word that says which: a different
		// column as often as the same. A candidate, never above the floor.
		return 0.6 + 0.15*float64(common)/float64(len(ur)), RelationContained
	}
	return 0.7 * 2 * float64(common) / float64(len(ur)+len(uc)), RelationPartial
}

func uniq(ws []string) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// riskyPair returns the first blacklisted pair a rewrite from ref to cand
// would trade, as "a/b", or "": the token diff of docs/DESIGN.md, Repair
// tiers, one word of the pair
// only in the reference and the other only in the candidate
// (vendor_name → vendor_number trades name for number).
func riskyPair(ref, cand string, pairs [][2]string) string {
	r, c := tokens(ref), tokens(cand)
	var rOnly, cOnly []string
	for _, w := range r {
		if !slices.Contains(c, w) {
			rOnly = append(rOnly, w)
		}
	}
	for _, w := range c {
		if !slices.Contains(r, w) {
			cOnly = append(cOnly, w)
		}
	}
	for _, p := range pairs {
		a, b := naming.Singular(p[0]), naming.Singular(p[1])
		if (slices.Contains(rOnly, a) && slices.Contains(cOnly, b)) || (slices.Contains(rOnly, b) && slices.Contains(cOnly, a)) {
			return p[0] + "/" + p[1]
		}
	}
	return ""
}

// sqlWords are names a model writes for a function or a date part rather
// than a column (year for extract(year ...), count for count(*)); the
// surgical tier never maps them to a column (gate 1). Key words that are
// also common column names (name, status, type, level) are not among them.
var sqlWords = map[string]bool{
	"count": true, "sum": true, "avg": true, "min": true, "max": true, "now": true, "age": true,
	"date": true, "time": true, "timestamp": true, "interval": true, "year": true, "month": true,
	"day": true, "week": true, "quarter": true, "hour": true, "minute": true, "second": true,
	"epoch": true, "dow": true, "doy": true, "extract": true, "date_part": true, "date_trunc": true,
	"coalesce": true, "nullif": true, "round": true, "length": true, "lower": true, "upper": true,
	"concat": true, "row_number": true, "rank": true, "dense_rank": true, "lag": true, "lead": true,
	"current_date": true, "current_timestamp": true, "localtimestamp": true,
}

// isSQLWord reports whether name is a function, an aggregate or a date
// part rather than a column.
func isSQLWord(name string) bool {
	n := strings.ToLower(name)
	return sqlWords[n] || pgsql.BuiltinAggregate("", n)
}
