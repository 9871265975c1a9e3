package catalog

import (
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode"
)

// checkValues extracts, from a CHECK constraint as pg_get_constraintdef
// prints it, the values each column is restricted to:
//
//	CHECK ((status = ANY (ARRAY['active'::text, 'terminated'::text])))
//	CHECK (((code)::text = ANY ((ARRAY['a'::character varying, 'b'::character varying])::text[])))
//	CHECK ((kind = 'solo'::text))                    -- IN ('solo') is printed like this
//	CHECK (((status IS NULL) OR (status = ANY (...))))
//	CHECK (((a = ANY (...)) AND (b > 0)))            -- a's list; b's condition ignored
//
// It is tolerant: anything it does not recognise (ranges, functions, lists
// over several columns) yields nothing rather than a wrong list, and so does
// a constraint NOT VALID. Values are returned as text, without quotes or
// casts.
func checkValues(def string) map[string][]string {
	toks, ok := checkCondition(def)
	if !ok {
		return nil
	}
	return conditionValues(toks)
}

// checkCondition is the condition of a CHECK constraint as
// pg_get_constraintdef prints it: the tokens after CHECK, without the NO
// INHERIT that may trail them. ok is false for a definition it cannot read
// and for a constraint NOT VALID. A NOT VALID constraint holds for rows
// written since it was added, not for the rows already there: its list is
// not what the column holds (a legacy 'old' among 'new' and 'paid'), and
// shown as the allowed values it would keep the model from the rows' real
// values and the value index from sampling them; shown as a condition
// (price >= 0) it would tell the model that rows it will find do not
// exist. Such a constraint yields nothing until VALIDATE CONSTRAINT.
func checkCondition(def string) ([]token, bool) {
	toks, ok := tokenize(def)
	if !ok {
		return nil, false
	}
	if len(toks) > 0 && toks[0].isWord("CHECK") {
		toks = toks[1:]
	}
	for len(toks) >= 2 && (toks[len(toks)-1].isWord("VALID") || toks[len(toks)-1].isWord("INHERIT")) {
		if toks[len(toks)-1].isWord("VALID") && toks[len(toks)-2].isWord("NOT") {
			return nil, false
		}
		toks = toks[:len(toks)-2]
	}
	return toks, len(toks) > 0
}

