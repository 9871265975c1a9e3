package compare

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"
)

// kind is what a cell is compared as. Cells of different kinds never match.
type kind uint8

const (
	kindNull     kind = iota
	kindBool          // true / false
	kindNum           // a finite number: tolerance and rounding apply
	kindSpecial       // NaN, Infinity, -Infinity, or a number beyond float64: exact text
	kindText          // text, uuid, time, ...: exact, case-sensitive
	kindTime          // date and timestamps: the instant
	kindJSON          // json, jsonb, arrays: canonical structure
	kindInterval      // interval: microseconds as PostgreSQL compares them (intervalCell)
	kindRange         // ranges and multiranges: bounds by their type's value (rangeCell)
	kinds             // how many kinds there are
)

// class is what a column's Postgres type says about its string values and
// about what a number's decimals mean.
type class uint8

const (
	classUnknown class = iota // no or an unrecognised type: the Go value decides
	classInt                  // smallint, integer, bigint, oid: exact, never rounded
	classNumeric              // numeric: its decimals state a precision (scale)
	classFloat4               // real: about 7 significant digits
	classFloat8               // double precision: shortest text, decimals mean nothing
	classTime                 // date, timestamp, timestamptz
	classBool
	classJSON     // json, jsonb
	classChar     // character(n): trailing blanks are padding
	classInterval // interval
	classText     // everything else

	// classArray marks an array column ("date[]"), or'ed with the class
	// of its elements: they compare as that class does (arrayCell).
	classArray class = 0x80
)

// classify maps a format_type name (as stored in rag.query_results.columns)
// to its class. Type modifiers ("numeric(10,2)", "timestamp(3) with time
// zone") are ignored.
func classify(typ string) class {
	t := strings.ToLower(strings.TrimSpace(typ))
	if i := strings.IndexByte(t, '('); i >= 0 {
		if j := strings.IndexByte(t[i:], ')'); j >= 0 {
			t = strings.TrimSpace(t[:i]) + t[i+j+1:]
		}
	}
	if e, ok := strings.CutSuffix(t, "[]"); ok {
		return classArray | classify(strings.TrimRight(e, "[]"))
	}
	if cl, ok := classifyRange(t); ok {
		return cl
	}
	switch t {
	case "":
		return classUnknown
	case "smallint", "integer", "bigint", "int", "int2", "int4", "int8", "oid":
		return classInt
	case "numeric", "decimal":
		return classNumeric
	case "real", "float4":
		return classFloat4
	case "double precision", "float8", "float":
		return classFloat8
	case "date", "timestamp", "timestamptz", "timestamp without time zone", "timestamp with time zone":
		return classTime
	case "boolean", "bool":
		return classBool
	case "json", "jsonb":
		return classJSON
	case "character", "char", "bpchar":
		return classChar
	}
	if isInterval(t) {
		return classInterval
	}
	return classText
}

// float4Rel is the relative precision of a real (float4) value: its text
// carries about 7 significant digits, so closer values are the same number.
const float4Rel = 1e-6

// cell is a normalized result value.
type cell struct {
	kind kind
	// key identifies the value within its kind: equal keys mean equal values
	// (numbers: a canonical decimal, so 1520 and 1520.00 share a key).
	key string
	// show is the value's text for display (see display); unset for text
	// and NULL, which display derives from key.
	show string
	// id is the interned identity of (kind, key, and for numbers the
	// rounding behaviour): cells with the same id compare the same way with
	// every other cell, which lets identical rows be paired by hashing.
	id int32

	// Numbers only.
	num    float64 // the value, approximately
	digits string  // decimal digits as written, leading zeros dropped ("" is zero)
	neg    bool
	scale  int32   // decimal places as written; negative for exponents ("1e+20" is -20)
	rounds bool    // the decimals state a rounding (numeric or untyped)
	rel    float64 // the type's own relative precision (real: 1e-6), else 0
	exact  bool    // an integer type's: compared digit for digit with another
}

// decimals is the number of decimal places the value was written with.
func (c *cell) decimals() int32 { return max(c.scale, 0) }

