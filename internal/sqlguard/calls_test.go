package sqlguard

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/errclass"
)

// codes returns the violation codes of a verdict.
func codes(v *Verdict) []string {
	var out []string
	for _, e := range v.Errors {
		out = append(out, e.Code)
	}
	return out
}

// TestAttributeNotation: Postgres reads q.f as f(q) when q has no column
// f, and (x).f as f(x) when x has no field f. The deny list must see those
// calls, and must not see real columns that merely look like denied names.
func TestAttributeNotation(t *testing.T) {
	t.Parallel()

	cat := NewMemCatalog([]string{"shop"},
		Table{Schema: "shop", Name: "customers", Columns: []string{"id", "name", "email"}},
		Table{Schema: "shop", Name: "webhooks", Columns: []string{"id", "url", "http_status", "version"}},
		Table{Schema: "shop", Name: "blobs"}, // columns unknown
	)
	for _, tc := range []struct {
		sql  string
		deny bool
	}{
		// Calls.
		{"SELECT c.http FROM customers c", true},
		{"SELECT customers.http FROM customers", true},
		{"SELECT shop.customers.http FROM shop.customers", true},
		{"SELECT c.pg_sleep FROM customers c", true},
		{"SELECT c.id FROM customers c WHERE c.pg_sleep IS NULL", true},
		{"SELECT c.id FROM customers c ORDER BY c.pg_sleep", true},
		{"SELECT count(*) FROM customers c GROUP BY c.pg_sleep", true},
		{"SELECT (c).http FROM customers c", true},
		{"SELECT (c.email).http_get FROM customers c", true},
		{"SELECT ((c.email).lower).http_get FROM customers c", true},
		{"SELECT (c.email).lower.http_get FROM customers c", true},
		{"SELECT (ARRAY[c.email])[1].http_get FROM customers c", true},
		{"SELECT (ROW('GET', 'http://x', NULL, NULL, NULL)::http_request).http", true},
		{"SELECT ('http://x').http_get", true},
		{"SELECT s.http FROM (SELECT 'GET' AS method, 'http://x' AS uri) s", true},
		{"SELECT s.http FROM (SELECT * FROM webhooks) s", true},
		// (x).* expands to x's fields, not to a column named x.
		{"SELECT s.http_status FROM (SELECT (w.http_status).* FROM webhooks w) s", true},
		{"WITH w AS (SELECT id FROM webhooks) SELECT w.http_status FROM w", true},
		{"SELECT g.http FROM generate_series(1, 3) g", true},
		{"SELECT j.http FROM (customers c JOIN webhooks w ON w.id = c.id) AS j", true},
		{"SELECT b.http_status FROM blobs b", true},
		{"SELECT w.http FROM webhooks w(http_status)", true},
		// The qualifier names no item: Postgres refuses it, and so do we.
		{"SELECT x.http FROM customers c", true},
		// The resolver also sees the sibling w, which Postgres hides from
		// a non-LATERAL subquery; the outer c has no column http_status.
		{"SELECT (SELECT 1 FROM webhooks w, (SELECT w.http_status) s) FROM customers w", true},
		{"SELECT 1 FROM customers c WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.id = c.pg_sleep)", true},

		// Columns.
		{"SELECT w.http_status, w.version FROM webhooks w", false},
		{"SELECT webhooks.http_status FROM webhooks", false},
		{"SELECT shop.webhooks.http_status FROM shop.webhooks", false},
		{"SELECT w.version FROM webhooks w WHERE w.http_status >= 500 ORDER BY w.version", false},
		{"SELECT c.http FROM customers c(http)", false},
		{"SELECT s.http_status FROM (SELECT http_status FROM webhooks) s", false},
		{"SELECT s.pg_sleep FROM (SELECT 1 AS pg_sleep) s", false},
		{"SELECT s.http FROM (SELECT * FROM webhooks) s(http)", false},
		{"WITH w(http) AS (SELECT url FROM webhooks) SELECT w.http FROM w", false},
		{"SELECT g.http FROM generate_series(1, 3) AS g(http)", false},
		{"SELECT r.version FROM json_to_record('{}') AS r(version int)", false},
		{"SELECT (SELECT w.http_status FROM customers c) FROM webhooks w", false},
		{"SELECT w.* FROM webhooks w", false},
		{"SELECT http_status, version FROM webhooks", false},
		// Calls of harmless functions in attribute notation are fine.
		{"SELECT c.row_to_json FROM customers c", false},
		{"SELECT (c.email).upper FROM customers c", false},
	} {
		v := Check(tc.sql, cat)
		if tc.deny {
			require.False(t, v.OK, tc.sql)
			require.Contains(t, codes(v), CodeDeniedFunction, tc.sql)
			continue
		}
		require.True(t, v.OK, "%s: %v", tc.sql, v.Errors)
	}

	v := Check("SELECT w.id, (w.url).http_get\nFROM webhooks w\nWHERE w.pg_sleep IS NULL", cat)
	require.Equal(t, []string{
		"function http_get is not allowed: it makes network requests (pgsql-http, pg_net); (w.url).http_get is attribute notation for http_get(w.url) (line 1)",
		"function pg_sleep is not allowed: it stalls the connection; w.pg_sleep is attribute notation for pg_sleep(w) (line 3)",
	}, []string{v.Errors[0].Message, v.Errors[1].Message})
	require.Equal(t, 15, v.Errors[0].Position)
	require.Equal(t, errclass.ValidationBlock, v.Errors[0].Class)

	// A custom pattern without a reason.
	g, err := New(Config{DeniedFunctions: []string{"md5"}})
	require.NoError(t, err)
	v = g.Check("SELECT c.md5 FROM customers c", cat)
	require.Equal(t, "function md5 is not allowed; c.md5 is attribute notation for md5(c) (line 1)", v.Errors[0].Message)
	require.True(t, g.Check("SELECT md5 FROM (SELECT 1 AS md5) s", cat).OK, "an unqualified name is never a call")
}

