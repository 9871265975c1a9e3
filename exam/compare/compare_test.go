package compare_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/exam/compare"
)

// res builds a Result the way rag.query_results is read back: cols is
// "name:type, ..." (type may be empty) and rows is the stored JSON, decoded
// with UseNumber so numbers keep their exact text.
func res(t testing.TB, cols, rows string) compare.Result {
	t.Helper()
	var r compare.Result
	if cols != "" {
		for _, c := range strings.Split(cols, ",") {
			name, typ, _ := strings.Cut(strings.TrimSpace(c), ":")
			r.Columns = append(r.Columns, compare.Column{Name: name, Type: typ})
		}
	}
	dec := json.NewDecoder(strings.NewReader(rows))
	dec.UseNumber()
	require.NoError(t, dec.Decode(&r.Rows))
	return r
}

func TestCompare(t *testing.T) {
	t.Parallel()

	type tc struct {
		name   string
		gold   [2]string // columns, rows
		got    [2]string
		opts   compare.Options
		match  bool
		reason string // substring of the Reason; exact when match is false and it starts with "="
		colMap []int
	}
	cases := []tc{
		{
			name:  "Identical",
			gold:  [2]string{"name:text,total:numeric", `[["a", 1.50], ["b", 2.25]]`},
			got:   [2]string{"name:text,total:numeric", `[["a", 1.50], ["b", 2.25]]`},
			match: true, colMap: []int{0, 1},
		},
		{
			// A relative tolerance of 1e-10 would take them for one value.
			name:  "LargeIntegersExact",
			gold:  [2]string{"id:bigint", `[[10000000000], [12345678901234567]]`},
			got:   [2]string{"id:bigint", `[[10000000001], [12345678901234568]]`},
			match: false,
		},
		{
			name:  "LargeIntegerAsNumericEqual",
			gold:  [2]string{"id:bigint", `[[10000000000]]`},
			got:   [2]string{"id:numeric", `[[10000000000.0]]`},
			match: true, colMap: []int{0},
		},
		{
			// PostgreSQL's interval equality: a month is 30 days, a day 24
			// hours; age() and a subtraction of timestamps write one span
			// two ways.
			name:  "IntervalsByValue",
			gold:  [2]string{"lead_time:interval", `[["1 mon 2 days"], ["1 day"], ["-1 days +02:00:00"], ["1 year"]]`},
			got:   [2]string{"lead_time:interval", `[["32 days"], ["24:00:00"], ["-22:00:00"], ["360 days"]]`},
			match: true, colMap: []int{0},
		},
		{
			name:  "IntervalsVerboseStyle",
			gold:  [2]string{"span:interval", `[["@ 1 day 2 hours 30 mins ago"], ["@ 1.5 secs"]]`},
			got:   [2]string{"span:interval", `[["-1 days -02:30:00"], ["00:00:01.5"]]`},
			match: true, colMap: []int{0},
		},
		{
			// An array's elements compare as their type does outside an
			// array (before: as JSON text, so a date[] never equalled the
			// timestamp[] of its midnights, nor '{"1 mon"}' '{"30 days"}').
			name: "ArrayElementsByTheirType",
			gold: [2]string{
				"days:date[],seen:timestamp with time zone[],spans:interval[],codes:character(4)[]",
				`[[["2024-01-31", null], ["2024-01-31T08:00:00Z"], [["1 mon"], ["1 day"]], ["ab  "]]]`,
			},
			got: [2]string{
				"days:timestamp without time zone[],seen:timestamp without time zone[],spans:interval[],codes:text[]",
				`[[["2024-01-31T00:00:00", null], ["2024-01-31T08:00:00"], [["30 days"], ["24:00:00"]], ["ab"]]]`,
			},
			match: true, colMap: []int{0, 1, 2, 3},
		},
		{
			name:   "ArrayOfTextIsNotOfDates",
			gold:   [2]string{"days:text[]", `[[["2024-01-31"]]]`},
			got:    [2]string{"days:date[]", `[[["2024-01-31"]]]`},
			reason: "no column of the answer matches",
		},
		{
			name:   "ArraysKeepTheirShape",
			gold:   [2]string{"m:integer[]", `[[[[1, 2], [3, 4]]]]`},
			got:    [2]string{"m:integer[]", `[[[1, 2, 3, 4]]]`},
			reason: "no column of the answer matches",
		},
		{
			name:  "IntervalsDiffer",
			gold:  [2]string{"span:interval", `[["1 mon"]]`},
			got:   [2]string{"span:interval", `[["31 days"]]`},
			match: false,
		},
		{
			// A time of day is no span, though both print 10:00:00.
			name:  "IntervalIsNoTime",
			gold:  [2]string{"t:interval", `[["10:00:00"]]`},
			got:   [2]string{"t:time without time zone", `[["10:00:00"]]`},
			match: false,
		},
		{
			name:  "SwappedColumnOrder",
			gold:  [2]string{"name:text,total:numeric", `[["a", 1.50], ["b", 2.25]]`},
			got:   [2]string{"total:numeric,name:text", `[[2.25, "b"], [1.50, "a"]]`},
			match: true, colMap: []int{1, 0},
		},
		{
			name:  "DifferentAliases",
			gold:  [2]string{"customer:text,revenue:numeric", `[["acme", 1520.00]]`},
			got:   [2]string{"c_name:text,sum:numeric", `[["acme", 1520.00]]`},
			match: true, colMap: []int{0, 1},
		},
		{
			name:  "ExtraColumnsAllowedByDefault",
			gold:  [2]string{"name:text", `[["a"], ["b"]]`},
			got:   [2]string{"id:integer,name:text", `[[1, "a"], [2, "b"]]`},
			match: true, colMap: []int{1},
		},
		{
			name:   "ExtraColumnsRefusedWhenExact",
			gold:   [2]string{"name:text", `[["a"], ["b"]]`},
			got:    [2]string{"id:integer,name:text", `[[1, "a"], [2, "b"]]`},
			opts:   compare.Options{ExactColumns: true},
			reason: "=answer has 2 columns, gold has 1",
		},
		{
			name:   "MissingColumn",
			gold:   [2]string{"name:text,total:numeric", `[["a", 1520.00], ["b", 98.10], ["c", 98.10]]`},
			got:    [2]string{"name:text", `[["a"], ["b"], ["c"]]`},
			reason: "=no column of the answer matches gold column 'total' (values 1520.00, 98.10)",
		},
		{
			name:   "WrongValuesInAColumn",
			gold:   [2]string{"name:text,total:numeric", `[["a", 1], ["b", 2], ["c", 3], ["d", 4], ["e", 5]]`},
			got:    [2]string{"name:text,total:numeric", `[["a", 1], ["b", 2], ["c", 3], ["d", 4], ["e", 6]]`},
			reason: "=no column of the answer matches gold column 'total' (values 1, 2, 3, …)",
		},
		{
			name:   "RowCount",
			gold:   [2]string{"x:integer", `[[1], [2], [3]]`},
			got:    [2]string{"x:integer", `[[1], [2]]`},
			reason: "=row count 3 vs 2",
		},
		{
			name:   "OneCopyIsNotTwo",
			gold:   [2]string{"x:text", `[["a"], ["a"]]`},
			got:    [2]string{"x:text", `[["a"]]`},
			reason: "=row count 2 vs 1",
		},
		{
			name:   "DuplicatedRowsCount",
			gold:   [2]string{"k:text,v:integer", `[["a", 1], ["a", 1], ["b", 2]]`},
			got:    [2]string{"k:text,v:integer", `[["a", 1], ["b", 1], ["a", 2]]`},
			reason: `=gold row ("a", 1) occurs 2 times in gold but 1 in the answer`,
		},
		{
			name:  "DuplicatedRowsSame",
			gold:  [2]string{"k:text,v:integer", `[["a", 1], ["a", 1], ["b", 2]]`},
			got:   [2]string{"v:integer,k:text", `[[1, "a"], [2, "b"], [1, "a"]]`},
			match: true, colMap: []int{1, 0},
		},
		{
			name:  "TrailingZeros",
			gold:  [2]string{"x:integer", `[[1520]]`},
			got:   [2]string{"x:numeric", `[[1520.00]]`},
			match: true,
		},
		{
			name:  "FloatNoiseWithinTolerance",
			gold:  [2]string{"x:double precision", `[[1520]]`},
			got:   [2]string{"x:numeric", `[[1519.9999999]]`},
			match: true,
		},
		{
			name:  "FloatSum",
			gold:  [2]string{"x:numeric", `[[0.3]]`},
			got:   [2]string{"x:double precision", `[[0.30000000000000004]]`},
			match: true,
		},
		{
			name:   "ScaleMatters",
			gold:   [2]string{"x:numeric", `[[0.25]]`},
			got:    [2]string{"x:numeric", `[[25]]`},
			reason: "no column of the answer matches gold column 'x'",
		},
		{
			name:  "GoldRoundedAnswerNot",
			gold:  [2]string{"avg:numeric", `[[12.35], [7.00]]`},
			got:   [2]string{"avg:numeric", `[[12.3456], [6.99999]]`},
			match: true,
		},
		{
			name:  "AnswerRoundedGoldNot",
			gold:  [2]string{"avg:numeric", `[[12.3456]]`},
			got:   [2]string{"avg:numeric", `[[12.35]]`},
			match: true,
		},
		{
			name:   "RoundedToTheWrongValue",
			gold:   [2]string{"avg:numeric", `[[12.3]]`},
			got:    [2]string{"avg:numeric", `[[12.35]]`},
			reason: "no column of the answer matches gold column 'avg' (values 12.3)",
		},
		{
			name:  "ExactTieRoundsEitherWay",
			gold:  [2]string{"a:numeric,b:numeric", `[[12.2, 12.3]]`},
			got:   [2]string{"a:numeric,b:numeric", `[[12.25, 12.25]]`},
			match: true,
		},
		{
			name:  "NegativeRounding",
			gold:  [2]string{"x:numeric", `[[-12.35], [0.00]]`},
			got:   [2]string{"x:numeric", `[[-12.3456], [-0.004]]`},
			match: true,
		},
		{
			name: "WholeNumberIsNotARounding",
			// 0 is what an integer division returns, not 0.0732 rounded.
			gold:   [2]string{"x:numeric", `[[0.0732]]`},
			got:    [2]string{"x:numeric", `[[0]]`},
			reason: "no column of the answer matches gold column 'x'",
		},
		{
			// The answer's rounding keeps gold's first significant digit.
			name:  "AnswerRoundedToGoldsFirstDigit",
			gold:  [2]string{"rate:numeric", `[[0.0732], [0.0371]]`},
			got:   [2]string{"rate:numeric", `[[0.07], [0.04]]`},
			match: true,
		},
		{
			// round(int_a / int_b, 1): zero with a decimal, whatever the rate.
			name:   "AnswerRoundedToZero",
			gold:   [2]string{"rate:numeric", `[[0.0432], [0.0371]]`},
			got:    [2]string{"rate:numeric", `[[0.0], [0.0]]`},
			reason: "no column of the answer matches gold column 'rate'",
		},
		{
			name:   "AnswerRoundedPastGoldsFirstDigit",
			gold:   [2]string{"rate:numeric", `[[0.06]]`},
			got:    [2]string{"rate:numeric", `[[0.1]]`},
			reason: "no column of the answer matches gold column 'rate'",
		},
		{
			// Gold's rounding is the precision the question asked for: an
			// answer more precise that rounds to it is right, zero included.
			name:  "GoldRoundedToZero",
			gold:  [2]string{"rate:numeric", `[[0.0], [0.1]]`},
			got:   [2]string{"rate:numeric", `[[0.0432], [0.06]]`},
			match: true,
		},
		{
			name:   "WholeNumberGoldIsExact",
			gold:   [2]string{"x:numeric", `[[1520]]`},
			got:    [2]string{"x:numeric", `[[1519.6]]`},
			reason: "no column of the answer matches gold column 'x'",
		},
		{
			name:  "RoundedToOneDecimal",
			gold:  [2]string{"x:numeric", `[[33.3]]`},
			got:   [2]string{"x:numeric", `[[33.3333]]`},
			match: true,
		},
		{
			name:   "IntegerIsNotARoundedValue",
			gold:   [2]string{"count:bigint", `[[3]]`},
			got:    [2]string{"avg:numeric", `[[2.5]]`},
			reason: "no column of the answer matches gold column 'count'",
		},
		{
			name:   "FloatTextIsNotARoundedValue",
			gold:   [2]string{"w:double precision", `[[12.5]]`},
			got:    [2]string{"w:numeric", `[[12.46]]`},
			reason: "no column of the answer matches gold column 'w'",
		},
		{
			name:  "IntegerVsNumeric",
			gold:  [2]string{"n:integer", `[[12], [7]]`},
			got:   [2]string{"n:numeric", `[[7.00], [12.0]]`},
			match: true,
		},
		{
			name:  "RealHasItsOwnPrecision",
			gold:  [2]string{"x:double precision", `[[1234.5678]]`},
			got:   [2]string{"x:real", `[[1234.5677]]`},
			match: true,
		},
		{
			name:   "NoToleranceWhenDisabled",
			gold:   [2]string{"x:double precision", `[[1520]]`},
			got:    [2]string{"x:double precision", `[[1519.9999999]]`},
			opts:   compare.Options{RelTolerance: -1, AbsTolerance: -1},
			reason: "no column of the answer matches",
		},
		{
			name:   "CentsCountOnLargeAmounts",
			gold:   [2]string{"x:numeric", `[[10000000.00]]`},
			got:    [2]string{"x:numeric", `[[10000000.01]]`},
			reason: "no column of the answer matches",
		},
		{
			name:   "NullsInDifferentPlaces",
			gold:   [2]string{"k:integer,v:integer", `[[1, null], [2, 5]]`},
			got:    [2]string{"k:integer,v:integer", `[[1, 5], [2, null]]`},
			reason: "=gold row (1, NULL) is not in the answer (columns match one by one, rows do not)",
		},
		{
			name:  "NullEqualsNull",
			gold:  [2]string{"k:integer,v:text", `[[1, null], [2, "x"]]`},
			got:   [2]string{"k:integer,v:text", `[[2, "x"], [1, null]]`},
			match: true,
		},
		{
			name:   "NullIsNotZero",
			gold:   [2]string{"v:integer", `[[null]]`},
			got:    [2]string{"v:integer", `[[0]]`},
			reason: "=no column of the answer matches gold column 'v' (values NULL)",
		},
		{
			name:   "NullIsNotEmptyText",
			gold:   [2]string{"v:text", `[[null]]`},
			got:    [2]string{"v:text", `[[""]]`},
			reason: "no column of the answer matches gold column 'v'",
		},
		{
			name:  "OrderIgnoredByDefault",
			gold:  [2]string{"name:text,n:integer", `[["a", 3], ["b", 2], ["c", 1]]`},
			got:   [2]string{"name:text,n:integer", `[["c", 1], ["a", 3], ["b", 2]]`},
			match: true,
		},
		{
			name:   "OrderRespectedWhenItMatters",
			gold:   [2]string{"name:text,n:integer", `[["a", 3], ["b", 2], ["c", 1]]`},
			got:    [2]string{"n:integer,name:text", `[[1, "c"], [3, "a"], [2, "b"]]`},
			opts:   compare.Options{OrderMatters: true},
			reason: `=same rows in another order: row 1 is ("a", 3) in gold but ("c", 1) in the answer`,
		},
		{
			name:  "OrderedAndEqual",
			gold:  [2]string{"name:text,n:integer", `[["a", 3], ["b", 2], ["c", 1]]`},
			got:   [2]string{"n:bigint,name:text", `[[3, "a"], [2.0, "b"], [1, "c"]]`},
			opts:  compare.Options{OrderMatters: true},
			match: true, colMap: []int{1, 0},
		},
		{
			name:   "OrderedWithWrongValues",
			gold:   [2]string{"k:text,n:integer", `[["a", 3], ["b", 2]]`},
			got:    [2]string{"k:text,n:integer", `[["a", 2], ["b", 3]]`},
			opts:   compare.Options{OrderMatters: true},
			reason: `=gold row ("a", 3) is not in the answer (columns match one by one, rows do not)`,
		},
		{
			name:  "IdenticalColumnsEitherWay",
			gold:  [2]string{"a:integer,b:integer", `[[1, 1], [2, 2], [3, 3]]`},
			got:   [2]string{"x:integer,y:integer", `[[3, 3], [1, 1], [2, 2]]`},
			match: true, colMap: []int{0, 1},
		},
		{
			name: "TwoCandidatesOnlyOneAligned",
			// Both p and q hold {1, 2, 3}; only q lines up with the names.
			gold:  [2]string{"n:integer,name:text", `[[1, "a"], [2, "b"], [3, "c"]]`},
			got:   [2]string{"p:integer,q:integer,name:text", `[[3, 1, "a"], [1, 2, "b"], [2, 3, "c"]]`},
			match: true, colMap: []int{1, 2},
		},
		{
			name: "GreedyFailsBacktrackingSucceeds",
			// Column-wise, both gold columns match both answer columns;
			// the first pairing (a->x, b->y) fails on rows.
			gold:  [2]string{"a:integer,b:integer", `[[1, 2], [2, 3], [3, 1]]`},
			got:   [2]string{"x:integer,y:integer", `[[2, 1], [3, 2], [1, 3]]`},
			match: true, colMap: []int{1, 0},
		},
		{
			name: "MostConstrainedColumnFirst",
			// a matches x and y, b only x: a must take y.
			gold:  [2]string{"a:integer,b:integer", `[[1, 1], [2, 2]]`},
			got:   [2]string{"x:integer,y:numeric,z:text", `[[1, 1, "p"], [2, 2, "q"]]`},
			match: true,
		},
		{
			name:   "ColumnsCompeteForOne",
			gold:   [2]string{"a:integer,b:integer", `[[1, 1], [2, 2]]`},
			got:    [2]string{"x:integer,s:text", `[[1, "p"], [2, "q"]]`},
			reason: "=gold columns 'a', 'b' have values only in answer column(s) 'x'",
		},
		{
			name: "ToleranceNeedsTheRightPairs",
			// Pairing the identical 1520.5s leaves 1520.54 vs 1520.46; the
			// matching must undo that: 1520.54 ~ 1520.5 and 1520.5 ~ 1520.46.
			gold:  [2]string{"x:numeric,k:text", `[[1520.5, "a"], [1520.54, "a"]]`},
			got:   [2]string{"x:numeric,k:text", `[[1520.5, "a"], [1520.46, "a"]]`},
			match: true,
		},
		{
			name:  "Booleans",
			gold:  [2]string{"ok:boolean", `[[true], [false]]`},
			got:   [2]string{"ok:boolean", `[[false], [true]]`},
			match: true,
		},
		{
			name:   "BooleanIsNotText",
			gold:   [2]string{"ok:boolean", `[[true]]`},
			got:    [2]string{"ok:text", `[["true"]]`},
			reason: "no column of the answer matches",
		},
		{
			name:   "NumberStoredAsTextIsText",
			gold:   [2]string{"n:integer", `[[42]]`},
			got:    [2]string{"n:text", `[["42"]]`},
			reason: "no column of the answer matches",
		},
		{
			name:  "NumberStringInNumericColumn",
			gold:  [2]string{"n:integer", `[[42]]`},
			got:   [2]string{"n:numeric", `[["42.0"]]`},
			match: true,
		},
		{
			name:  "NaN",
			gold:  [2]string{"x:numeric", `[["NaN"], ["Infinity"], [1]]`},
			got:   [2]string{"x:double precision", `[["Infinity"], [1], ["NaN"]]`},
			match: true,
		},
		{
			name:  "DateEqualsTimestampAtMidnight",
			gold:  [2]string{"d:date,e:date", `[["2024-01-31", "2024-02-01"]]`},
			got:   [2]string{"d:timestamp with time zone,e:timestamp without time zone", `[["2024-01-31T00:00:00Z", "2024-02-01T00:00:00"]]`},
			match: true,
		},
		{
			name:   "DateIsNotTimestampAtTen",
			gold:   [2]string{"d:date", `[["2024-01-31"]]`},
			got:    [2]string{"d:timestamp with time zone", `[["2024-01-31T10:00:00Z"]]`},
			reason: "no column of the answer matches",
		},
		{
			name:  "UntypedDates",
			gold:  [2]string{"d", `[["2024-01-31"]]`},
			got:   [2]string{"d", `[["2024-01-31T00:00:00Z"]]`},
			match: true,
		},
		{
			// Kept as PostgreSQL prints them (the target reads only years
			// 1 to 9999 into RFC 3339): a date BC equals the timestamp BC
			// at its midnight as one AD does; 45 BC is a leap year
			// (proleptic year -44), and a year may have five digits.
			name: "DatesBeforeChristAndAfter9999",
			gold: [2]string{
				"d:date,t:timestamp without time zone,leap:date,far:date",
				`[["0044-03-15 BC", "0044-03-15 10:00:00.5 BC", "0045-02-29 BC", "12000-01-31"]]`,
			},
			got: [2]string{
				"d:timestamp without time zone,t:timestamp with time zone,leap:timestamp with time zone,far:timestamp without time zone",
				`[["0044-03-15 00:00:00 BC", "0044-03-15 10:00:00.5+00 BC", "0045-02-29 00:00:00+00 BC", "12000-01-31 00:00:00"]]`,
			},
			match: true, colMap: []int{0, 1, 2, 3},
		},
		{
			name:  "DateArrayBeforeChrist",
			gold:  [2]string{"days:date[]", `[[["0044-03-15 BC", "0001-12-31 BC"]]]`},
			got:   [2]string{"days:timestamp without time zone[]", `[[["0044-03-15 00:00:00 BC", "0001-12-31 00:00:00 BC"]]]`},
			match: true, colMap: []int{0},
		},
		{
			name:   "BeforeChristIsNotAfter",
			gold:   [2]string{"d:date,t:timestamp with time zone", `[["0044-03-15 BC", "0001-01-01 00:00:00+00 BC"]]`},
			got:    [2]string{"d:date,t:timestamp with time zone", `[["0044-03-15", "0001-01-01T00:00:00Z"]]`},
			reason: "no column of the answer matches",
		},
		{
			// A range compares by its bounds' values: numrange(1.0, 2.50)
			// is numrange(1, 2.5); a timestamp bound is an instant.
			name: "RangesByValue",
			gold: [2]string{
				"r:numrange,open:numrange,e:numrange,ts:tsrange,m:nummultirange",
				`[["[1.0,2.50)", "(,2.50)", "empty", "[\"0044-03-15 00:00:00 BC\",\"2024-01-31 00:00:00\")", "{[1.0,2.50),[3.00,4)}"]]`,
			},
			got: [2]string{
				"r:numrange,open:numrange,e:numrange,ts:tstzrange,m:nummultirange",
				`[["[1,2.5)", "(,2.5)", "empty", "[\"0044-03-15 00:00:00+00 BC\",\"2024-01-31 00:00:00+00\")", "{[1,2.5),[3,4)}"]]`,
			},
			match: true, colMap: []int{0, 1, 2, 3, 4},
		},
		{
			name:  "RangeArrays",
			gold:  [2]string{"rs:numrange[]", `[[["[1.0,2.50)", "empty"]]]`},
			got:   [2]string{"rs:numrange[]", `[[["[1,2.5)", "empty"]]]`},
			match: true, colMap: []int{0},
		},
		{
			name:   "RangeBoundsDiffer",
			gold:   [2]string{"r:numrange", `[["[1,2.5)"], ["[1,2.5)"]]`},
			got:    [2]string{"r:numrange", `[["[1,2.5]"], ["[1,2.51)"]]`},
			reason: "no column of the answer matches",
		},
		{
			// Not PostgreSQL's text of a multirange: compared as text.
			name:   "MultirangeUnread",
			gold:   [2]string{"m:nummultirange", `[["[1.0,2.50)}"]]`},
			got:    [2]string{"m:nummultirange", `[["[1,2.5)}"]]`},
			reason: "no column of the answer matches",
		},
		{
			name:   "RangeAsTextIsText",
			gold:   [2]string{"r:numrange", `[["[1,2.5)"]]`},
			got:    [2]string{"r:text", `[["[1,2.5)"]]`},
			reason: "no column of the answer matches",
		},
		{
			name:   "DateAsTextIsText",
			gold:   [2]string{"d:date", `[["2024-01-31"]]`},
			got:    [2]string{"d:text", `[["2024-01-31"]]`},
			reason: "no column of the answer matches",
		},
		{
			name:   "TextIsCaseSensitive",
			gold:   [2]string{"name:text", `[["Widget"]]`},
			got:    [2]string{"name:text", `[["widget"]]`},
			reason: `=no column of the answer matches gold column 'name' (values "Widget")`,
		},
		{
			name:  "CharacterPadding",
			gold:  [2]string{"code:character", `[["ab   "]]`},
			got:   [2]string{"code:text", `[["ab"]]`},
			match: true,
		},
		{
			name:  "JSONStructural",
			gold:  [2]string{"doc:jsonb,tags:text[]", `[[{"a": 1, "b": [1, 2.50]}, ["x", "y"]]]`},
			got:   [2]string{"doc:jsonb,tags:text[]", `[[{"b": [1.0, 2.5], "a": 1}, ["x", "y"]]]`},
			match: true,
		},
		{
			name:   "JSONArrayOrderMatters",
			gold:   [2]string{"tags:text[]", `[[["x", "y"]]]`},
			got:    [2]string{"tags:text[]", `[[["y", "x"]]]`},
			reason: "no column of the answer matches",
		},
		{
			name:  "EmptyVsEmpty",
			gold:  [2]string{"a:integer,b:text", `[]`},
			got:   [2]string{"x:bigint,y:text,z:text", `[]`},
			match: true, colMap: []int{0, 1},
		},
		{
			name:   "EmptyGoldNonEmptyAnswer",
			gold:   [2]string{"a:integer", `[]`},
			got:    [2]string{"a:integer", `[[1]]`},
			reason: "=row count 0 vs 1",
		},
		{
			name:   "EmptyAnswerNonEmptyGold",
			gold:   [2]string{"a:integer", `[[1]]`},
			got:    [2]string{"a:integer", `[]`},
			reason: "=row count 1 vs 0",
		},
		{
			name:   "EmptyWithTooFewColumns",
			gold:   [2]string{"a:integer,b:integer", `[]`},
			got:    [2]string{"a:integer", `[]`},
			reason: "=answer has 1 column, gold has 2",
		},
		{
			name:   "FewerColumnsSameValues",
			gold:   [2]string{"a:integer,b:integer", `[[1, 1]]`},
			got:    [2]string{"a:integer", `[[1]]`},
			reason: "=answer has 1 column, gold has 2",
		},
		{
			name:   "MalformedRow",
			gold:   [2]string{"a:integer,b:integer", `[[1, 1], [2]]`},
			got:    [2]string{"a:integer", `[[1]]`},
			reason: "=gold row 2 has 1 value for 2 columns",
		},
		{
			name:   "InvalidOptions",
			gold:   [2]string{"a:integer", `[[1]]`},
			got:    [2]string{"a:integer", `[[1]]`},
			opts:   compare.Options{RelTolerance: 2},
			reason: "compare: RelTolerance",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			gold, got := res(t, c.gold[0], c.gold[1]), res(t, c.got[0], c.got[1])
			v := compare.Compare(gold, got, c.opts)
			require.Equal(t, c.match, v.Match, "reason: %s", v.Reason)
			if c.match {
				require.Empty(t, v.Reason)
				require.Len(t, v.ColumnMap, len(gold.Columns))
			} else {
				require.Nil(t, v.ColumnMap)
			}
			if want, ok := strings.CutPrefix(c.reason, "="); ok {
				require.Equal(t, want, v.Reason)
			} else {
				require.Contains(t, v.Reason, c.reason)
			}
			if c.colMap != nil {
				require.Equal(t, c.colMap, v.ColumnMap)
			}
		})
	}
}