func newCell(v any, cl class) cell {
	if cl&classArray != 0 {
		if x, ok := v.([]any); ok {
			return arrayCell(x, cl&^classArray)
		}
		// An array kept as PostgreSQL's text ("[0:1]={1,2}").
		cl = classText
	}
	switch x := v.(type) {
	case nil:
		return cell{kind: kindNull}
	case bool:
		return boolCell(x)
	case json.Number:
		return numberCell(string(x), cl)
	case string:
		return stringCell(x, cl)
	case float64:
		if cl == classUnknown {
			cl = classFloat8
		}
		return numberCell(strconv.FormatFloat(x, 'g', -1, 64), cl)
	case float32:
		if cl == classUnknown {
			cl = classFloat4
		}
		return numberCell(strconv.FormatFloat(float64(x), 'g', -1, 32), cl)
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		if cl == classUnknown {
			cl = classInt
		}
		return numberCell(fmt.Sprint(x), cl)
	case time.Time:
		return timeCell(x, x.Format(time.RFC3339Nano))
	case json.RawMessage:
		return rawJSONCell(x)
	case []any, map[string]any:
		return jsonCell(x)
	}
	return textCell(fmt.Sprint(v))
}

func boolCell(b bool) cell {
	if b {
		return cell{kind: kindBool, key: "t", show: "true"}
	}
	return cell{kind: kindBool, key: "f", show: "false"}
}

func textCell(s string) cell {
	return cell{kind: kindText, key: s}
}

// stringCell interprets a string by its column's type: only the type can
// tell the text "42" from a number that was stored as text.
func stringCell(s string, cl class) cell {
	if cl&(classRange|classMultirange) != 0 {
		return rangeCell(s, cl)
	}
	switch cl {
	case classInt, classNumeric, classFloat4, classFloat8:
		return numberCell(s, cl)
	case classTime:
		if t, ok := parseTime(s, true); ok {
			return timeCell(t, s)
		}
	case classUnknown:
		// JSON already tells numbers from strings; without a type only the
		// exact formats nl2sql writes for dates and timestamps are read.
		if t, ok := parseTime(s, false); ok {
			return timeCell(t, s)
		}
	case classBool:
		switch strings.ToLower(s) {
		case "t", "true":
			return boolCell(true)
		case "f", "false":
			return boolCell(false)
		}
	case classJSON:
		return jsonCell(s)
	case classChar:
		return textCell(strings.TrimRight(s, " "))
	case classInterval:
		return intervalCell(s)
	}
	return textCell(s)
}

// numberCell parses a number's text. Text that is not a finite decimal
// (NaN, Infinity, garbage in a numeric column) compares exactly.
func numberCell(s string, cl class) cell {
	c, ok := parseDecimal(s)
	if !ok {
		return cell{kind: kindSpecial, key: s, show: s}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		// Beyond float64: only exact equality is meaningful.
		return cell{kind: kindSpecial, key: c.key, show: s}
	}
	c.num = f
	c.show = s
	switch cl {
	case classInt:
		c.exact = true
	case classFloat8:
	case classFloat4:
		c.rel = float4Rel
	default: // numeric, unknown, or a number where text was expected
		c.rounds = true
	}
	return c
}

// parseDecimal reads [sign] digits [. digits] [e [sign] digits] into a
// number cell with its canonical key (sign, significant digits, exponent).
func parseDecimal(s string) (cell, bool) {
	i, n := 0, len(s)
	neg := false
	if i < n && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var digits []byte
	var frac int32
	seen, point := false, false
	for ; i < n; i++ {
		ch := s[i]
		switch {
		case ch >= '0' && ch <= '9':
			seen = true
			if len(digits) > 0 || ch != '0' {
				digits = append(digits, ch)
			}
			if point {
				frac++
			}
		case ch == '.' && !point:
			point = true
		default:
			goto exponent
		}
	}
exponent:
	if !seen {
		return cell{}, false
	}
	var exp int64
	if i < n {
		if s[i] != 'e' && s[i] != 'E' {
			return cell{}, false
		}
		e, err := strconv.ParseInt(s[i+1:], 10, 32)
		if err != nil || e > 1<<20 || e < -(1<<20) {
			return cell{}, false
		}
		exp = e
	}
	scale := int64(frac) - exp
	c := cell{kind: kindNum, digits: string(digits), neg: neg && len(digits) > 0, scale: int32(scale)}
	// Canonical key: significant digits without trailing zeros and the
	// power of ten of the last one, so 1520, 1520.00 and 1.52e3 agree.
	sig := strings.TrimRight(c.digits, "0")
	if sig == "" {
		c.key = "0"
		return c, true
	}
	pow := -scale + int64(len(c.digits)-len(sig))
	var b strings.Builder
	if c.neg {
		b.WriteByte('-')
	}
	b.WriteString(sig)
	b.WriteByte('e')
	b.WriteString(strconv.FormatInt(pow, 10))
	c.key = b.String()
	return c, true
}

