package catalog

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckValues(t *testing.T) {
	t.Parallel()

	for _, tc := range []struct {
		name string
		def  string
		want map[string][]string
	}{
		{
			"AnyText", `CHECK ((status = ANY (ARRAY['active'::text, 'terminated'::text])))`,
			map[string][]string{"status": {"active", "terminated"}},
		},
		{
			"AnyVarcharCast", `CHECK (((v)::text = ANY ((ARRAY['x'::character varying, 'y'::character varying])::text[])))`,
			map[string][]string{"v": {"x", "y"}},
		},
		{
			"AnyCharColumn", `CHECK (((c)::text = ANY (ARRAY['aa'::text, 'bb'::text])))`,
			map[string][]string{"c": {"aa", "bb"}},
		},
		{"Integers", `CHECK ((n = ANY (ARRAY[1, 2, 3])))`, map[string][]string{"n": {"1", "2", "3"}}},
		{
			"NegativeAndCastNumbers", `CHECK ((neg = ANY (ARRAY[('-1'::integer)::numeric, (0)::numeric, 1.5])))`,
			map[string][]string{"neg": {"-1", "0", "1.5"}},
		},
		{"Exponent", `CHECK ((f = ANY (ARRAY[1e3, -2.5E-2])))`, map[string][]string{"f": {"1e3", "-2.5E-2"}}},
		{
			"EscapedQuote", `CHECK ((status = ANY (ARRAY['a'::text, 'it''s'::text])))`,
			map[string][]string{"status": {"a", "it's"}},
		},
		{"EscapeString", `CHECK ((p = ANY (ARRAY[E'a\\b'::text, 'c'::text])))`, map[string][]string{"p": {`a\b`, "c"}}},
		{"SingleValueEquals", `CHECK ((one = 'solo'::text))`, map[string][]string{"one": {"solo"}}},
		{
			"QuotedColumn", `CHECK (("Weird Col" = ANY (ARRAY['A'::text, 'B'::text])))`,
			map[string][]string{"Weird Col": {"A", "B"}},
		},
		{
			"NullOrList", `CHECK (((st IS NULL) OR (st = ANY (ARRAY['p'::text, 'q'::text]))))`,
			map[string][]string{"st": {"p", "q"}},
		},
		{
			"OrOfEquals", `CHECK (((kind = 'a'::text) OR (kind = 'b'::text) OR (kind = 'a'::text)))`,
			map[string][]string{"kind": {"a", "b"}},
		},
		{
			"AndOfColumns", `CHECK (((both1 = 'k'::text) AND (both2 = ANY (ARRAY['l'::text, 'm'::text]))))`,
			map[string][]string{"both1": {"k"}, "both2": {"l", "m"}},
		},
		{
			"AndWithRange", `CHECK (((status = ANY (ARRAY['a'::text, 'b'::text])) AND (qty > 0)))`,
			map[string][]string{"status": {"a", "b"}},
		},
		{
			"AndIntersects", `CHECK (((s = ANY (ARRAY['a'::text, 'b'::text])) AND (s = ANY (ARRAY['b'::text, 'c'::text]))))`,
			map[string][]string{"s": {"b"}},
		},
		{"InList", `CHECK (status IN ('x', 'y'))`, map[string][]string{"status": {"x", "y"}}},
		{"NoInherit", `CHECK ((status = 'a'::text)) NO INHERIT`, map[string][]string{"status": {"a"}}},

		// Rows older than the constraint may hold other values.
		{"NotValid", `CHECK ((status = ANY (ARRAY['a'::text]))) NOT VALID`, nil},
		{"NotValidDomain", `CHECK ((VALUE = 'a'::text)) NOT VALID`, nil},
		{"Range", `CHECK ((d > '2020-01-01'::date))`, nil},
		{"NotIn", `CHECK ((status <> ALL (ARRAY['x'::text])))`, nil},
		{"ColumnEqualsColumn", `CHECK ((a = b))`, nil},
		{"Function", `CHECK ((lower(email) = email))`, nil},
		{"OrOfDifferentColumns", `CHECK (((a = 'x'::text) OR (b = 'y'::text)))`, nil},
		{"OrWithRange", `CHECK (((a = 'x'::text) OR (a > 'z'::text)))`, nil},
		{"Subquery", `CHECK ((a = ANY (SELECT 1)))`, nil},
		{"Expression", `CHECK (((a + 1) = ANY (ARRAY[1, 2])))`, nil},
		{"Unterminated", `CHECK ((a = 'x))`, nil},
		{"Empty", ``, nil},
		{"Garbage", `))((`, nil},
		{"OnlyKeyword", `VALID`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := checkValues(tc.def)
			if tc.want == nil {
				require.Empty(t, got)
				return
			}
			require.Equal(t, tc.want, got)
		})
	}
}

