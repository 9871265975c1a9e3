package sqlguard

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/nl2sql/nl2sql/internal/dbtest"
)

// shopDDL creates the golden cases' test catalog in a real database.
const shopDDL = `
CREATE SCHEMA shop;
CREATE TABLE shop.customers (id bigint PRIMARY KEY, name text, email varchar(200), country text, created_at timestamptz);
CREATE TABLE shop.orders (id bigint PRIMARY KEY, customer_id bigint, status text, total numeric, created_at timestamptz);
CREATE TABLE shop.order_lines (id bigint PRIMARY KEY, order_id bigint, product_id bigint, quantity int, unit_price numeric);
CREATE DOMAIN shop.category_code AS text;
CREATE TABLE shop.products (id bigint PRIMARY KEY, name text, category shop.category_code, price numeric);
CREATE TABLE shop.webhooks (id bigint PRIMARY KEY, order_id bigint, url text, http_status int, version int, sent_at timestamptz);
CREATE SCHEMA analytics;
CREATE TABLE analytics.daily_sales (day date PRIMARY KEY, revenue numeric, orders int);
`

// lintSQLSTATEs are the errors Postgres raises for the lint findings that
// are certain errors on the server (even where lint only warns).
var lintSQLSTATEs = map[string][]string{
	LintUndefinedAlias:        {"42P01"}, // missing FROM-clause entry / invalid reference
	LintDuplicateAlias:        {"42712"}, // table name specified more than once
	LintAggregateWithoutGroup: {"42803"}, // must appear in the GROUP BY clause
	LintNonAggregateInSelect:  {"42803"},
	LintAmbiguousColumn:       {"42702"}, // column reference is ambiguous
	LintOrderByOrdinal:        {"42P10"}, // ORDER BY position n is not in select list
	LintGroupByOrdinal:        {"42P10"},
	LintAggregateInWhere:      {"42803"}, // aggregate functions are not allowed in WHERE
	LintWindowInWhere:         {"42P20"}, // window functions are not allowed in WHERE
	// operator does not exist: text = integer; invalid input syntax for
	// type numeric.
	LintTypeMismatch: {"42883", "22P02"},
}

// TestGoldenAgainstPostgres replays the golden cases on a real server with
// the same tables: the SQL of every OK verdict must EXPLAIN cleanly (so the
// LIMIT rewrite yields valid SQL), syntax errors must be syntax errors to
// Postgres too, and every lint finding listed in lintSQLSTATEs must match
// the error Postgres raises for the original query.
func TestGoldenAgainstPostgres(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopDDL)
	require.NoError(t, err)
	conn, err := db.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SET search_path = shop, analytics")
	require.NoError(t, err)

	explain := func(sql string) string {
		_, err := conn.Exec(ctx, "EXPLAIN "+sql)
		if err == nil {
			return ""
		}
		var pgErr *pgconn.PgError
		require.True(t, errors.As(err, &pgErr), "EXPLAIN %q: %v", sql, err)
		return pgErr.Code
	}

	dirs, err := os.ReadDir("testdata")
	require.NoError(t, err)
	checked := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "fuzz" {
			continue
		}
		dir := filepath.Join("testdata", d.Name())
		query, err := os.ReadFile(filepath.Join(dir, "query.sql"))
		require.NoError(t, err)
		v := Check(string(query), testCatalog()) // default config: warnings included

		var wantStates []string
		for _, is := range v.Lint {
			if s, ok := lintSQLSTATEs[is.Code]; ok {
				wantStates = s
				break
			}
		}
		switch {
		case wantStates != nil:
			require.Contains(t, wantStates, explain(string(query)), "%s: Postgres should reject what lint reports", d.Name())
		case v.OK:
			require.Empty(t, explain(v.SQL), "%s: the guarded SQL must be valid", d.Name())
		case v.Stage == StageParse && v.Errors[0].Code == CodeSyntax:
			require.Equal(t, "42601", explain(string(query)), d.Name())
		case v.Stage == StageLint:
			require.Empty(t, explain(string(query)), "%s: a Cartesian product, a comparison with NULL are valid SQL", d.Name())
		default:
			continue
		}
		checked++
	}
	require.Greater(t, checked, 40)
}

