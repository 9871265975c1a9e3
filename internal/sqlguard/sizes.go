package sqlguard

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/nl2sql/nl2sql/internal/errclass"
	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// maxConstantSize is the most characters or array elements one call to
// repeat, lpad, rpad or array_fill may make from a count the query fixes,
// and maxStatementSize the most all of them in one statement may make
// together. The planner folds such a call while EXPLAIN plans and keeps
// every folded value until planning ends: length(repeat(repeat('a',
// 10000), 25000)) allocated 250 MB per column before anything ran, and a
// handful of columns exhausts a target's memory in one short statement.
// A question's answer never needs a constant string or array anywhere near
// this long (padding, a bar of asterisks, a short series are far below),
// so the bounds are generous; counts taken from the data (repeat('*',
// n_orders)) are left to Postgres' own 1 GB limit per value and the
// statement timeout.
const (
	maxConstantSize  = 100_000
	maxStatementSize = 10 * maxConstantSize
)

// maxConstantDepth is the deepest nesting of calls and casts the guard
// lets the planner fold (pgsql.Analysis.ConstDepth). Besides the calls
// sized above, many functions multiply what they are given by a little:
// encode(x, 'hex')::bytea doubles it, quote_literal doubles quotes,
// ts_headline wraps every word, and a chain of thirty such calls over a
// literal builds gigabytes while EXPLAIN plans. No answer nests calls on a
// constant anywhere near this deep (date_trunc('month', now() - interval
// '1 month')::date is three).
const maxConstantDepth = 10

// sizeArgs are the built-in functions whose result size a count or length
// argument sets, by that argument's position.
var sizeArgs = map[string]int{"repeat": 1, "lpad": 1, "rpad": 1, "array_fill": 1}

// multipliers are the functions that repeat their first argument: a
// size-making call inside it multiplies the two sizes (repeat(repeat('a',
// 10000), 25000)), which no per-call bound catches.
var multipliers = map[string]bool{"repeat": true, "array_fill": true}

// growers are the built-in functions whose result may be longer than
// their first argument by a factor their replacement sets: replace(s,
// from, to) turns each from into to, regexp_replace(s, re, to) may insert
// to at every position (an empty match), and a back reference in to
// copies what matched. Over constants the planner folds them while EXPLAIN
// plans, and nested each multiplies the last: ten replace(…, 'a',
// 'aaaaaaaaaa') deep over 'a' make 10^10 characters.
var growers = map[string]bool{"replace": true, "regexp_replace": true}