func TestCompareGoValues(t *testing.T) {
	t.Parallel()
	// A result straight from the target package, before JSON: Go numbers
	// and raw JSON.
	gold := res(t, "n:integer,w:double precision,doc:jsonb", `[[1, 0.5, {"a": 1}]]`)
	got := compare.Result{
		Columns: []compare.Column{{"doc", "jsonb"}, {"w", "double precision"}, {"n", "integer"}},
		Rows:    [][]any{{json.RawMessage(`{"a": 1.0}`), 0.5, int64(1)}},
	}
	v := compare.Compare(gold, got, compare.Options{})
	require.True(t, v.Match, v.Reason)
	require.Equal(t, []int{2, 1, 0}, v.ColumnMap)
}

// table builds a rows×cols result of mixed types with few distinct values
// per column, so that columns look alike and the search has work to do.
func table(rng *rand.Rand, rows, cols int) compare.Result {
	r := compare.Result{}
	for j := range cols {
		typ := []string{"integer", "numeric", "text", "boolean", "date"}[j%5]
		r.Columns = append(r.Columns, compare.Column{Name: fmt.Sprintf("c%d", j), Type: typ})
	}
	for range rows {
		row := make([]any, cols)
		for j, c := range r.Columns {
			k := rng.IntN(6)
			switch {
			case k == 0 && j%3 == 0:
				row[j] = nil
			case c.Type == "integer":
				row[j] = json.Number(fmt.Sprint(rng.IntN(50)))
			case c.Type == "numeric":
				row[j] = json.Number(fmt.Sprintf("%d.%02d", rng.IntN(50), rng.IntN(100)))
			case c.Type == "text":
				row[j] = fmt.Sprintf("v%d", rng.IntN(40))
			case c.Type == "boolean":
				row[j] = rng.IntN(2) == 0
			default:
				row[j] = fmt.Sprintf("2024-%02d-%02d", 1+rng.IntN(12), 1+rng.IntN(28))
			}
		}
		r.Rows = append(r.Rows, row)
	}
	return r
}