// TestLintQuietOnValidSQL runs valid queries of the kinds models write
// through the guard: lint must not report anything, and Postgres must accept
// them, so a finding here is a false positive.
func TestLintQuietOnValidSQL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopDDL)
	require.NoError(t, err)
	conn, err := db.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SET search_path = shop, analytics")
	require.NoError(t, err)

	for _, sql := range []string{
		"SELECT c.id, c.name, count(o.id) AS n FROM customers c LEFT JOIN orders o ON o.customer_id = c.id GROUP BY c.id ORDER BY n DESC",
		"SELECT customers.name, orders.total FROM customers JOIN orders ON orders.customer_id = customers.id",
		"SELECT shop.customers.name FROM shop.customers",
		"SELECT name, email FROM customers WHERE country = 'NL' ORDER BY name",
		"SELECT status, count(*), avg(total) FROM orders GROUP BY status HAVING count(*) > 1",
		"SELECT date_trunc('month', created_at) AS month, sum(total) FROM orders GROUP BY date_trunc('month', created_at) ORDER BY month",
		"SELECT date_trunc('month', created_at), sum(total) FROM orders GROUP BY 1 ORDER BY 1",
		"SELECT to_char(o.created_at, 'YYYY') AS year, c.country, sum(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY year, c.country",
		"SELECT p.category, count(*) FILTER (WHERE p.price > 10) FROM products p GROUP BY ROLLUP (p.category)",
		"SELECT count(*) FROM orders",
		"SELECT count(*), sum(total) FROM orders WHERE status = 'paid'",
		"SELECT o.id, o.total, sum(o.total) OVER (PARTITION BY o.customer_id ORDER BY o.created_at) FROM orders o",
		"SELECT name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)",
		"SELECT c.name, t.total FROM customers c JOIN (SELECT customer_id, sum(total) AS total FROM orders GROUP BY customer_id) t ON t.customer_id = c.id",
		"WITH t AS (SELECT customer_id, sum(total) AS total FROM orders GROUP BY customer_id) SELECT c.name, t.total FROM customers c, t WHERE t.customer_id = c.id",
		"SELECT o.id, s.share FROM orders o, (SELECT sum(total) AS share FROM orders) s",
		"SELECT c.name, g.n FROM customers c, generate_series(1, 3) AS g(n)",
		"SELECT c.name FROM customers c, orders o, order_lines ol WHERE o.customer_id = c.id AND ol.order_id = o.id AND ol.quantity > 2",
		"SELECT name FROM customers UNION SELECT name FROM products ORDER BY name",
		"SELECT id, status FROM orders NATURAL JOIN (SELECT id, quantity FROM order_lines) l",
		"SELECT p.name, ol.quantity FROM products p JOIN order_lines ol ON ol.product_id = p.id WHERE ol.unit_price > p.price * 0.9",
		"SELECT country, count(DISTINCT c.id) FROM customers c GROUP BY country",
		"SELECT c.country, (SELECT max(o.total) FROM orders o WHERE o.customer_id = c.id) FROM customers c",
		"SELECT extract(year FROM created_at)::int AS y, count(*) AS n FROM orders GROUP BY y HAVING count(*) > 0 ORDER BY y",
		"SELECT day, revenue, revenue - lag(revenue) OVER (ORDER BY day) AS delta FROM daily_sales",
		"SELECT * FROM orders o WHERE o.total > (SELECT avg(total) FROM orders)",
		"SELECT c.name, last_order.created_at FROM customers c CROSS JOIN LATERAL (SELECT created_at FROM orders WHERE customer_id = c.id ORDER BY created_at DESC LIMIT 1) last_order",
		"SELECT status FROM orders GROUP BY status ORDER BY count(*) DESC",
		"SELECT p.id, p.name, sum(ol.quantity) FROM products p JOIN order_lines ol ON ol.product_id = p.id GROUP BY p.id, p.name",
		"SELECT COALESCE(c.country, 'unknown') AS country, count(*) FROM customers c GROUP BY COALESCE(c.country, 'unknown')",
		"SELECT id FROM orders INTERSECT SELECT order_id FROM order_lines",
		"VALUES (1, 'a'), (2, 'b') ORDER BY 1",
		"SELECT CASE WHEN total > 100 THEN 'big' ELSE 'small' END AS size, count(*) FROM orders GROUP BY 1",
		"SELECT customer_id, array_agg(id ORDER BY created_at) FROM orders GROUP BY customer_id",
		"SELECT o.customer_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY o.total) FROM orders o GROUP BY o.customer_id",
		"SELECT name FROM customers ORDER BY created_at DESC LIMIT 5",
		"SELECT c.name FROM customers c WHERE c.email IS NULL OR c.country IS DISTINCT FROM 'NL'",
		"SELECT id FROM orders WHERE total > '100' AND status = 'paid' AND customer_id = 42",
		"SELECT status, count(*) FROM orders GROUP BY status HAVING count(*) > 1 AND status <> 'x'",
		"SELECT c.name, (SELECT o.total FROM orders o WHERE o.customer_id = c.id ORDER BY o.created_at DESC LIMIT 1) FROM customers c",
		"SELECT p.name, CASE p.category WHEN 'toys' THEN 1 ELSE 0 END FROM products p",
		"SELECT o.id FROM orders o JOIN webhooks w ON w.order_id = o.id WHERE w.http_status >= 500 AND w.version <> 2",
		"SELECT o.id FROM orders o WHERE o.total BETWEEN 10 AND '20.5' AND o.status IN ('paid', 'shipped')",
	} {
		v := Check(sql, testCatalog())
		require.True(t, v.OK, "%s: %v", sql, v.Errors)
		require.Empty(t, v.Lint, sql)
		_, err := conn.Exec(ctx, "EXPLAIN "+v.SQL)
		require.NoError(t, err, v.SQL)
	}
}