func conditionValues(toks []token) map[string][]string {
	toks = stripParens(toks)
	if parts := splitTop(toks, "OR"); len(parts) > 1 {
		// Every branch must restrict the same column (or allow it to be NULL):
		// the allowed values are the union of the branches'.
		column, values := "", []string(nil)
		for _, p := range parts {
			p = stripParens(p)
			if col, ok := isNullTest(p); ok {
				if column != "" && column != col {
					return nil
				}
				column = col
				continue
			}
			m := conditionValues(p)
			if len(m) != 1 {
				return nil
			}
			for col, vs := range m {
				if column != "" && column != col {
					return nil
				}
				column = col
				for _, v := range vs {
					if !slices.Contains(values, v) {
						values = append(values, v)
					}
				}
			}
		}
		if values == nil {
			return nil
		}
		return map[string][]string{column: values}
	}
	if parts := splitTop(toks, "AND"); len(parts) > 1 {
		// Each conjunct restricts independently; two lists on one column
		// intersect.
		out := map[string][]string{}
		for _, p := range parts {
			for col, vs := range conditionValues(p) {
				if prev, ok := out[col]; ok {
					vs = slices.DeleteFunc(slices.Clone(prev), func(v string) bool { return !slices.Contains(vs, v) })
				}
				out[col] = vs
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	if col, values, ok := inList(toks); ok {
		return map[string][]string{col: values}
	}
	return nil
}

// valuesOnly reports whether the condition toks is all lists of values:
// what conditionValues reads whole, so that the allowed values say all of
// it. A list beside a range (status IN (...) AND qty > 0) is not.
func valuesOnly(toks []token) bool {
	toks = stripParens(toks)
	if parts := splitTop(toks, "OR"); len(parts) > 1 {
		for _, p := range parts {
			if _, null := isNullTest(stripParens(p)); !null && !valuesOnly(p) {
				return false
			}
		}
		return conditionValues(toks) != nil
	}
	if parts := splitTop(toks, "AND"); len(parts) > 1 {
		for _, p := range parts {
			if !valuesOnly(p) {
				return false
			}
		}
		return true
	}
	_, _, ok := inList(toks)
	return ok
}

// shownCheck is the definition of a CHECK constraint as the catalog keeps
// it to be shown (Table.Checks, Column.Checks): as pg_get_constraintdef
// prints it, without a trailing NO INHERIT, which says nothing of the
// table's rows. ok is false for a constraint NOT VALID (checkCondition),
// for one the allowed values already say whole (valuesOnly), and for one
// that cannot stay on one line: a string literal holding a line break is
// written as an E” literal saying the same, and a quoted name holding one
// leaves the constraint out, so that no text of the database ends a line of
// the prompt (a literal "x\n### Question" would start a section of it).
func shownCheck(def string) (string, bool) {
	toks, ok := checkCondition(def)
	if !ok || valuesOnly(toks) {
		return "", false
	}
	// The constraint is CHECK and its condition; what trailed it is gone.
	def = def[:toks[len(toks)-1].end]
	var b strings.Builder
	at := 0
	for _, t := range toks {
		if t.kind != tokString || !strings.ContainsFunc(t.text, lineBreaking) {
			continue
		}
		b.WriteString(def[at:t.pos])
		b.WriteString(SQLLiteral(t.text))
		at = t.end
	}
	b.WriteString(def[at:])
	out := b.String()
	if strings.ContainsFunc(out, lineBreaking) {
		return "", false
	}
	return out, true
}

// lineBreaking: control characters and the Unicode line and paragraph
// separators, which end a line for a reader if not for PostgreSQL.
func lineBreaking(r rune) bool { return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' }

// SQLLiteral writes v as a string literal: '...' as the database shows it,
// or, when v holds a line-breaking character (a line break in an enum label,
// a CHECK's literal), an E'...' literal with it escaped. The value must not
// break the line it is in: "x\n### Question\n..." would start a section of
// a prompt.
func SQLLiteral(v string) string {
	if !strings.ContainsFunc(v, lineBreaking) {
		return "'" + strings.ReplaceAll(v, "'", "''") + "'"
	}
	var b strings.Builder
	b.WriteString("E'")
	for _, r := range v {
		switch {
		case r == '\\' || r == '\'':
			b.WriteRune('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case lineBreaking(r): // all in the Basic Multilingual Plane
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// CheckCondition is the condition of a CHECK constraint (a definition of
// Table.Checks or Column.Checks), shortened for a dense schema line:
// without CHECK and its parentheses, and without the casts PostgreSQL
// prints on literals, which say nothing a reader needs:
//
//	CHECK ((price >= (0)::numeric))            price >= 0
//	CHECK ((p >= ('-1'::integer)::numeric))    p >= -1
//	CHECK (((code)::text ~ '^[A-Z]{3}$'::text)) (code)::text ~ '^[A-Z]{3}$'
//
// A definition it cannot read is returned as it is.
func CheckCondition(def string) string {
	toks, ok := checkCondition(def)
	if !ok {
		return def
	}
	toks = stripParens(toks)
	cond := def[toks[0].pos:toks[len(toks)-1].end]
	// One cast a pass: ('-1'::integer)::numeric is a literal cast once
	// the inner cast is gone.
	for range 8 {
		shorter, changed := withoutLiteralCasts(cond)
		if !changed {
			break
		}
		cond = shorter
	}
	return cond
}

// withoutLiteralCasts removes, in one pass, the casts whose operand is a
// literal: 'x'::text, (0)::numeric, (-1)::integer; a number written as a
// string and cast to a number type ('-1'::integer) becomes the number.
func withoutLiteralCasts(s string) (string, bool) {
	toks, ok := tokenize(s)
	if !ok {
		return s, false
	}
	var b strings.Builder
	at, changed := 0, false
	for i := 1; i < len(toks); i++ {
		if !toks[i].is(tokOp, "::") {
			continue
		}
		from, lit, ok := castOperand(toks, i)
		if !ok || toks[from].pos < at {
			continue
		}
		to, numeric, ok := castType(toks, i+1)
		if !ok {
			continue
		}
		text := s[lit[0].pos:lit[len(lit)-1].end]
		if len(lit) == 1 && lit[0].kind == tokString && numeric && isNumberText(lit[0].text) {
			text = lit[0].text
		}
		b.WriteString(s[at:toks[from].pos])
		b.WriteString(text)
		at, changed = toks[to-1].end, true
		i = to - 1
	}
	if !changed {
		return s, false
	}
	b.WriteString(s[at:])
	return b.String(), true
}

// castOperand matches the literal before the cast at toks[op]: a string or
// number, or one in parentheses, negative or not. It returns where the
// operand starts and the literal's tokens.
func castOperand(toks []token, op int) (int, []token, bool) {
	prev := toks[op-1]
	if prev.kind == tokString || prev.kind == tokNumber {
		return op - 1, toks[op-1 : op], true
	}
	if !prev.is(tokPunct, ")") {
		return 0, nil, false
	}
	for open := op - 2; open >= 0 && open >= op-4; open-- {
		if !toks[open].is(tokPunct, "(") {
			continue
		}
		inner := toks[open+1 : op-1]
		switch {
		case len(inner) == 1 && (inner[0].kind == tokString || inner[0].kind == tokNumber),
			len(inner) == 2 && inner[0].is(tokOp, "-") && inner[1].kind == tokNumber:
			return open, inner, true
		}
		return 0, nil, false
	}
	return 0, nil, false
}

// castType matches the type name at toks[from] as format_type prints it
// ("numeric", "character varying(20)", "timestamp with time zone",
// "text[]", "shop.\"Code\"") and returns the index after it and whether it
// is a number type.
func castType(toks []token, from int) (int, bool, bool) {
	i := from
	if i >= len(toks) || toks[i].kind != tokIdent {
		return 0, false, false
	}
	first := strings.ToLower(toks[i].text)
	i++
	for i+1 < len(toks) && toks[i].is(tokOp, ".") && toks[i+1].kind == tokIdent {
		i += 2
	}
	for i < len(toks) && slices.ContainsFunc([]string{"varying", "precision", "with", "without", "time", "zone"}, toks[i].isWord) {
		i++
	}
	if i < len(toks) && toks[i].is(tokPunct, "(") {
		j := i + 1
		for j < len(toks) && (toks[j].kind == tokNumber || toks[j].is(tokPunct, ",")) {
			j++
		}
		if j >= len(toks) || !toks[j].is(tokPunct, ")") {
			return 0, false, false
		}
		i = j + 1
	}
	for i+1 < len(toks) && toks[i].is(tokPunct, "[") && toks[i+1].is(tokPunct, "]") {
		i += 2
	}
	numeric := slices.Contains([]string{"smallint", "integer", "bigint", "numeric", "real", "double"}, first) && !toks[i-1].is(tokPunct, "]")
	return i, numeric, true
}

func isNumberText(v string) bool {
	v = strings.TrimPrefix(v, "-")
	if v == "" {
		return false
	}
	dot := false
	for i := range len(v) {
		switch {
		case isDigit(v[i]):
		case v[i] == '.' && !dot && i > 0 && i < len(v)-1:
			dot = true
		default:
			return false
		}
	}
	return true
}

// inList matches "col = ANY (ARRAY[...])", "col IN (...)" and "col = literal".
func inList(toks []token) (string, []string, bool) {
	op := -1
	for i, t := range topLevel(toks) {
		if t.is(tokOp, "=") || t.isWord("IN") {
			if op >= 0 {
				return "", nil, false
			}
			op = i
		}
	}
	if op <= 0 || op == len(toks)-1 {
		return "", nil, false
	}
	col, ok := columnRef(toks[:op])
	if !ok {
		return "", nil, false
	}
	rhs := toks[op+1:]
	var elems [][]token
	switch {
	case toks[op].isWord("IN"):
		inner, ok := parenthesized(rhs)
		if !ok {
			return "", nil, false
		}
		elems = splitTop(inner, ",")
	case rhs[0].isWord("ANY"):
		inner, ok := parenthesized(rhs[1:])
		if !ok {
			return "", nil, false
		}
		inner = stripCasts(inner)
		if len(inner) < 3 || !inner[0].isWord("ARRAY") || !inner[1].is(tokPunct, "[") || !inner[len(inner)-1].is(tokPunct, "]") {
			return "", nil, false
		}
		elems = splitTop(inner[2:len(inner)-1], ",")
	default:
		elems = [][]token{rhs}
	}
	values := make([]string, 0, len(elems))
	for _, e := range elems {
		v, ok := literal(e)
		if !ok {
			return "", nil, false
		}
		values = append(values, v)
	}
	if len(values) == 0 {
		return "", nil, false
	}
	return col, values, true
}

// columnRef matches a column name, possibly parenthesised and cast:
// "status", "(code)::text", "\"Weird Name\"".
func columnRef(toks []token) (string, bool) {
	toks = stripCasts(toks)
	if len(toks) == 1 && toks[0].kind == tokIdent {
		return toks[0].text, true
	}
	return "", false
}

// literal matches a string or number literal, possibly parenthesised, cast
// or negative: "'a'::text", "('-1'::integer)::numeric", "(0)::numeric".
func literal(toks []token) (string, bool) {
	toks = stripCasts(toks)
	switch {
	case len(toks) == 1 && (toks[0].kind == tokString || toks[0].kind == tokNumber):
		return toks[0].text, true
	case len(toks) == 2 && toks[0].is(tokOp, "-") && toks[1].kind == tokNumber:
		return "-" + toks[1].text, true
	}
	return "", false
}

func isNullTest(toks []token) (string, bool) {
	if len(toks) < 3 || !toks[len(toks)-2].isWord("IS") || !toks[len(toks)-1].isWord("NULL") {
		return "", false
	}
	return columnRef(toks[:len(toks)-2])
}

// stripCasts removes outer parentheses and trailing "::type" casts until
// neither is left.
func stripCasts(toks []token) []token {
	for {
		n := len(toks)
		toks = stripParens(toks)
		for i, t := range topLevel(toks) {
			if t.is(tokOp, "::") {
				toks = toks[:i]
				break
			}
		}
		if len(toks) == n {
			return toks
		}
	}
}

// stripParens removes parentheses enclosing the whole of toks.
func stripParens(toks []token) []token {
	for len(toks) >= 2 && toks[0].is(tokPunct, "(") {
		inner, ok := parenthesized(toks)
		if !ok {
			return toks
		}
		toks = inner
	}
	return toks
}

// parenthesized returns what is inside toks when toks is exactly "( ... )".
func parenthesized(toks []token) ([]token, bool) {
	if len(toks) < 2 || !toks[0].is(tokPunct, "(") {
		return nil, false
	}
	for i, t := range topLevel(toks) {
		if i > 0 && t.isClose() { // the bracket toks[0] opened
			if i != len(toks)-1 {
				return nil, false
			}
			return toks[1:i], true
		}
	}
	return nil, false
}

// splitTop splits toks at sep (a key word or ",") outside brackets.
func splitTop(toks []token, sep string) [][]token {
	var parts [][]token
	start := 0
	for i, t := range topLevel(toks) {
		if t.isWord(sep) || (sep == "," && t.is(tokPunct, ",")) {
			parts = append(parts, toks[start:i])
			start = i + 1
		}
	}
	return append(parts, toks[start:])
}

// topLevel yields the tokens of toks outside brackets, with their index;
// a bracket standing at the top level is yielded too, its contents not.
func topLevel(toks []token) iter.Seq2[int, token] {
	return func(yield func(int, token) bool) {
		depth := 0
		for i, t := range toks {
			if t.isClose() {
				depth--
			}
			if depth == 0 && !yield(i, t) {
				return
			}
			if t.isOpen() {
				depth++
			}
		}
	}
}

type tokenKind int

const (
	tokIdent  tokenKind = iota // unquoted (text as written) or quoted (text unescaped)
	tokString                  // text is the value
	tokNumber
	tokPunct // ( ) [ ] ,
	tokOp    // operators, including ::
)

type token struct {
	kind     tokenKind
	text     string
	quoted   bool // a "quoted" identifier: never a key word
	pos, end int  // where the token is in the text tokenized: text[pos:end]
}

func (t token) is(k tokenKind, text string) bool { return t.kind == k && t.text == text }
func (t token) isOpen() bool                     { return t.kind == tokPunct && (t.text == "(" || t.text == "[") }

func (t token) isClose() bool { return t.kind == tokPunct && (t.text == ")" || t.text == "]") }

func (t token) isWord(w string) bool {
	return t.kind == tokIdent && !t.quoted && strings.EqualFold(t.text, w)
}

// tokenize splits an expression as PostgreSQL prints it. It reports false
// on an unterminated quote.
func tokenize(s string) ([]token, bool) {
	var toks []token
	for i := 0; i < len(s); {
		c, n, start := s[i], len(toks), i
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case (c == 'E' || c == 'e') && i+1 < len(s) && s[i+1] == '\'':
			v, n, ok := readString(s[i+1:], true)
			if !ok {
				return nil, false
			}
			toks = append(toks, token{kind: tokString, text: v})
			i += 1 + n
		case c == '\'':
			v, n, ok := readString(s[i:], false)
			if !ok {
				return nil, false
			}
			toks = append(toks, token{kind: tokString, text: v})
			i += n
		case c == '"':
			j, v := i+1, strings.Builder{}
			for {
				if j >= len(s) {
					return nil, false
				}
				if s[j] == '"' {
					if j+1 < len(s) && s[j+1] == '"' {
						v.WriteByte('"')
						j += 2
						continue
					}
					break
				}
				v.WriteByte(s[j])
				j++
			}
			toks = append(toks, token{kind: tokIdent, text: v.String(), quoted: true})
			i = j + 1
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && (isIdentStart(s[j]) || isDigit(s[j]) || s[j] == '$') {
				j++
			}
			toks = append(toks, token{kind: tokIdent, text: s[i:j]})
			i = j
		case isDigit(c) || (c == '.' && i+1 < len(s) && isDigit(s[i+1])):
			j := i
			for j < len(s) && (isDigit(s[j]) || s[j] == '.') {
				j++
			}
			if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
				k := j + 1
				if k < len(s) && (s[k] == '+' || s[k] == '-') {
					k++
				}
				if k < len(s) && isDigit(s[k]) {
					for j = k; j < len(s) && isDigit(s[j]); j++ {
					}
				}
			}
			toks = append(toks, token{kind: tokNumber, text: s[i:j]})
			i = j
		case strings.IndexByte("()[],", c) >= 0:
			toks = append(toks, token{kind: tokPunct, text: string(c)})
			i++
		case c == ':' && i+1 < len(s) && s[i+1] == ':':
			toks = append(toks, token{kind: tokOp, text: "::"})
			i += 2
		default:
			j := i + 1
			for j < len(s) && strings.IndexByte("+-*/<>=~!@#%^&|`?", s[j]) >= 0 {
				j++
			}
			toks = append(toks, token{kind: tokOp, text: s[i:j]})
			i = j
		}
		if len(toks) > n {
			toks[n].pos, toks[n].end = start, i
		}
	}
	return toks, true
}

// readString reads a single-quoted literal at the start of s (” escapes a
// quote; with backslash, E” escapes too) and returns its value and length.
func readString(s string, backslash bool) (string, int, bool) {
	var v strings.Builder
	for j := 1; j < len(s); j++ {
		switch {
		case backslash && s[j] == '\\' && j+1 < len(s):
			j++
			switch s[j] {
			case 'n':
				v.WriteByte('\n')
			case 't':
				v.WriteByte('\t')
			default:
				v.WriteByte(s[j])
			}
		case s[j] == '\'':
			if j+1 < len(s) && s[j+1] == '\'' {
				v.WriteByte('\'')
				j++
				continue
			}
			return v.String(), j + 1, true
		default:
			v.WriteByte(s[j])
		}
	}
	return "", 0, false
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