// TestSchemas: functions, operators and types may be named only in
// pg_catalog and the catalog's schemas.
func TestSchemas(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, tc := range []struct {
		sql  string
		want string // the violation code; "" for none
	}{
		{"SELECT pg_catalog.now()", ""},
		{"SELECT analytics.forecast(revenue) FROM daily_sales", ""},
		{"SELECT shop.discount(total) FROM orders", ""},
		{"SELECT rag.check_query_options('{}')", CodeUnknownSchema},
		{"SELECT public.round(total) FROM orders", CodeUnknownSchema},
		{"SELECT * FROM rag.search('x')", CodeUnknownSchema},
		{"SELECT information_schema._pg_expandarray(ARRAY[1])", CodeUnknownSchema},
		{"SELECT id FROM orders WHERE EXISTS (SELECT pg_temp.f())", CodeUnknownSchema},
		{`SELECT "PG_CATALOG".now()`, CodeUnknownSchema},
		{"SELECT rag.pg_sleep(1)", CodeDeniedFunction}, // denied, and not reported twice
		{"SELECT 1 OPERATOR(pg_catalog.+) 2", ""},
		{"SELECT 1 OPERATOR(shop.+) 2", ""},
		{"SELECT 1 OPERATOR(public.+) 2", CodeUnknownSchema},
		{"SELECT id FROM orders ORDER BY id USING OPERATOR(rag.<)", CodeUnknownSchema},
		{"SELECT 1 WHERE 1 OPERATOR(rag.=) ANY (ARRAY[1])", CodeUnknownSchema},
		{"SELECT 1 WHERE 1 OPERATOR(rag.=) ANY (SELECT 1)", CodeUnknownSchema},
		{"SELECT 1::pg_catalog.int4, 'x'::text, 1::shop.money_amount", ""},
		{"SELECT 'x'::rag.status", CodeUnknownSchema},
		{"SELECT * FROM json_to_record('{}') AS r(a rag.secret)", CodeUnknownSchema},
	} {
		v := Check(tc.sql, cat)
		if tc.want == "" {
			require.True(t, v.OK, "%s: %v", tc.sql, v.Errors)
			continue
		}
		require.Equal(t, []string{tc.want}, codes(v), "%s: %v", tc.sql, v.Errors)
	}

	v := Check("SELECT id\nFROM orders\nWHERE public.is_big(total)", cat)
	require.Equal(t, Violation{
		Code: CodeUnknownSchema, SQLSTATE: "42883", Class: errclass.SQLError, Position: 29,
		Message: "function public.is_big is in schema public, which is not part of the catalog; write functions unqualified or qualified with pg_catalog, shop or analytics (line 3)",
	}, v.Errors[0])
	require.True(t, v.Err().(*errclass.Error).Class.Repairable(), "the model can drop a guessed schema")

	v = Check("SELECT shop.f()", nil)
	require.Equal(t, "function shop.f is in schema shop, which is not part of the catalog; write functions unqualified or qualified with pg_catalog (line 1)",
		v.Errors[0].Message, "no catalog: pg_catalog only")
	require.True(t, Check("SELECT pg_catalog.lower('A')", nil).OK)

	// The catalog's search path is read, never changed.
	path := []string{"shop", "pg_catalog", "analytics"}
	shared := &sharedPathCatalog{MemCatalog: testCatalog(), path: path}
	v = Check("SELECT rag.f()", shared)
	require.Contains(t, v.Errors[0].Message, "qualified with pg_catalog, shop or analytics")
	require.Equal(t, []string{"shop", "pg_catalog", "analytics"}, path)
}

