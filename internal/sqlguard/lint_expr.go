package sqlguard

import (
	"slices"
	"strings"

	"github.com/nl2sql/nl2sql/internal/pgsql"
)

// comparisonOps are the operators whose result is NULL, never true, when
// one side is NULL, and which Postgres does not define between text and
// numbers.
var comparisonOps = map[string]bool{"=": true, "<>": true, "<": true, ">": true, "<=": true, ">=": true}

// builtinOp reports whether e uses a built-in operator: unqualified or
// OPERATOR(pg_catalog.…). A catalog schema's own operator may mean anything.
func builtinOp(e pgsql.OpExpr) bool { return e.Schema == "" || e.Schema == "pg_catalog" }

// operandText names an operand for messages.
func (l *linter) operandText(o pgsql.Operand) string {
	switch o.Kind {
	case pgsql.OperandColumn:
		return l.a.Columns[o.Column].QualifiedName()
	case pgsql.OperandNull:
		return "NULL"
	case pgsql.OperandNumber:
		return o.Value
	case pgsql.OperandString:
		return quoteLiteral(o.Value)
	case pgsql.OperandBool:
		return strings.ToUpper(o.Value)
	}
	return "the expression"
}

func quoteLiteral(s string) string {
	const max = 40
	if r := []rune(s); len(r) > max {
		s = string(r[:max-3]) + "..."
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// writtenOp returns the operator as the text spells it: the lexer turns !=
// into <>, but the message should quote what the model wrote.
func (l *linter) writtenOp(e pgsql.OpExpr) string {
	if e.Op == "<>" && e.Location >= 0 && strings.HasPrefix(l.script.SQL[e.Location:], "!=") {
		return "!="
	}
	return e.Op
}

// nullComparisons: x = NULL, x <> NULL, NULL = x, CASE x WHEN NULL, and
// x NOT IN (…, NULL): each is NULL for every row, never true, which is
// never what the question meant.
func (l *linter) nullComparisons() {
	for _, e := range l.a.OpExprs {
		if !builtinOp(e) {
			continue
		}
		switch e.Kind {
		case pgsql.OpBinary:
			if !comparisonOps[e.Op] || e.Left.Kind == pgsql.OperandNone {
				continue
			}
			other := e.Left
			if other.Kind == pgsql.OperandNull {
				other = e.Right
			} else if e.Right.Kind != pgsql.OperandNull {
				continue
			}
			x, op := l.operandText(other), l.writtenOp(e)
			cmp := x + " " + op + " NULL"
			if other.Kind == pgsql.OperandExpr {
				x, cmp = "the expression", "a comparison "+op+" NULL"
			}
			switch e.Op {
			case "=":
				l.add(LintNullComparison, SeverityError, e.Location,
					"%s is never true (a comparison with NULL yields NULL); use %s IS NULL", cmp, x)
			case "<>":
				l.add(LintNullComparison, SeverityError, e.Location,
					"%s is never true (a comparison with NULL yields NULL); use %s IS NOT NULL", cmp, x)
			default:
				l.add(LintNullComparison, SeverityError, e.Location,
					"%s is never true (a comparison with NULL yields NULL); compare with a value, or test IS NULL / IS NOT NULL", cmp)
			}
		case pgsql.OpCase:
			if e.Right.Kind == pgsql.OperandNull {
				x := l.operandText(e.Left)
				l.add(LintNullComparison, SeverityError, e.Location,
					"CASE %s WHEN NULL never matches (it compares %s = NULL); use CASE WHEN %s IS NULL THEN …", x, x, x)
			}
		case pgsql.OpIn:
			nulls := 0
			for _, v := range e.List {
				if v.Kind == pgsql.OperandNull {
					nulls++
				}
			}
			x := l.operandText(e.Left)
			switch {
			case nulls == 0:
			case e.Op == "<>":
				l.add(LintNullComparison, SeverityError, e.Location,
					"%s NOT IN (…) with NULL in the list is never true; drop NULL from the list (and add %s IS NOT NULL if that was meant)", x, x)
			case nulls == len(e.List):
				l.add(LintNullComparison, SeverityError, e.Location,
					"%s IN (NULL) is never true (a comparison with NULL yields NULL); use %s IS NULL", x, x)
			}
		}
	}
}

// typeClass is what the type lint needs to know about a column type.
type typeClass int

const (
	typeOther typeClass = iota // unknown, or neither text nor number
	typeText
	typeNumber
)

// classify reduces a format_type() spelling to a typeClass. Only built-in
// types count; domains, enums, arrays and extension types are typeOther,
// about which lint says nothing.
func classify(typ string) typeClass {
	t := strings.ToLower(strings.TrimSpace(typ))
	t = strings.TrimPrefix(t, "pg_catalog.")
	if i := strings.IndexByte(t, '('); i >= 0 {
		if j := strings.IndexByte(t[i:], ')'); j >= 0 {
			t = strings.TrimSpace(t[:i] + t[i+j+1:])
		}
	}
	switch t {
	case "text", "character varying", "varchar", "character", "char", "bpchar":
		return typeText
	case "smallint", "integer", "bigint", "int", "int2", "int4", "int8",
		"numeric", "decimal", "real", "double precision", "float4", "float8":
		return typeNumber
	}
	return typeOther
}

// operandType returns the catalog type of a column operand and its class;
// "" and typeOther when the operand is not a column of a catalog table
// whose type is known.
func (l *linter) operandType(o pgsql.Operand) (string, typeClass) {
	if o.Kind != pgsql.OperandColumn {
		return "", typeOther
	}
	ref := l.a.Columns[o.Column]
	r, ok := l.cols.Resolve(ref)
	if !ok {
		return "", typeOther
	}
	it := l.a.Item(r)
	if it.Kind != pgsql.ItemTable || l.tables[it.Table] == nil {
		return "", typeOther
	}
	cols, _ := l.columns(it)
	typ := l.tables[it.Table].columnType(slices.Index(cols, ref.Name))
	return typ, classify(typ)
}

// numberLike reports whether a string literal may be a number's text
// (Postgres then reads it as one): digits with signs, points, exponents,
// underscores, hex/octal/binary prefixes, or NaN/Infinity. Deliberately
// loose: a literal that is merely close to a number stays unflagged.
func numberLike(s string) bool {
	s = strings.TrimLeft(strings.TrimSpace(s), "+-")
	switch strings.ToLower(s) {
	case "nan", "inf", "infinity":
		return true
	}
	digit := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune("._+-eExXoObBabcdfABCDF", r):
		default:
			return false
		}
	}
	return digit
}