// shuffle permutes the columns and rows of r; perm[i] is where column i
// went.
func shuffle(rng *rand.Rand, r compare.Result) (compare.Result, []int) {
	p := len(r.Columns)
	perm := rng.Perm(p)
	out := compare.Result{Columns: make([]compare.Column, p)}
	for i, c := range r.Columns {
		out.Columns[perm[i]] = c
	}
	for _, ri := range rng.Perm(len(r.Rows)) {
		row := make([]any, p)
		for i, v := range r.Rows[ri] {
			row[perm[i]] = v
		}
		out.Rows = append(out.Rows, row)
	}
	return out, perm
}

func TestCompareLarge(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	gold := table(rng, 500, 20)
	got, perm := shuffle(rng, gold)

	v := compare.Compare(gold, got, compare.Options{})
	require.True(t, v.Match, v.Reason)
	// Columns with identical values may legitimately swap; the mapped
	// values must be gold's.
	for i, j := range v.ColumnMap {
		if j != perm[i] {
			for r := range gold.Rows {
				require.Equal(t, got.Rows[r][perm[i]], got.Rows[r][j])
			}
		}
	}

	// One changed cell is found.
	bad, _ := shuffle(rng, gold)
	bad.Rows[17][3] = "changed"
	v = compare.Compare(gold, bad, compare.Options{})
	require.False(t, v.Match)
	require.NotEmpty(t, v.Reason)

	// Two cells swapped between rows within a column keep every column's
	// values but break the rows.
	swapped, _ := shuffle(rng, gold)
	for r := 1; r < len(swapped.Rows); r++ {
		if fmt.Sprint(swapped.Rows[0][5]) != fmt.Sprint(swapped.Rows[r][5]) {
			swapped.Rows[0][5], swapped.Rows[r][5] = swapped.Rows[r][5], swapped.Rows[0][5]
			break
		}
	}
	v = compare.Compare(gold, swapped, compare.Options{})
	require.False(t, v.Match)
	require.Contains(t, v.Reason, "columns match one by one, rows do not")
}