// sharedPathCatalog hands out its own slice, as a snapshot-backed catalog
// might.
type sharedPathCatalog struct {
	*MemCatalog
	path []string
}

func (c *sharedPathCatalog) SearchPath() []string { return c.path }

// TestObjectIdentifierTypes: casts to regclass and its kin look objects up
// by name or OID, outside the catalog.
func TestObjectIdentifierTypes(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, sql := range []string{
		"SELECT 'rag.queries'::regclass",
		"SELECT CAST('rag.queries' AS regclass)",
		"SELECT regclass 'rag.queries'",
		"SELECT 'rag.queries'::pg_catalog.regclass::oid",
		"SELECT g::regclass FROM generate_series(1, 100000) g",
		"SELECT ARRAY['a', 'b']::regclass[]",
		"SELECT 'pg_sleep'::regproc",
		"SELECT 'rag'::regnamespace",
		"SELECT 'postgres'::regrole",
		"SELECT 'int'::regtype",
		"SELECT * FROM json_to_record('{\"a\": \"rag.queries\"}') AS r(a regclass)",
		"SELECT * FROM XMLTABLE('/x' PASSING xml '<x/>' COLUMNS a regclass PATH 'a')",
		// aclitem's text names roles; its input fails for one that does
		// not exist.
		"SELECT 'nosuchrole=r/x'::aclitem",
		"SELECT CAST('{}' AS aclitem[])",
		"SELECT '{}'::_aclitem",
	} {
		v := Check(sql, cat)
		require.False(t, v.OK, sql)
		require.Contains(t, codes(v), CodeDeniedType, sql)
	}
	for _, sql := range []string{
		"SELECT regclass('rag.queries')", // a function-style cast
		"SELECT to_regclass('rag.queries')",
		"SELECT (c.name).regclass FROM customers c", // attribute notation
	} {
		require.Contains(t, codes(Check(sql, cat)), CodeDeniedFunction, sql)
	}
	require.True(t, Check("SELECT pg_typeof(total)::text FROM orders", cat).OK, "pg_typeof returns a regtype; no cast is written")
}