// TestAnalyticFunctionsOnPostgres: the expressions the guard must allow
// are real SQL (so the allow list test proves something).
func TestAnalyticFunctionsOnPostgres(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopDDL)
	require.NoError(t, err)
	conn, err := db.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SET search_path = shop, analytics")
	require.NoError(t, err)

	for _, expr := range analyticExprs {
		v := Check("SELECT "+expr+" FROM orders o", testCatalog())
		require.True(t, v.OK, "%s: %v", expr, v.Errors)
		_, err := conn.Exec(ctx, "EXPLAIN "+v.SQL)
		require.NoError(t, err, v.SQL)
	}
}

// TestNameLookupsOnPostgres shows the oracle the guard closes: a text
// search configuration or collation named in a schema answers "schema does
// not exist" only when there is no such schema, anywhere on the server.
// The guard refuses both spellings.
func TestNameLookupsOnPostgres(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, "CREATE SCHEMA secret")
	require.NoError(t, err)

	message := func(sql string) string {
		_, err := db.Pool.Exec(ctx, sql)
		var pgErr *pgconn.PgError
		require.True(t, errors.As(err, &pgErr), "%s: %v", sql, err)
		return pgErr.Message
	}
	for _, sql := range []string{
		"SELECT to_tsvector('%s.nope', 'x')",
		"SELECT ts_lexize('%s.nope', 'x')",
		`SELECT 'x' COLLATE %s."C"`,
	} {
		exists, missing := fmt.Sprintf(sql, "secret"), fmt.Sprintf(sql, "nosuch")
		require.NotEqual(t, message(exists), message(missing), "the errors tell the schemas apart")
		for _, q := range []string{exists, missing} {
			v := Check(q, testCatalog())
			require.Equal(t, StagePolicy, v.Stage, q)
			require.Contains(t, codes(v), CodeUnknownSchema, q)
		}
	}
}

// TestSizesFoldWhilePlanning shows why the guard bounds repeat and its kin
// over constants: the planner computes them while EXPLAIN plans, so the
// value is built in memory before anything runs.
func TestSizesFoldWhilePlanning(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)
	var plan string
	err := db.Pool.QueryRow(ctx, `EXPLAIN (VERBOSE, FORMAT JSON) SELECT length(repeat(repeat('ab', 2), 3)), lpad('x', 3, '-'), array_fill(7, ARRAY[2])`).Scan(&plan)
	require.NoError(t, err)
	require.Contains(t, plan, `"Output": ["12", "'--x'::text", "'{7,7}'::integer[]"]`)
}