func TestCompareTooManyInterchangeableColumns(t *testing.T) {
	t.Parallel()
	// Ten boolean columns with the same counts each, but other rows: every
	// gold column matches every answer column, and only the rows tell.
	rng := rand.New(rand.NewPCG(3, 4))
	mk := func() compare.Result {
		r := compare.Result{}
		for j := range 10 {
			r.Columns = append(r.Columns, compare.Column{Name: fmt.Sprint("b", j), Type: "boolean"})
		}
		for range 40 {
			r.Rows = append(r.Rows, make([]any, 10))
		}
		for j := range 10 {
			for i, k := range rng.Perm(40) {
				r.Rows[i][j] = k < 20
			}
		}
		return r
	}
	gold, got := mk(), mk()
	v := compare.Compare(gold, got, compare.Options{MaxSteps: 50})
	require.False(t, v.Match)
	require.Equal(t, "gave up after 50 column assignments: too many interchangeable columns", v.Reason)

	// The default budget is enough to prove the mismatch.
	v = compare.Compare(gold, got, compare.Options{})
	require.False(t, v.Match)
	require.Contains(t, v.Reason, "columns match one by one, rows do not")
}

func FuzzCompare(f *testing.F) {
	f.Add([]byte("seed"), uint64(1))
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, uint64(7))
	f.Add([]byte{255, 3, 3, 3, 3, 3, 3, 3, 9, 9, 9}, uint64(42))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		x := fuzzResult(data)
		v := compare.Compare(x, x, compare.Options{})
		require.True(t, v.Match, "x vs x: %s", v.Reason)

		rng := rand.New(rand.NewPCG(seed, seed>>1))
		y, _ := shuffle(rng, x)
		v = compare.Compare(x, y, compare.Options{})
		require.True(t, v.Match, "x vs shuffled x: %s", v.Reason)
		checkColumnMap(t, x, y, v)

		// A second result from the same bytes read differently: no panic,
		// and with exact columns the verdict is symmetric (the alphabet has
		// no answer rounded past gold's first significant digit, the one
		// case that is not).
		z := fuzzResult(append(data[len(data)/2:], data[:len(data)/2]...))
		if len(z.Columns) == len(x.Columns) {
			a := compare.Compare(x, z, compare.Options{ExactColumns: true})
			b := compare.Compare(z, x, compare.Options{ExactColumns: true})
			require.Equal(t, a.Match, b.Match, "x vs z: %s; z vs x: %s", a.Reason, b.Reason)
		}
	})
}