// TestParameters: $n placeholders are refused, repairably, where they
// stand.
func TestParameters(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for sql, clause := range map[string]string{
		"SELECT id FROM orders WHERE id = $1": "WHERE",
		"SELECT $1":                           "the SELECT list",
		"SELECT id FROM orders LIMIT $1":      "LIMIT/OFFSET",
		"SELECT id FROM orders ORDER BY $1":   "ORDER BY",
		"SELECT id FROM orders WHERE id IN (SELECT id FROM orders WHERE total > $1)": "WHERE",
		"SELECT c.id FROM customers c JOIN orders o ON o.customer_id = $1":           "a JOIN condition",
		"SELECT status FROM orders GROUP BY status HAVING count(*) > $1":             "HAVING",
		"SELECT $1.f":                          "the SELECT list",
		"VALUES ($1)":                          "VALUES",
		"SELECT * FROM generate_series(1, $1)": "FROM",
	} {
		v := Check(sql, cat)
		require.False(t, v.OK, sql)
		require.Equal(t, StagePolicy, v.Stage, sql)
		e := v.Errors[0]
		require.Equal(t, CodeParameter, e.Code, sql)
		require.Equal(t, "42P02", e.SQLSTATE, sql)
		require.Equal(t, errclass.SQLError, e.Class, sql)
		require.Equal(t, "$1 in "+clause+" is a parameter placeholder, but no parameter values are sent; write the literal value instead of $1 (line 1)", e.Message, sql)
		require.Equal(t, strings.Index(sql, "$1")+1, e.Position, sql)
		require.True(t, v.Err().(*errclass.Error).Class.Repairable(), sql)
	}

	v := Check("SELECT id\nFROM orders\nWHERE customer_id = $2 AND status = $1 OR customer_id = $2", cat)
	require.Len(t, v.Errors, 2, "one violation per parameter")
	require.Contains(t, v.Errors[0].Message, "$2")
	require.Contains(t, v.Errors[0].Message, "(line 3)")
	require.Contains(t, v.Errors[1].Message, "$1")

	// A denied function still blocks the whole verdict.
	err := Check("SELECT pg_sleep($1)", cat).Err()
	require.Equal(t, errclass.ValidationBlock, err.(*errclass.Error).Class)
}

// TestSystemCatalogNames: PostgreSQL searches pg_catalog before the search
// path, so an unqualified pg_* table is the system's even where the catalog
// registers one of that name; qualified, the registered one is allowed.
func TestSystemCatalogNames(t *testing.T) {
	t.Parallel()
	cat := NewMemCatalog([]string{"shop"},
		Table{Schema: "shop", Name: "pg_stat_activity", Columns: []string{"pid", "query"}},
		Table{Schema: "shop", Name: "orders", Columns: []string{"id"}})
	v := Check("SELECT pid, query FROM pg_stat_activity", cat)
	require.False(t, v.OK)
	require.Contains(t, v.Errors[0].Message, "would read PostgreSQL's system catalog of that name: write the registered one with its schema, shop.pg_stat_activity")
	require.True(t, Check("SELECT pid, query FROM shop.pg_stat_activity", cat).OK)
	require.True(t, Check("SELECT id FROM orders", cat).OK)
}

// TestXPathRefused: libxml2 evaluates XPath without checking for
// interrupts, so a nested count() runs past statement_timeout and cannot be
// cancelled. The XPath functions and XMLEXISTS are denied like any
// function, and XMLTABLE, which is SQL syntax and no call, by its own rule;
// a catalog's function that is merely called xmltable stays allowed.
func TestXPathRefused(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, sql := range []string{
		"SELECT xpath('count(//a)', '<r><a/></r>'::xml)",
		"SELECT pg_catalog.xpath_exists('//a', '<r/>'::xml)",
		"SELECT 1 FROM orders WHERE XMLEXISTS('//a' PASSING ('<r/>'::xml))",
		"SELECT xml_is_well_formed('<r/>'), xml_is_well_formed_content('<r/>')",
		"SELECT * FROM XMLTABLE('//a' PASSING ('<r><a/></r>'::xml) COLUMNS n int PATH 'count(//a)')",
		"SELECT o.id FROM orders o WHERE EXISTS (SELECT 1 FROM XMLTABLE('/r' PASSING (o.status::xml) COLUMNS v text) x)",
	} {
		v := Check(sql, cat)
		require.False(t, v.OK, sql)
		require.Equal(t, StagePolicy, v.Stage, sql)
		require.Equal(t, CodeDeniedFunction, v.Errors[0].Code, sql)
		require.Equal(t, errclass.ValidationBlock, v.Errors[0].Class, sql)
		require.Contains(t, v.Errors[0].Message, "libxml2, which neither the statement timeout nor a cancel interrupts", sql)
	}

	v := Check("SELECT n FROM XMLTABLE('//a' PASSING ('<r/>'::xml) COLUMNS n int)", cat)
	require.Equal(t, "XMLTABLE is not allowed: it evaluates XPath in libxml2, which neither the statement timeout nor a cancel interrupts (line 1)", v.Errors[0].Message)
	require.Equal(t, 15, v.Errors[0].Position)

	v = Check("SELECT * FROM shop.xmltable(1)", cat)
	require.True(t, v.OK, "%v", v.Errors)
	v = Check("SELECT xmlelement(name a, status), xmlforest(id, status), xmlagg(xmlelement(name b, id)) FROM orders", cat)
	require.True(t, v.OK, "building XML escapes text and evaluates no XPath: %v", v.Errors)

	// Parsing text as XML is as deaf to the statement timeout and cancel:
	// an element of 60,000 attributes built with string_agg parses for 10 s
	// (the time grows with the square of their number).
	for sql, code := range map[string]string{
		"SELECT XMLPARSE(CONTENT '<a ' || string_agg('a' || id || '=\"\"', ' ') || '/>') FROM orders": CodeDeniedFunction,
		"SELECT xml(string_agg(status, ' ')) FROM orders":                                             CodeDeniedFunction,
		"SELECT texttoxml(status), xml_in('<a/>') FROM orders":                                        CodeDeniedFunction,
		"SELECT string_agg(status, ' ')::xml FROM orders":                                             CodeDeniedType,
		"SELECT CAST(status AS pg_catalog.xml) FROM orders":                                           CodeDeniedType,
		"SELECT xml '<a/>'":                                         CodeDeniedType,
		"SELECT ARRAY[status]::xml[] FROM orders":                   CodeDeniedType,
		`SELECT * FROM json_to_record('{"a": "<a/>"}') AS t(a xml)`: CodeDeniedType,
	} {
		v := Check(sql, cat)
		require.Equal(t, StagePolicy, v.Stage, sql)
		require.Equal(t, code, v.Errors[0].Code, sql)
		require.Equal(t, errclass.ValidationBlock, v.Errors[0].Class, sql)
		require.Contains(t, v.Errors[0].Message, "libxml2, which neither the statement timeout nor a cancel interrupts", sql)
	}
}