var timeLayouts = []string{
	"2006-01-02",
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
}

// Postgres' own text forms, accepted in date/timestamp columns.
var pgTimeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07",
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
}

// parseTime reads a date or timestamp. Timestamps without a zone are read
// as UTC, so a date equals the timestamp of its midnight.
func parseTime(s string, pg bool) (time.Time, bool) {
	if len(s) >= 10 && s[4] == '-' {
		for _, l := range timeLayouts {
			if t, err := time.Parse(l, s); err == nil {
				return t, true
			}
		}
	}
	if pg {
		if len(s) >= 10 && s[4] == '-' {
			for _, l := range pgTimeLayouts {
				if t, err := time.Parse(l, s); err == nil {
					return t, true
				}
			}
		}
		return parsePGTime(s)
	}
	return time.Time{}, false
}

// parsePGTime reads a date or timestamp as PostgreSQL prints it (DateStyle
// ISO: "Y-MM-DD[ HH:MM:SS[.f][±HH[:MM[:SS]]]][ BC]") where Go's layouts
// cannot: a year of more than four digits ("12000-01-31"), or one before
// Christ ("0044-03-15 BC"), which the target keeps as PostgreSQL's text.
// There is no year 0: 1 BC is the proleptic year 0 and 44 BC is -43, whose
// leap years PostgreSQL and Go both count (45 BC has a 29 February).
func parsePGTime(s string) (time.Time, bool) {
	s, bc := strings.CutSuffix(s, " BC")
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	if n < 4 || n > 9 || len(s) < n+6 || s[n] != '-' || s[n+3] != '-' {
		return time.Time{}, false
	}
	year, _ := strconv.Atoi(s[:n])
	month, ok1 := twoDigits(s[n+1:])
	day, ok2 := twoDigits(s[n+4:])
	if !ok1 || !ok2 || year == 0 {
		return time.Time{}, false
	}
	if bc {
		year = 1 - year
	}
	var hour, minute, sec, nsec int
	loc := time.UTC
	if rest := s[n+6:]; rest != "" {
		clock, ok := strings.CutPrefix(rest, " ")
		if !ok || len(clock) < 8 || clock[2] != ':' || clock[5] != ':' {
			return time.Time{}, false
		}
		var ok3 bool
		hour, ok1 = twoDigits(clock)
		minute, ok2 = twoDigits(clock[3:])
		sec, ok3 = twoDigits(clock[6:])
		if !ok1 || !ok2 || !ok3 || hour > 23 || minute > 59 || sec > 59 {
			return time.Time{}, false
		}
		rest = clock[8:]
		if frac, ok := strings.CutPrefix(rest, "."); ok {
			k := 0
			for k < len(frac) && isDigit(frac[k]) {
				k++
			}
			if k == 0 || k > 9 {
				return time.Time{}, false
			}
			nsec, _ = strconv.Atoi(frac[:k] + strings.Repeat("0", 9-k))
			rest = frac[k:]
		}
		if rest != "" {
			// The zone, as TimeZone UTC prints it (+00) or a local
			// mean time does (+00:53:28).
			if rest[0] != '+' && rest[0] != '-' {
				return time.Time{}, false
			}
			parts := strings.Split(rest[1:], ":")
			if len(parts) > 3 {
				return time.Time{}, false
			}
			offset := 0
			for i, p := range parts {
				v, ok := twoDigits(p)
				if !ok || len(p) != 2 {
					return time.Time{}, false
				}
				offset += v * []int{3600, 60, 1}[i]
			}
			if rest[0] == '-' {
				offset = -offset
			}
			loc = time.FixedZone("", offset)
		}
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nsec, loc)
	if t.Month() != time.Month(month) || t.Day() != day {
		return time.Time{}, false // 30 February: not a date PostgreSQL prints
	}
	return t, true
}

