package compare

import (
	"strconv"
	"strings"
)

// Range types are classified as their element's class or'ed with
// classRange (numrange: classRange|classNumeric) or classMultirange.
const (
	classRange      class = 0x40
	classMultirange class = 0x20
)

// rangeElems are the element classes of PostgreSQL's built-in range types,
// by format_type name; each has a multirange, "multi" before "range".
var rangeElems = map[string]class{
	"int4range": classInt, "int8range": classInt, "numrange": classNumeric,
	"daterange": classTime, "tsrange": classTime, "tstzrange": classTime,
}

// classifyRange returns the class of a range or multirange type name.
func classifyRange(t string) (class, bool) {
	if elem, ok := rangeElems[t]; ok {
		return classRange | elem, true
	}
	if base, ok := strings.CutSuffix(t, "multirange"); ok {
		if elem, ok := rangeElems[base+"range"]; ok {
			return classMultirange | elem, true
		}
	}
	return 0, false
}

// rangeCell reads a range or multirange as PostgreSQL prints it
// ("[1.0,2.50)", "(,5)", "empty", `["2024-01-31 00:00:00","2024-02-01
// 00:00:00")`, "{[1,2),[3,4)}") into its bounds' values, each compared as
// its element type is outside a range: numrange(1.0, 2.50) is
// numrange(1, 2.5), and a tsrange equals the tstzrange of the same
// instants. Bounds compare exactly, as numbers in arrays do: a range is a
// set, and [1, 2.5) and [1, 2.5000001) are two. Text it cannot read
// compares as text.
func rangeCell(s string, cl class) cell {
	elem := cl &^ (classRange | classMultirange)
	var key string
	var ok bool
	if cl&classMultirange != 0 {
		key, ok = multirangeKey(s, elem)
	} else {
		key, ok = rangeKey(s, elem)
	}
	if !ok {
		return textCell(s)
	}
	return cell{kind: kindRange, key: key, show: s}
}

// multirangeKey is the key of "{range, ...}": its ranges' keys in order
// (PostgreSQL prints them sorted and merged).
func multirangeKey(s string, elem class) (string, bool) {
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return "", false
	}
	inner := s[1 : len(s)-1]
	parts, ok := splitOutside(inner)
	if !ok {
		return "", false
	}
	keys := make([]string, 0, len(parts))
	for _, p := range parts {
		if p == "" && len(parts) == 1 {
			break // {}
		}
		k, ok := rangeKey(strings.TrimSpace(p), elem)
		if !ok {
			return "", false
		}
		keys = append(keys, k)
	}
	return "{" + strings.Join(keys, ",") + "}", true
}

// rangeKey is the key of one range: its bound flags and its bounds' keys.
func rangeKey(s string, elem class) (string, bool) {
	if s == "empty" {
		return s, true
	}
	if len(s) < 3 || (s[0] != '[' && s[0] != '(') || (s[len(s)-1] != ']' && s[len(s)-1] != ')') {
		return "", false
	}
	bounds, ok := splitOutside(s[1 : len(s)-1])
	if !ok || len(bounds) != 2 {
		return "", false
	}
	var b strings.Builder
	b.WriteByte(s[0])
	for i, bound := range bounds {
		if i > 0 {
			b.WriteByte(',')
		}
		v, quoted, ok := unquoteBound(bound)
		if !ok {
			return "", false
		}
		if v == "" && !quoted {
			continue // unbounded
		}
		switch c := stringCell(v, elem); c.kind {
		case kindNum:
			b.WriteString("N" + c.key)
		case kindTime:
			b.WriteString("T" + c.key)
		default: // infinity, or what the element type does not read
			b.WriteString("S" + strconv.Quote(c.key))
		}
	}
	b.WriteByte(s[len(s)-1])
	return b.String(), true
}

// unquoteBound reads a bound as range_out writes it: bare, or in double
// quotes (a timestamp's space) where \x and "" stand for x and ".
func unquoteBound(s string) (string, bool, bool) {
	if !strings.HasPrefix(s, `"`) {
		return s, false, !strings.ContainsAny(s, `"\`)
	}
	var v strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			i++
			v.WriteByte(s[i])
		case s[i] == '"' && i+1 < len(s) && s[i+1] == '"':
			i++
			v.WriteByte('"')
		case s[i] == '"':
			return v.String(), true, i == len(s)-1
		default:
			v.WriteByte(s[i])
		}
	}
	return "", false, false
}

// splitOutside splits s at the commas outside double quotes and brackets:
// a range's two bounds, or a multirange's ranges.
func splitOutside(s string) ([]string, bool) {
	var parts []string
	depth, start, quoted := 0, 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case c == ',' && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	if quoted || depth != 0 {
		return nil, false
	}
	return append(parts, s[start:]), true
}