// TestSessionAndNameLookups: what reveals the session (the login, the
// database, the server process) is refused, in call syntax and as the key
// words the grammar keeps apart from calls; and so are names given as text
// or after COLLATE in schemas outside the catalog, whose lookup errors tell
// which schemas exist on the server. Unqualified names, and names in
// pg_catalog or the catalog's schemas, stay allowed.
func TestSessionAndNameLookups(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, tc := range []struct {
		sql  string
		want string // the violation code; "" for none
	}{
		{"SELECT session_user", CodeDeniedFunction},
		{"SELECT current_user", CodeDeniedFunction},
		{"SELECT user", CodeDeniedFunction},
		{"SELECT id FROM orders WHERE status = CURRENT_ROLE", CodeDeniedFunction},
		{"SELECT current_catalog", CodeDeniedFunction},
		{"SELECT current_schema", CodeDeniedFunction},
		{"SELECT current_database()", CodeDeniedFunction},
		{"SELECT pg_catalog.current_user()", CodeDeniedFunction},
		{`SELECT "session_user"()`, CodeDeniedFunction},
		{"SELECT current_schemas(true)", CodeDeniedFunction},
		{"SELECT system_user", CodeDeniedFunction},
		{"SELECT pg_backend_pid()", CodeDeniedFunction},
		{"SELECT inet_server_addr(), inet_server_port()", CodeDeniedFunction},
		{"SELECT satisfies_hash_partition(1260, 1, 0, 1)", CodeDeniedFunction},
		{"SELECT getpgusername()", CodeDeniedFunction},
		{"SELECT unaccent('secret.nope', name) FROM customers", CodeUnknownSchema},
		{"SELECT unaccent('unaccent', name), unaccent(name) FROM customers", ""},
		{"SELECT current_date, current_timestamp(2), localtime, now() FROM orders", ""},

		{"SELECT to_tsvector('secret.nope', status) FROM orders", CodeUnknownSchema},
		{`SELECT to_tsvector(' "Secret" . nope ', status) FROM orders`, CodeUnknownSchema},
		{"SELECT to_tsvector('mydb.pg_catalog.english', status) FROM orders", CodeUnknownSchema},
		{"SELECT to_tsquery('rag.x', 'a & b')", CodeUnknownSchema},
		{"SELECT plainto_tsquery('rag.x', 'a'), phraseto_tsquery('english', 'a')", CodeUnknownSchema},
		{"SELECT websearch_to_tsquery('public.x', 'a')", CodeUnknownSchema},
		{"SELECT ts_headline('secret.x', status, to_tsquery('a')) FROM orders", CodeUnknownSchema},
		{"SELECT * FROM ts_debug('secret.x', 'a')", CodeUnknownSchema},
		{"SELECT * FROM ts_debug(document => 'a', config => 'secret.x')", CodeUnknownSchema},
		{"SELECT ts_lexize('secret.simple', 'a')", CodeUnknownSchema},
		{"SELECT * FROM ts_token_type('secret.default')", CodeUnknownSchema},
		{"SELECT jsonb_to_tsvector('secret.x', '{}'::jsonb, '[\"all\"]')", CodeUnknownSchema},
		{"SELECT to_tsvector('english', status), to_tsvector('pg_catalog.simple', status) FROM orders", ""},
		// A database part names another database, or has PostgreSQL say
		// which is the current one.
		{"SELECT nosuch.pg_catalog.lower(status) FROM orders", CodeUnknownSchema},
		{"SELECT 1::nosuch.pg_catalog.int4", CodeUnknownSchema},
		{"SELECT CAST(status AS nosuch.pg_catalog.text) FROM orders", CodeUnknownSchema},
		{"SELECT pg_catalog.lower(status), 1::pg_catalog.int4 FROM orders", ""},
		{"SELECT to_tsvector('shop.custom', status), to_tsquery('Analytics.x', 'a') FROM orders", ""},
		{"SELECT websearch_to_tsquery('english', 'node.js'), to_tsquery('node.js')", ""},
		{"SELECT to_tsvector(status) @@ plainto_tsquery('e.g') FROM orders", ""},
		{"SELECT ts_headline('body.text', to_tsquery('a'))", ""},
		{"SELECT to_tsvector('secret.nope', 'x')::text || lower('secret.nope')", CodeUnknownSchema},
		{"SELECT lower('secret.nope'), to_tsvector('invalid..name', 'x')", ""},

		{`SELECT status COLLATE secret."C" FROM orders`, CodeUnknownSchema},
		{`SELECT id FROM orders ORDER BY status COLLATE public."C"`, CodeUnknownSchema},
		{`SELECT status COLLATE mydb.pg_catalog."C" FROM orders`, CodeUnknownSchema},
		{`SELECT * FROM json_to_record('{}') AS r(a text COLLATE secret."C")`, CodeUnknownSchema},
		{`SELECT status COLLATE "C", status COLLATE pg_catalog."C", status COLLATE shop.nocase FROM orders`, ""},
	} {
		v := Check(tc.sql, cat)
		if tc.want == "" {
			require.True(t, v.OK, "%s: %v", tc.sql, v.Errors)
			continue
		}
		require.Contains(t, codes(v), tc.want, "%s: %v", tc.sql, v.Errors)
		require.Equal(t, StagePolicy, v.Stage, tc.sql)
	}

	v := Check("SELECT id FROM orders WHERE status = CURRENT_ROLE", cat)
	require.Equal(t, Violation{
		Code: CodeDeniedFunction, SQLSTATE: "42501", Class: errclass.ValidationBlock, Position: 38,
		Message: "CURRENT_ROLE is not allowed: it reveals the database role the query runs as, which no question about the data needs (line 1)",
	}, v.Errors[0])
	v = Check("SELECT to_tsvector('secret.nope', status) FROM orders", cat)
	require.Equal(t, Violation{
		Code: CodeUnknownSchema, SQLSTATE: "42704", Class: errclass.SQLError, Position: 20,
		Message: "text search configuration 'secret.nope' is in schema secret, which is not part of the catalog; write text search configurations unqualified or qualified with pg_catalog, shop or analytics (line 1)",
	}, v.Errors[0])
	v = Check(`SELECT status COLLATE secret."C" FROM orders`, cat)
	require.Equal(t, "collation secret.C is in schema secret, which is not part of the catalog; write collations unqualified or qualified with pg_catalog, shop or analytics (line 1)",
		v.Errors[0].Message)

	// The key words follow DeniedFunctions like the functions they stand for.
	g, err := New(Config{DeniedFunctions: []string{}})
	require.NoError(t, err)
	require.True(t, g.Check("SELECT current_user, session_user", cat).OK)
}