// TestAttributeNotationOnPostgres shows on a real server that the queries
// the guard refuses for attribute notation do call the function (they
// return what it returns), and that a real column wins over a function of
// the same name, as the guard assumes.
func TestAttributeNotationOnPostgres(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)
	_, err := db.Pool.Exec(ctx, shopDDL+`
INSERT INTO shop.webhooks VALUES (1, 1, 'http://example.com/', 503, 2, now());
-- Stand-ins for pgsql-http, under the names the deny list knows.
CREATE FUNCTION shop.http(shop.webhooks) RETURNS text LANGUAGE sql AS $$ SELECT 'called http' $$;
CREATE FUNCTION shop.http_get(text) RETURNS text LANGUAGE sql AS $$ SELECT 'called http_get' $$;
CREATE FUNCTION shop.http_status(anyelement) RETURNS text LANGUAGE sql AS $$ SELECT 'called http_status' $$;
`)
	require.NoError(t, err)
	conn, err := db.Pool.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(ctx, "SET search_path = shop, analytics")
	require.NoError(t, err)

	for sql, want := range map[string]string{
		"SELECT w.http FROM webhooks w":                                   "called http",
		"SELECT webhooks.http FROM webhooks":                              "called http",
		"SELECT shop.webhooks.http FROM shop.webhooks":                    "called http",
		"SELECT (w).http FROM webhooks w":                                 "called http",
		"SELECT s.http FROM (SELECT * FROM webhooks) s":                   "called http",
		"WITH x AS (SELECT * FROM webhooks) SELECT x.http FROM x":         "called http",
		"WITH x AS (SELECT id FROM webhooks) SELECT x.http_status FROM x": "called http_status",
		"SELECT (w.url).http_get FROM webhooks w":                         "called http_get",
	} {
		var got string
		require.NoError(t, conn.QueryRow(ctx, sql).Scan(&got), sql)
		require.Equal(t, want, got, "%s: Postgres calls the function", sql)

		v := Check(sql, testCatalog())
		require.False(t, v.OK, sql)
		require.Contains(t, codes(v), CodeDeniedFunction, sql)
	}

	sql := "SELECT w.http_status FROM webhooks w"
	var status int
	require.NoError(t, conn.QueryRow(ctx, sql).Scan(&status))
	require.Equal(t, 503, status, "the column wins over the function http_status(anyelement)")
	require.True(t, Check(sql, testCatalog()).OK)
}

// TestDenyListCoversPostgres checks the deny list against the server's own
// catalog, so that a function missed by name (pg_read_file_old beside
// pg_read_file, regclassin beside the regclass cast) or added by a new
// Postgres release fails here. Every pg_catalog function that Postgres
// withholds from PUBLIC, that takes or returns an object identifier type,
// or that is volatile and callable from SQL must be denied, unless it is
// listed below as harmless.
func TestDenyListCoversPostgres(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)

	harmless := map[string]bool{
		// Text search: the regconfig or regdictionary argument names a
		// text search configuration, which full-text questions need.
		"to_tsvector": true, "to_tsquery": true, "plainto_tsquery": true, "phraseto_tsquery": true,
		"websearch_to_tsquery": true, "ts_headline": true, "ts_debug": true, "ts_lexize": true,
		"json_to_tsvector": true, "jsonb_to_tsvector": true, "get_current_ts_config": true,
		// The type of a value the query has (see defaultDenied).
		"pg_typeof": true,
		// Volatile, but only about the query itself: time, randomness, its
		// own text, and facts about the session that reveal nothing else.
		"clock_timestamp": true, "timeofday": true, "random": true, "gen_random_uuid": true,
		"current_query": true, "pg_jit_available": true, "pg_notification_queue_usage": true,
		// An OID in, digits or a phase's name out: nothing of any object.
		"nameconcatoid": true, "oidout": true, "oidvectorout": true, "pg_indexam_progress_phasename": true,
	}

	rows, err := db.Pool.Query(ctx, `
WITH f AS (
    SELECT p.proname, p.provolatile, p.proacl, p.proargtypes::oid[] || p.prorettype AS types,
           ARRAY(SELECT unnest(p.proargtypes::oid[])) AS args, p.prorettype AS ret
    FROM pg_catalog.pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind IN ('f', 'a', 'w')
)
SELECT DISTINCT proname, why FROM (
    SELECT proname, 'Postgres withholds it from PUBLIC' AS why FROM f
    WHERE proacl IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM aclexplode(proacl) a WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE')
    UNION ALL
    SELECT proname, 'it takes or returns an object identifier type' FROM f
    WHERE EXISTS (
        SELECT 1 FROM unnest(types) u JOIN pg_catalog.pg_type ty ON ty.oid = u
        WHERE ty.typnamespace = 'pg_catalog'::regnamespace AND ty.typname ~ '^_?reg')
    UNION ALL
    SELECT proname, 'it reads a value as a type given by OID' FROM f
    WHERE 'cstring'::regtype = ANY (args) AND 'oid'::regtype = ANY (args)
    UNION ALL
    SELECT proname, 'it takes or returns aclitem, whose text names roles' FROM f
    WHERE types && ARRAY['aclitem', 'aclitem[]']::regtype[]::oid[]
    UNION ALL
    SELECT proname, 'it takes an OID and returns a name' FROM f
    WHERE args && ARRAY['oid', 'oidvector']::regtype[]::oid[]
      AND ret = ANY (ARRAY['text', 'name', 'cstring']::regtype[]::oid[])
      AND NOT 'internal'::regtype = ANY (types)
    UNION ALL
    SELECT proname, 'it is volatile' FROM f
    WHERE provolatile = 'v' AND NOT EXISTS (
        SELECT 1 FROM unnest(types) u
        WHERE u = ANY (ARRAY['internal', 'trigger', 'event_trigger', 'language_handler', 'fdw_handler',
                             'index_am_handler', 'table_am_handler', 'tsm_handler']::regtype[]))
) x
ORDER BY 1, 2`)
	require.NoError(t, err)
	type fn struct{ name, why string }
	fns, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (fn, error) {
		var f fn
		return f, r.Scan(&f.name, &f.why)
	})
	require.NoError(t, err)
	require.Greater(t, len(fns), 100, "the queries find the functions they are about")

	var missed []string
	for _, f := range fns {
		if _, denied := defaultGuard.denied("", f.name); !denied && !harmless[f.name] {
			missed = append(missed, f.name+": "+f.why)
		}
	}
	require.Empty(t, missed, "deny these functions, or list them as harmless with a reason")

	// The guard refuses casts to each object identifier type by name.
	rows, err = db.Pool.Query(ctx, `SELECT typname FROM pg_catalog.pg_type
WHERE typnamespace = 'pg_catalog'::regnamespace AND typname ~ '^_?reg' ORDER BY 1`)
	require.NoError(t, err)
	types, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	require.NotEmpty(t, types)
	for _, ty := range types {
		require.True(t, oidType(ty), "type %s is missing from oidTypes", ty)
	}
}

