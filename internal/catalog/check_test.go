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