func checkColumnMap(t *testing.T, gold, got compare.Result, v compare.Verdict) {
	t.Helper()
	require.Len(t, v.ColumnMap, len(gold.Columns))
	seen := map[int]bool{}
	for _, j := range v.ColumnMap {
		require.True(t, j >= 0 && j < len(got.Columns))
		require.False(t, seen[j], "answer column %d used twice", j)
		seen[j] = true
	}
}

// fuzzResult reads a small result from bytes: the first byte gives the
// shape, the rest the cells, from an alphabet of values that are equal in
// interesting ways (1.50 and 1.5, 12.35 and 12.3456, dates and midnight
// timestamps, NULL).
func fuzzResult(data []byte) compare.Result {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	shape := next()
	cols, rows := 1+int(shape%4), int(shape/4%7)
	alphabet := []any{
		nil, true, false, json.Number("1"), json.Number("1.50"), json.Number("1.5"),
		json.Number("12.35"), json.Number("12.3456"), json.Number("0"), json.Number("-0.004"), "a", "A", "",
		"2024-01-31", "2024-01-31T00:00:00Z", json.Number("1520"), json.Number("1519.6"), json.Number("1520.4"),
		[]any{json.Number("1"), "x"},
		map[string]any{"k": json.Number("2.0")},
	}
	types := []string{"", "numeric", "text", "integer", "date"}
	r := compare.Result{}
	for j := range cols {
		r.Columns = append(r.Columns, compare.Column{Name: fmt.Sprint("c", j), Type: types[int(next())%len(types)]})
	}
	for range rows {
		row := make([]any, cols)
		for j := range row {
			row[j] = alphabet[int(next())%len(alphabet)]
		}
		r.Rows = append(r.Rows, row)
	}
	return r
}

func BenchmarkCompare(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	bench := func(name string, gold, got compare.Result) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if v := compare.Compare(gold, got, compare.Options{}); !v.Match {
					b.Fatal(v.Reason)
				}
			}
		})
	}
	gold := table(rng, 500, 10)
	got, _ := shuffle(rng, gold)
	bench("500x10", gold, got)

	gold20 := table(rng, 500, 20)
	got20, _ := shuffle(rng, gold20)
	bench("500x20", gold20, got20)

	// Gold rounded to 2 decimals, the answer not: no row pairs by hashing,
	// every one goes through the tolerant matching.
	precise := compare.Result{Columns: gold.Columns}
	for _, row := range got.Rows {
		p := append([]any(nil), row...)
		for j, c := range got.Columns {
			if c.Type == "numeric" && row[j] != nil {
				p[j] = json.Number(fmt.Sprintf("%s%d%d", row[j], rng.IntN(5), rng.IntN(10)))
			}
		}
		precise.Rows = append(precise.Rows, p)
	}
	precise.Columns = got.Columns
	bench("500x10/rounded", gold, precise)
}