// contribModules are the extensions shipped with PostgreSQL whose
// functions TestDenyListCoversContrib checks, where the server has them.
var contribModules = []string{
	"adminpack", "amcheck", "autoinc", "bloom", "btree_gin", "btree_gist", "citext", "cube", "dblink",
	"dict_int", "dict_xsyn", "earthdistance", "file_fdw", "fuzzystrmatch", "hstore", "insert_username",
	"intagg", "intarray", "isn", "lo", "ltree", "moddatetime", "old_snapshot", "pageinspect",
	"pg_buffercache", "pg_freespacemap", "pg_prewarm", "pg_stat_statements", "pg_surgery", "pg_trgm",
	"pg_visibility", "pg_walinspect", "pgcrypto", "pgrowlocks", "pgstattuple", "postgres_fdw", "refint",
	"seg", "sslinfo", "tablefunc", "tcn", "tsm_system_rows", "tsm_system_time", "unaccent", "uuid-ossp", "xml2",
}

// TestDenyListCoversContrib applies TestDenyListCoversPostgres's rules to
// the functions of PostgreSQL's contrib extensions: installed in a
// registered schema, they are called unqualified like built-ins, and some
// read any table by name (pgstattuple, pageinspect) or write pages that
// neither READ ONLY nor a rollback protects (pg_surgery's
// heap_force_kill). Every function that Postgres withholds from PUBLIC,
// that takes or returns an object identifier type, or that is volatile
// must be denied unless listed below. (tablefunc's crosstab, which runs
// SQL passed as text, is stable and granted to PUBLIC: no such rule finds
// it, the hostile corpus does.)
func TestDenyListCoversContrib(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)

	rows, err := db.Pool.Query(ctx,
		`SELECT name FROM pg_catalog.pg_available_extensions WHERE name = ANY ($1) ORDER BY 1`, contribModules)
	require.NoError(t, err)
	available, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	if len(available) == 0 {
		t.Skip("the server has no contrib extensions")
	}
	for _, ext := range available {
		_, err := db.Pool.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS "+pgx.Identifier{ext}.Sanitize()+" CASCADE")
		require.NoError(t, err, ext)
	}

	harmless := map[string]bool{
		// pageinspect's decoders of a page given as bytea: without
		// get_raw_page (denied) only a page the query makes up.
		"brin_metapage_info": true, "brin_page_type": true, "brin_revmap_data": true, "fsm_page_contents": true,
		"gin_leafpage_items": true, "gin_metapage_info": true, "gin_page_opaque_info": true,
		"gist_page_opaque_info": true, "hash_metapage_info": true, "hash_page_items": true,
		"hash_page_stats": true, "hash_page_type": true, "heap_tuple_infomask_flags": true,
		"page_checksum": true, "page_header": true,
		// Randomness, and encryption with random salts and keys.
		"gen_random_bytes": true, "gen_random_uuid": true, "gen_salt": true, "normal_rand": true,
		"pgp_pub_encrypt": true, "pgp_pub_encrypt_bytea": true, "pgp_sym_encrypt": true, "pgp_sym_encrypt_bytea": true,
		"uuid_generate_v1mc": true, "uuid_generate_v4": true,
		// Its regdictionary argument names a text search dictionary, which
		// the guard checks like ts_lexize's (nameArgs).
		"unaccent": true,
	}

	rows, err = db.Pool.Query(ctx, `
WITH f AS (
    SELECT e.extname, p.proname, p.provolatile, p.proacl, p.proargtypes::oid[] || p.prorettype AS types
    FROM pg_catalog.pg_proc p
    JOIN pg_catalog.pg_depend d
      ON d.classid = 'pg_catalog.pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
    JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
    WHERE p.prokind IN ('f', 'a', 'w') AND e.extname = ANY ($1)
)
SELECT DISTINCT extname, proname, why FROM (
    SELECT extname, proname, 'Postgres withholds it from PUBLIC' AS why FROM f
    WHERE proacl IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM aclexplode(proacl) a WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE')
    UNION ALL
    SELECT extname, proname, 'it takes or returns an object identifier type' FROM f
    WHERE EXISTS (
        SELECT 1 FROM unnest(types) u JOIN pg_catalog.pg_type ty ON ty.oid = u
        WHERE ty.typnamespace = 'pg_catalog'::regnamespace AND ty.typname ~ '^_?reg')
    UNION ALL
    SELECT extname, proname, 'it is volatile' FROM f
    WHERE provolatile = 'v' AND NOT EXISTS (
        SELECT 1 FROM unnest(types) u
        WHERE u = ANY (ARRAY['internal', 'trigger', 'event_trigger', 'language_handler', 'fdw_handler',
                             'index_am_handler', 'table_am_handler', 'tsm_handler']::regtype[]))
) x
ORDER BY 1, 2, 3`, available)
	require.NoError(t, err)
	type fn struct{ ext, name, why string }
	fns, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (fn, error) {
		var f fn
		return f, r.Scan(&f.ext, &f.name, &f.why)
	})
	require.NoError(t, err)
	require.NotEmpty(t, fns, "the query finds the functions it is about")

	var missed []string
	for _, f := range fns {
		if _, denied := defaultGuard.denied("", f.name); !denied && !harmless[f.name] {
			missed = append(missed, f.ext+": "+f.name+": "+f.why)
		}
	}
	require.Empty(t, missed, "deny these functions, or list them as harmless with a reason")
}

