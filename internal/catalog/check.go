package catalog

import (
	"iter"
	"slices"
	"strings"
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
	toks, ok := tokenize(def)
	if !ok {
		return nil
	}
	if len(toks) > 0 && toks[0].isWord("CHECK") {
		toks = toks[1:]
	}
	// NOT VALID and NO INHERIT trail the expression. A NOT VALID constraint
	// holds for rows written since it was added, not for the rows already
	// there: its list is not what the column holds (a legacy 'old' among
	// 'new' and 'paid'), and shown as the allowed values it would keep the
	// model from the rows' real values and the value index from sampling
	// them. It yields nothing until VALIDATE CONSTRAINT.
	for len(toks) >= 2 && (toks[len(toks)-1].isWord("VALID") || toks[len(toks)-1].isWord("INHERIT")) {
		if toks[len(toks)-1].isWord("VALID") && toks[len(toks)-2].isWord("NOT") {
			return nil
		}
		toks = toks[:len(toks)-2]
	}
	return conditionValues(toks)
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
	kind   tokenKind
	text   string
	quoted bool // a "quoted" identifier: never a key word
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
		c := s[i]
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