// typeMismatches: a text column compared with a number, a numeric column
// with a string that is not a number, or a text column with a numeric one.
// Postgres refuses each (no text = integer operator; invalid input syntax
// for type numeric), usually because the model picked the wrong column or
// forgot quotes. Casts, calls and columns of unknown type are left alone.
func (l *linter) typeMismatches() {
	for _, e := range l.a.OpExprs {
		if !builtinOp(e) {
			continue
		}
		var others []pgsql.Operand
		switch e.Kind {
		case pgsql.OpBinary:
			if !comparisonOps[e.Op] || e.Left.Kind == pgsql.OperandNone {
				continue
			}
			others = []pgsql.Operand{e.Right}
		case pgsql.OpCase:
			others = []pgsql.Operand{e.Right}
		case pgsql.OpIn, pgsql.OpBetween:
			others = e.List
		default:
			continue
		}
		for _, o := range others {
			if l.typeMismatch(e, e.Left, o) {
				break // one finding per expression
			}
		}
	}
}

// typeMismatch reports a mismatch between operands a and b of e, if any.
func (l *linter) typeMismatch(e pgsql.OpExpr, a, b pgsql.Operand) bool {
	at, ac := l.operandType(a)
	bt, bc := l.operandType(b)
	if ac == typeOther && bc != typeOther {
		a, b, at, ac, bt, bc = b, a, bt, bc, at, ac
	}
	loc := e.Location
	if (e.Kind == pgsql.OpIn || e.Kind == pgsql.OpBetween) && b.Location >= 0 {
		loc = b.Location
	}
	x := l.operandText(a)
	switch {
	case ac == typeText && b.Kind == pgsql.OperandNumber:
		l.add(LintTypeMismatch, SeverityWarning, loc,
			"%s is text (%s) but is compared with the number %s, and Postgres does not compare text with numbers; quote the value ('%s') or use the numeric column meant",
			x, at, b.Value, b.Value)
	case ac == typeNumber && b.Kind == pgsql.OperandString && !numberLike(b.Value):
		l.add(LintTypeMismatch, SeverityWarning, loc,
			"%s is a number (%s) but is compared with %s, which is not a number; compare with a numeric value, or use the text column meant",
			x, at, quoteLiteral(b.Value))
	case ac != typeOther && bc != typeOther && ac != bc:
		y := l.operandText(b)
		l.add(LintTypeMismatch, SeverityWarning, loc,
			"%s (%s) is compared with %s (%s), and Postgres does not compare text with numbers; compare matching columns (a key with its foreign key), or cast one side explicitly",
			x, at, y, bt)
	default:
		return false
	}
	return true
}