// TestFunctionSpellingsOnPostgres shows how Postgres reads the spellings
// of a function name and call the guard has to see through. Each is
// refused; all but the quoted upper-case name call the function. "PG_SLEEP" keeps its case, so it
// names another function, which does not exist; refusing it anyway costs
// nothing and stops a look-alike created under that name in a catalog
// schema.
func TestFunctionSpellingsOnPostgres(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("needs PostgreSQL")
	}
	ctx := context.Background()
	db := dbtest.NewDB(t)

	for sql, wantState := range map[string]string{
		`SELECT "PG_SLEEP"(0)`:                                              "42883", // undefined_function
		`SELECT PG_SLEEP(0)`:                                                "",
		`SELECT "pg_sleep"(0)`:                                              "",
		`SELECT Pg_Catalog.Pg_Sleep(0)`:                                     "",
		`SELECT pg_catalog /* x */ . -- y` + "\n" + `pg_sleep (0)`:          "",
		`SELECT U&"pg\005fsleep"(0)`:                                        "",
		`SELECT U&"pg!005fsleep" UESCAPE '!' (0)`:                           "",
		`SELECT pg_stat_file(filename => 'PG_VERSION', missing_ok => true)`: "",
		`SELECT (0).pg_sleep`:                                               "",
	} {
		_, err := db.Pool.Exec(ctx, sql)
		var got string
		if err != nil {
			var pgErr *pgconn.PgError
			require.True(t, errors.As(err, &pgErr), "%s: %v", sql, err)
			got = pgErr.Code
		}
		require.Equal(t, wantState, got, "%s: %v", sql, err)

		v := Check(sql, testCatalog())
		require.False(t, v.OK, sql)
		require.Contains(t, codes(v), CodeDeniedFunction, sql)
	}
}