// growth is the most characters a grower call makes of each character of
// its first argument; ok is false when the guard cannot tell.
func growth(f pgsql.FuncCall) (factor float64, ok bool) {
	to := f.Args[2].Value
	if to.Kind != pgsql.OperandString {
		return 0, false
	}
	tr := float64(utf8.RuneCountInString(to.Value))
	if f.Name == "regexp_replace" {
		if strings.Contains(to.Value, `\`) {
			return 0, false
		}
		return tr + 1, true
	}
	from := f.Args[1].Value
	if from.Kind != pgsql.OperandString {
		return 0, false
	}
	fr := float64(utf8.RuneCountInString(from.Value))
	if fr == 0 {
		return 1, true // replace(s, '', to) is s
	}
	return max(1, math.Ceil(tr/fr)), true
}

// builtin reports whether a call names the built-in function (unqualified
// or in pg_catalog): a catalog schema's own repeat may mean anything.
func builtin(f pgsql.FuncCall) bool { return f.Schema == "" || f.Schema == "pg_catalog" }

// sizes refuses size-making calls whose fixed size is too large or
// unknown, a call repeated by another unless both sizes are fixed and
// their product small, and statements whose fixed sizes add up past
// maxStatementSize; add takes each violation and its location.
func sizes(script *pgsql.Script, a *pgsql.Analysis, add func(Violation, int)) {
	refused := false
	refuse := func(loc int, format string, args ...any) {
		refused = true
		add(Violation{
			Code: CodeSizeLimit, SQLSTATE: sqlstateProgramLimit, Class: errclass.ValidationBlock,
			Position: script.CharPos(loc), Message: at(script, loc, format, args...),
		}, loc)
	}
	// size is a call's result size where its count is fixed and known;
	// inner calls come after the call holding them in a.Functions, so a
	// backward pass sees them first.
	type size struct {
		n     float64
		known bool
	}
	sizeOf := map[int]size{}
	total := 0.0
	for i := len(a.Functions) - 1; i >= 0; i-- {
		f := a.Functions[i]
		if growers[f.Name] && builtin(f) && len(f.Args) >= 3 && fixedCall(f) {
			first := f.Args[0]
			in := size{known: true}
			switch v := first.Value; {
			case first.FixedColumn:
				in.known = false
			case v.Kind == pgsql.OperandString:
				in.n = float64(utf8.RuneCountInString(v.Value))
			default:
				// An expression: no longer than the query's text unless a
				// call inside it makes more.
				in.n = float64(utf8.RuneCountInString(script.SQL))
				for j := first.FirstCall; j < first.EndCall; j++ {
					if s, ok := sizeOf[j]; ok {
						in.known = in.known && s.known
						in.n = max(in.n, s.n)
					}
				}
			}
			factor, ok := growth(f)
			switch {
			case ok && factor <= 1:
				sizeOf[i] = in
			case !ok || !in.known:
				refuse(f.Location, "%s() over a constant is not allowed where the guard cannot bound what it makes: Postgres builds the result in memory while EXPLAIN plans",
					f.Name)
			case in.n*factor > maxConstantSize:
				refuse(f.Location, "%s() would make up to %s characters of a constant, which Postgres builds in memory while EXPLAIN plans; at most %d are allowed",
					f.Name, count(in.n*factor), maxConstantSize)
			default:
				sizeOf[i] = size{n: in.n * factor, known: true}
				total += in.n * factor
			}
			continue
		}
		pos, ok := sizeArgs[f.Name]
		if !ok || !builtin(f) || len(f.Args) <= pos {
			continue
		}
		arg := f.Args[pos]
		s := size{n: 1, known: arg.Fixed && arg.Numbers != nil}
		for _, n := range arg.Numbers {
			s.n *= max(n, 0)
		}
		unit := "characters"
		if f.Name == "array_fill" {
			unit = "array elements"
		}
		if v := f.Args[0].Value; multipliers[f.Name] && v.Kind == pgsql.OperandString && utf8.RuneCountInString(v.Value) > 1 {
			s.n *= float64(utf8.RuneCountInString(v.Value)) // repeat('abc', n) makes 3n characters
			unit = "characters"
		}
		inner, nested := -1, size{n: 0, known: true}
		if multipliers[f.Name] {
			first := f.Args[0]
			if first.FixedColumn {
				// A column the planner folds in from a subquery, VALUES or
				// CTE: its size is not written here.
				refuse(f.Location, "%s() of a constant column from a subquery, VALUES list or WITH query is not allowed: its size is not written where it is repeated, and Postgres builds the result in memory while EXPLAIN plans",
					f.Name)
			}
			for j := first.FirstCall; j < first.EndCall; j++ {
				if in, ok := sizeOf[j]; ok {
					if inner < 0 {
						inner = j
					}
					nested.known = nested.known && in.known
					nested.n = max(nested.n, in.n)
				}
			}
		}
		switch {
		case inner >= 0 && (!s.known || !nested.known || s.n*nested.n > maxConstantSize):
			refuse(f.Location, "%s(%s(…), …) is not allowed: it multiplies the size of the value %s() makes, and Postgres builds the result in memory (while EXPLAIN plans, when the sizes are constant)",
				f.Name, a.Functions[inner].Name, a.Functions[inner].Name)
		case arg.Fixed && arg.Numbers == nil:
			refuse(f.Location, "%s() is not allowed with a %s the guard cannot read: write it as a number of at most %d",
				f.Name, sizeArgNames[f.Name], maxConstantSize)
		case s.known && s.n > maxConstantSize:
			refuse(f.Location, "%s() would make %s %s at once, which Postgres builds in memory (while EXPLAIN plans, as the value is constant); at most %d are allowed",
				f.Name, count(s.n), unit, maxConstantSize)
		}
		if inner >= 0 {
			s.n *= nested.n
			s.known = s.known && nested.known
		}
		sizeOf[i] = s
		if s.known && s.n <= maxConstantSize {
			total += s.n
		}
	}
	if a.ConstDepth > maxConstantDepth {
		refuse(a.ConstLocation, "a constant expression nests %d calls and casts, which Postgres evaluates while EXPLAIN plans and each may enlarge what it is given; at most %d are allowed",
			a.ConstDepth, maxConstantDepth)
	}
	if total > maxStatementSize && !refused {
		refuse(a.ScopeLocation(0), "the query's repeat, lpad, rpad and array_fill calls would make %s characters or elements in all, which Postgres builds in memory while EXPLAIN plans; at most %d are allowed",
			count(total), maxStatementSize)
	}
}

// fixedCall reports whether every argument of a call is Fixed: only then
// does the planner fold it.
func fixedCall(f pgsql.FuncCall) bool {
	for _, a := range f.Args {
		if !a.Fixed {
			return false
		}
	}
	return true
}

// sizeArgNames name the size argument of each function in messages.
var sizeArgNames = map[string]string{"repeat": "count", "lpad": "length", "rpad": "length", "array_fill": "dimensions"}

// count writes a size for messages: 250000000, or 1e+30 past int range.
func count(n float64) string {
	if n < 1e15 {
		return fmt.Sprintf("%.0f", n)
	}
	return strings.TrimPrefix(fmt.Sprintf("%.3g", n), "+")
}