// twoDigits reads the two decimal digits s starts with.
func twoDigits(s string) (int, bool) {
	if len(s) < 2 || !isDigit(s[0]) || !isDigit(s[1]) {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func timeCell(t time.Time, show string) cell {
	return cell{kind: kindTime, key: t.UTC().Format(time.RFC3339Nano), show: show}
}

func rawJSONCell(raw json.RawMessage) cell {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return textCell(string(raw))
	}
	return jsonCell(v)
}

// jsonCell canonicalizes a json/jsonb value or an array: object keys sorted,
// numbers by value (1.50 equals 1.5), no tolerance inside.
func jsonCell(v any) cell {
	var b strings.Builder
	canonJSON(&b, v)
	show, err := json.Marshal(v)
	if err != nil {
		show = []byte(b.String())
	}
	return cell{kind: kindJSON, key: b.String(), show: string(show)}
}

// arrayCell canonicalizes an array whose elements are of class elem as
// jsonCell does, but for the elements whose type gives them another
// equality: dates and timestamps compare as instants, intervals as
// PostgreSQL compares them, character(n) without its padding, as they do
// outside arrays (a date[] equals the timestamp[] of its midnights, and
// '{"1 mon"}' equals '{"30 days"}').
func arrayCell(v []any, elem class) cell {
	var b strings.Builder
	canonArray(&b, v, elem)
	show, err := json.Marshal(v)
	if err != nil {
		show = []byte(b.String())
	}
	return cell{kind: kindJSON, key: b.String(), show: string(show)}
}

func canonArray(b *strings.Builder, v any, elem class) {
	x, ok := v.([]any)
	if !ok {
		s, isString := v.(string)
		if !isString {
			canonJSON(b, v)
			return
		}
		// Keys that no JSON value's canonical form starts with.
		switch c := stringCell(s, elem); {
		case c.kind == kindTime:
			b.WriteString("T(" + c.key + ")")
		case c.kind == kindInterval:
			b.WriteString("I(" + c.key + ")")
		case c.kind == kindRange:
			b.WriteString("R(" + c.key + ")")
		case elem == classChar:
			canonJSON(b, c.key)
		default:
			canonJSON(b, v)
		}
		return
	}
	b.WriteByte('[')
	for i, e := range x {
		if i > 0 {
			b.WriteByte(',')
		}
		canonArray(b, e, elem)
	}
	b.WriteByte(']')
}

func canonJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		canonNumber(b, string(x))
	case float64:
		canonNumber(b, strconv.FormatFloat(x, 'g', -1, 64))
	case float32:
		canonNumber(b, strconv.FormatFloat(float64(x), 'g', -1, 32))
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		canonNumber(b, fmt.Sprint(x))
	case string:
		b.WriteString(strconv.Quote(x))
	case json.RawMessage:
		b.WriteString(rawJSONCell(x).key)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			canonJSON(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			canonJSON(b, x[k])
		}
		b.WriteByte('}')
	default:
		b.WriteString(strconv.Quote(fmt.Sprint(x)))
	}
}

func canonNumber(b *strings.Builder, s string) {
	if c, ok := parseDecimal(s); ok {
		b.WriteString(c.key)
		return
	}
	b.WriteString(strconv.Quote(s))
}

// identity is what cell.id interns: numbers that share a key but were
// written with other decimals, or have another type, can compare
// differently with a third value (1520 rounds, 1520.00 does not), so they
// are distinct identities.
type identity struct {
	kind     kind
	behave   byte // numbers: 'r' rounds, 'f' own precision, 'n' neither
	decimals int32
	key      string
}

func (c *cell) identity() identity {
	if c.kind != kindNum {
		return identity{kind: c.kind, key: c.key}
	}
	b := byte('n')
	switch {
	case c.rounds:
		b = 'r'
	case c.rel != 0:
		b = 'f'
	}
	return identity{kind: c.kind, behave: b, decimals: c.decimals(), key: c.key}
}

// display is the value as people should read it in a Reason.
func (c *cell) display() string {
	switch c.kind {
	case kindNull:
		return "NULL"
	case kindText:
		return strconv.Quote(c.key)
	}
	return c.show
}

// tolerance is the effective numeric tolerance of a comparison.
type tolerance struct {
	rel, abs float64
}