// TestShownCheck: a CHECK is kept to be shown unless the allowed values say
// it whole or it is NOT VALID; NO INHERIT goes, and a line break in a
// literal is escaped so that it stays on its line.
func TestShownCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, def, want string }{
		{"Range", `CHECK ((price >= (0)::numeric))`, `CHECK ((price >= (0)::numeric))`},
		{"TwoColumns", `CHECK ((ends_at > starts_at))`, `CHECK ((ends_at > starts_at))`},
		{"NoInherit", `CHECK (((a + b) > 0)) NO INHERIT`, `CHECK (((a + b) > 0))`},
		{"NotValid", `CHECK ((a > 1)) NOT VALID`, ""},
		{"List", `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`, ""},
		{"NullOrList", `CHECK (((st IS NULL) OR (st = ANY (ARRAY['p'::text, 'q'::text]))))`, ""},
		{"ListsOfTwoColumns", `CHECK (((k = 'x'::text) AND (l = ANY (ARRAY['m'::text]))))`, ""},
		{"DomainList", `CHECK ((VALUE = ANY (ARRAY['a'::text, 'b'::text])))`, ""},
		{
			"ListAndRange", `CHECK (((status = ANY (ARRAY['a'::text, 'b'::text])) AND (qty > 0)))`,
			`CHECK (((status = ANY (ARRAY['a'::text, 'b'::text])) AND (qty > 0)))`,
		},
		{
			"ListOrRange", `CHECK (((quantity >= 0) OR (warehouse = 'returns'::text)))`,
			`CHECK (((quantity >= 0) OR (warehouse = 'returns'::text)))`,
		},
		{
			"ListWithRangeOrNull", `CHECK ((((k = 'a'::text) AND (n > 0)) OR (k IS NULL)))`,
			`CHECK ((((k = 'a'::text) AND (n > 0)) OR (k IS NULL)))`,
		},
		{"LineBreak", "CHECK ((note <> 'a\nb''c\\'::text))", `CHECK ((note <> E'a\nb\'c\\'::text))`},
		{"LineSeparator", "CHECK ((note <> 'a\u2028b'::text))", `CHECK ((note <> E'a\u2028b'::text))`},
		{"LineBreakInAName", "CHECK ((\"a\nb\" > 0))", ""},
		{"Unterminated", `CHECK ((a <> 'x))`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, ok := shownCheck(tc.def)
			require.Equal(t, tc.want != "", ok)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestCheckCondition(t *testing.T) {
	t.Parallel()
	for def, want := range map[string]string{
		`CHECK ((price >= (0)::numeric))`:                                          `price >= 0`,
		`CHECK ((p >= ('-1'::integer)::numeric))`:                                  `p >= -1`,
		`CHECK ((VALUE > (-1.5)::double precision))`:                               `VALUE > -1.5`,
		`CHECK (((code)::text ~ '^[A-Z]{3}$'::text))`:                              `(code)::text ~ '^[A-Z]{3}$'`,
		`CHECK ((s > '2020-01-01 00:00:00+00'::timestamp with time zone))`:         `s > '2020-01-01 00:00:00+00'`,
		`CHECK (((ends_at - starts_at) <= '1 day'::interval))`:                     `(ends_at - starts_at) <= '1 day'`,
		`CHECK ((tags <> '{}'::text[]))`:                                           `tags <> '{}'`,
		`CHECK ((v <> '12'::text))`:                                                `v <> '12'`,
		`CHECK ((v < ('9'::character varying(3))::text))`:                          `v < '9'`,
		`CHECK (((x)::numeric(10,2) > 1.5))`:                                       `(x)::numeric(10,2) > 1.5`,
		`CHECK (((length(c) >= 1) AND (length(c) <= 10)))`:                         `(length(c) >= 1) AND (length(c) <= 10)`,
		`CHECK (((kind = ANY (ARRAY['a'::text, 'b'::text])) AND (capacity >= 0)))`: `(kind = ANY (ARRAY['a', 'b'])) AND (capacity >= 0)`,
		`CHECK ((f(x, 0) > (0)::bigint))`:                                          `f(x, 0) > 0`,
		`CHECK ((VALUE <> E'a\nb'::text))`:                                         `VALUE <> E'a\nb'`,
		`CHECK ((a <> 'x))`:                                                        `CHECK ((a <> 'x))`,
	} {
		require.Equal(t, want, CheckCondition(def), def)
	}
}