// equal reports whether two cells hold the same value; a is gold's, b the
// answer's (numEqual).
func (t tolerance) equal(a, b *cell) bool {
	if a.id == b.id {
		return true
	}
	if a.kind != b.kind {
		return false
	}
	if a.kind == kindNum {
		return t.numEqual(a, b)
	}
	return a.key == b.key
}

// numEqual: same value, or (unless both are integers) within tolerance, or the one written with fewer
// decimals — at least one — is the other rounded to those decimals. A whole
// number is never taken for a rounding: 0 is not 0.0732 rounded, it is
// what an integer division returns, and 1520 is a count, not 1519.6.
//
// Gold's rounding states the precision the question asked for, so an
// answer more precise passes when it rounds to gold (gold 0.00 = answer
// -0.004). The answer's rounding must keep gold's first significant digit:
// it needs at least as many decimals as that digit's place. Answer 0.07
// (round(x, 2)) = gold 0.0732, but answer 0.0 (an integer division's 0
// with a decimal) ≠ gold 0.0432 and 0.1 ≠ 0.06: a rounding that keeps no
// digit of gold would pass whatever gold was. a is gold, b the answer.
func (t tolerance) numEqual(a, b *cell) bool {
	if a.key == b.key {
		return true
	}
	if a.exact && b.exact {
		// Two integers: a relative tolerance would take ids or sums in
		// cents 10000000000 and 10000000001 for one value.
		return false
	}
	diff := math.Abs(a.num - b.num)
	if diff <= t.abs || diff <= max(t.rel, a.rel, b.rel)*max(math.Abs(a.num), math.Abs(b.num)) {
		return true
	}
	lo, hi := a, b
	if lo.decimals() > hi.decimals() {
		lo, hi = hi, lo
	}
	if !lo.rounds || lo.decimals() == 0 || lo.decimals() == hi.decimals() {
		return false
	}
	if lo == b && int64(lo.decimals()) < hi.leading() {
		return false
	}
	return roundsTo(lo, hi)
}

// leading is the decimal place of the value's first significant digit: 1
// for tenths, 0 for units, -1 for tens; for zero, below any place.
func (c *cell) leading() int64 {
	if c.digits == "" {
		return math.MinInt64
	}
	return int64(c.scale) - int64(len(c.digits)) + 1
}

// floatErr bounds the error of a float64 read from decimal text, relative
// to the value (a few ulps).
const floatErr = 4e-16

// roundsTo reports whether hi rounded to lo's decimals is lo. Floats decide
// unless the difference is within their error of half a unit; then exact
// decimal arithmetic does, accepting either rounding of an exact tie (half
// away from zero as numeric's round(), half to even as float's).
func roundsTo(lo, hi *cell) bool {
	half := 0.5 * math.Pow10(-int(lo.decimals()))
	diff := math.Abs(lo.num - hi.num)
	slack := (math.Abs(lo.num) + math.Abs(hi.num)) * floatErr
	switch {
	case diff > half+slack:
		return false
	case diff < half-slack:
		return true
	}
	return exactRoundsTo(lo, hi)
}

func exactRoundsTo(lo, hi *cell) bool {
	l, h := unscaled(lo), unscaled(hi)
	shift := int64(hi.decimals() - lo.decimals())
	unit := new(big.Int).Exp(big.NewInt(10), big.NewInt(shift), nil)
	q, r := new(big.Int).QuoRem(h, unit, new(big.Int))
	cmp := new(big.Int).Lsh(r, 1).Cmp(unit)
	var cands []*big.Int
	switch {
	case cmp < 0:
		cands = []*big.Int{q}
	case cmp > 0:
		cands = []*big.Int{new(big.Int).Add(q, big.NewInt(1))}
	default: // a tie: half away from zero goes up, half to even may stay
		cands = []*big.Int{new(big.Int).Add(q, big.NewInt(1))}
		if q.Bit(0) == 0 {
			cands = append(cands, q)
		}
	}
	for _, c := range cands {
		if c.Sign() == 0 && l.Sign() == 0 {
			return true
		}
		if c.Cmp(l) == 0 && lo.neg == hi.neg {
			return true
		}
	}
	return false
}

// unscaled is |value| × 10^decimals as an integer.
func unscaled(c *cell) *big.Int {
	u := new(big.Int)
	if c.digits != "" {
		u.SetString(c.digits, 10)
	}
	if c.scale < 0 {
		u.Mul(u, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-c.scale)), nil))
	}
	return u
}
