package sqlguard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDeniedFunctionAnywhere hides a denied call in every clause and
// construct a query can have; the guard must find it each time.
func TestDeniedFunctionAnywhere(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, sql := range []string{
		"SELECT (SELECT pg_read_file('/x')) FROM customers",
		"SELECT * FROM customers WHERE id = (SELECT pg_sleep(1))::text::int",
		"SELECT count(*) FILTER (WHERE pg_sleep(1) IS NULL) FROM customers",
		"SELECT string_agg(name, ',' ORDER BY pg_sleep(1)) FROM customers",
		"SELECT rank() OVER (ORDER BY pg_sleep(1)) FROM customers",
		"SELECT id FROM customers WINDOW w AS (PARTITION BY pg_sleep(1))",
		"SELECT * FROM customers ORDER BY pg_sleep(1)",
		"SELECT * FROM customers LIMIT (SELECT 1 WHERE pg_sleep(1) IS NULL)",
		"SELECT * FROM customers OFFSET (SELECT 1 WHERE pg_sleep(1) IS NULL)",
		"SELECT country FROM customers GROUP BY ROLLUP (country, pg_sleep(1))",
		"SELECT country FROM customers GROUP BY country HAVING max(pg_sleep(1)::text) IS NULL",
		"SELECT DISTINCT ON (pg_sleep(1)) * FROM customers",
		"SELECT * FROM customers TABLESAMPLE bernoulli ((SELECT 1 WHERE pg_sleep(1) IS NULL))",
		"SELECT * FROM XMLTABLE('/x' PASSING (pg_read_file('/etc/passwd')::xml) COLUMNS a text)",
		"SELECT * FROM ROWS FROM (generate_series(1, 2), pg_ls_dir('.')) AS r(a, b)",
		"SELECT JSON_ARRAYAGG(pg_sleep(1))",
		"SELECT * FROM customers c JOIN orders o ON pg_sleep(1) IS NULL",
		"SELECT * FROM orders JOIN order_lines USING (id) WHERE pg_sleep(1) IS NULL",
		"VALUES (pg_sleep(1))",
		"SELECT * FROM (VALUES (pg_sleep(1))) v",
		"SELECT ARRAY(SELECT pg_sleep(1))",
		"SELECT CASE WHEN true THEN pg_sleep(1) END",
		"SELECT pg_sleep(1) COLLATE \"C\"",
		"SELECT (pg_stat_file('/x')).size",
		"SELECT * FROM customers WHERE id = ANY (ARRAY[pg_sleep(1)::text::int])",
		"SELECT * FROM customers c, LATERAL (SELECT pg_sleep(1)) s",
		"SELECT 1 WHERE EXISTS (SELECT 1 FROM customers WHERE name IN (SELECT pg_ls_dir('.')))",
		"SELECT 1 UNION SELECT 2 FROM customers WHERE pg_sleep(1) IS NULL",
		"WITH a AS (SELECT 1), b AS (SELECT pg_sleep(1) FROM a) SELECT * FROM b",
		"WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE pg_sleep(1) IS NULL) SELECT * FROM r",
		"SELECT \"pg_catalog\".\"pg_sleep\"(1)",
		"SELECT PG_SLEEP(1)",
		"SELECT xmlelement(name x, pg_sleep(1))",
		"SELECT coalesce(NULL, pg_sleep(1)::text)",
		"SELECT greatest(1, (SELECT 1 WHERE pg_sleep(1) IS NULL))",
		"SELECT row(pg_sleep(1))",
		"SELECT 1 WHERE pg_sleep(1) IS NULL OR NOT pg_sleep(2) IS NULL",
		"SELECT lo_export(1, '/tmp/x')",
		"SELECT dblink_exec('x', 'DROP TABLE t')",
		"SELECT pg_terminate_backend(1)",
		"SELECT setval('s', 1)",
		"SELECT txid_current()",
		"SELECT pg_advisory_xact_lock(1)",
		"SELECT pg_notify('c', 'x')",
		"SELECT pg_reload_conf()",
		"SELECT cursor_to_xml('c', 1, false, true, '')",
		"SELECT database_to_xml(true, true, '')",
		"SELECT ts_stat('SELECT vector FROM rag.queries')",
		"SELECT pg_create_logical_replication_slot('s', 'p')",
		"SELECT * FROM pg_logical_slot_get_changes('s', NULL, NULL)",
		"SELECT pg_switch_wal()",
		"SELECT cron.schedule('* * * * *', 'DELETE FROM orders')",
		// Attribute notation: f(x) written as x.f or (x).f.
		"SELECT c.pg_sleep FROM customers c",
		"SELECT id FROM customers c WHERE (c.name).pg_read_file IS NULL",
		"SELECT (SELECT o.pg_sleep FROM orders o LIMIT 1) FROM customers",
		// Objects and server state outside the catalog.
		"SELECT pg_get_viewdef('rag.query_overview')",
		"SELECT pg_get_functiondef('rag.check_query_options'::text::oid)",
		"SELECT pg_get_expr(NULL, 0)",
		"SELECT * FROM pg_get_keywords()",
		"SELECT pg_describe_object(0, 0, 0)",
		"SELECT * FROM pg_identify_object_as_address(0, 0, 0)",
		"SELECT to_regclass('rag.queries')",
		"SELECT to_regtype('rag.status')",
		"SELECT to_regnamespace('rag')",
		"SELECT obj_description(0, 'pg_class')",
		"SELECT col_description(0, 1)",
		"SELECT shobj_description(0, 'pg_database')",
		"SELECT has_table_privilege('rag.queries', 'SELECT')",
		"SELECT has_schema_privilege('rag', 'USAGE')",
		"SELECT pg_has_role('postgres', 'MEMBER')",
		"SELECT pg_table_is_visible(0)",
		"SELECT pg_function_is_visible(0)",
		"SELECT pg_relation_size('rag.queries')",
		"SELECT pg_total_relation_size('rag.queries')",
		"SELECT pg_table_size('rag.queries')",
		"SELECT pg_indexes_size('rag.queries')",
		"SELECT pg_database_size('postgres')",
		"SELECT pg_tablespace_size('pg_default')",
		"SELECT pg_tablespace_location(0)",
		"SELECT pg_relation_filepath('rag.queries')",
		"SELECT * FROM pg_partition_tree('rag.queries')",
		"SELECT * FROM pg_control_system()",
		"SELECT * FROM pg_control_checkpoint()",
		"SELECT pg_stat_get_numscans(0)",
		"SELECT pg_stat_get_live_tuples(0)",
		"SELECT * FROM pg_options_to_table(ARRAY['fillfactor=50'])",
		"SELECT pg_settings_get_flags('work_mem')",
		"SELECT pg_postmaster_start_time()",
		"SELECT pg_conf_load_time()",
		"SELECT inet_server_addr()",
		"SELECT inet_server_port()",
		"SELECT inet_client_addr()",
		"SELECT version()",
		"SELECT format_type(16384, NULL)",
		// Names by OID through another type's input or output (a review's
		// finds: every relation's name, every role's).
		"SELECT array_in('{16384,16385}'::cstring, 2205, -1)::text",
		"SELECT array_in('{16384}', 2205, -1)",
		"SELECT record_in('(1)'::cstring, 16386, -1)",
		"SELECT oidvectortypes('20220 2842'::oidvector)",
		"SELECT makeaclitem(g::oid, 10, 'SELECT', false) FROM generate_series(10, 20000) g",
		"SELECT acldefault('r', 10)",
		"SELECT * FROM aclexplode(NULL)",
		"SELECT pg_input_is_valid('1', 'secret.t')",
		"SELECT txid_current_snapshot()",
		"SELECT currval('rag.queries_id_seq')",
		"SELECT lastval()",
		"SELECT pg_sequence_last_value('rag.queries_id_seq')",
		"SELECT regclass('rag.queries')",
		"SELECT * FROM pg_lock_status()",
		"SELECT pg_current_wal_lsn()",
		"SELECT * FROM pg_available_extensions()",
		"SELECT row_security_active('rag.queries')",
	} {
		v := Check(sql, cat)
		require.False(t, v.OK, sql)
		require.Equal(t, StagePolicy, v.Stage, sql)
		codes := map[string]bool{}
		for _, e := range v.Errors {
			codes[e.Code] = true
		}
		require.True(t, codes[CodeDeniedFunction], "%s: %v", sql, v.Errors)
	}
}

// TestTablesAnywhere hides a table outside the catalog in every place a
// query can read one.
func TestTablesAnywhere(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, sql := range []string{
		"SELECT (SELECT rolpassword FROM pg_authid LIMIT 1) FROM customers",
		"SELECT * FROM customers WHERE EXISTS (SELECT 1 FROM rag.queries)",
		"SELECT * FROM customers c JOIN LATERAL (SELECT * FROM pg_catalog.pg_shadow) s ON true",
		"WITH x AS (SELECT * FROM information_schema.columns) SELECT * FROM x",
		"SELECT * FROM customers UNION ALL SELECT * FROM secrets",
		"TABLE pg_settings",
		"SELECT * FROM ONLY pg_class",
		"SELECT * FROM \"Customers\"",
		"SELECT * FROM public.customers",
		"SELECT * FROM customers TABLESAMPLE SYSTEM (1) JOIN pg_roles r ON true",
		"WITH customers AS (SELECT * FROM customers_backup) SELECT * FROM customers",
		"WITH x AS (SELECT * FROM x) SELECT * FROM x",
	} {
		v := Check(sql, cat)
		require.False(t, v.OK, sql)
		require.Equal(t, CodeUnknownTable, v.Errors[0].Code, "%s: %v", sql, v.Errors)
	}
}

// TestAnalyticFunctionsAllowed: the deny list must leave the functions of
// everyday analytic SQL alone.
func TestAnalyticFunctionsAllowed(t *testing.T) {
	t.Parallel()

	cat := testCatalog()
	for _, expr := range analyticExprs {
		sql := "SELECT " + expr + " FROM orders o"
		v := Check(sql, cat)
		require.NotContains(t, codes(v), CodeDeniedFunction, "%s: %v", sql, v.Errors)
		require.True(t, v.OK, "%s: %v", sql, v.Errors)
	}
}

// analyticExprs are select-list expressions of everyday analytic SQL over
// shop.orders o (TestAnalyticFunctionsOnPostgres runs them).
var analyticExprs = []string{
	// Date and time.
	"now()", "current_date", "current_timestamp", "localtimestamp", "clock_timestamp()",
	"date_trunc('month', created_at)", "extract(year FROM created_at)", "date_part('dow', created_at)",
	"age(created_at)", "to_char(created_at, 'YYYY-MM')", "to_date('2024-01-01', 'YYYY-MM-DD')",
	"to_timestamp(0)", "make_date(2024, 1, 1)", "make_interval(days => 3)", "justify_interval(interval '40 days')",
	"created_at AT TIME ZONE 'UTC'", "date_bin('1 hour', created_at, timestamptz '2024-01-01')", "isfinite(created_at)",
	// Math.
	"round(total, 2)", "ceil(total)", "floor(total)", "abs(total)", "trunc(total)", "power(total, 2)", "sqrt(abs(total))",
	"exp(1)", "ln(2)", "log(10, 100)", "mod(id, 3)", "sign(total)", "greatest(total, 0)", "least(total, 0)",
	"width_bucket(total, 0, 100, 10)", "random()", "pi()", "div(id, 2)", "gcd(id, 6)",
	// Strings.
	"upper(status)", "lower(status)", "initcap(status)", "length(status)", "char_length(status)",
	"substring(status FROM 1 FOR 2)", "substr(status, 1, 2)", "position('a' IN status)", "strpos(status, 'a')",
	"replace(status, 'a', 'b')", "split_part(status, '-', 1)", "concat(status, '!')", "concat_ws('-', status, id)",
	"left(status, 2)", "right(status, 2)", "trim(status)", "btrim(status)", "ltrim(status)", "rtrim(status)",
	"lpad(status, 5)", "rpad(status, 5)", "repeat(status, 2)", "reverse(status)", "format('%s', status)",
	"regexp_replace(status, 'a', 'b')", "regexp_match(status, 'a')", "regexp_split_to_array(status, ',')",
	"string_to_array(status, ',')", "md5(status)", "translate(status, 'a', 'b')", "starts_with(status, 'p')",
	"to_number('12', '99')", "quote_literal(status)", "encode(sha256(status::bytea), 'hex')",
	// Conditionals and types.
	"coalesce(status, 'none')", "nullif(status, '')", "CASE WHEN total > 0 THEN 1 END", "pg_typeof(total)",
	"pg_column_size(total)", "pg_size_pretty(1024::bigint)", "pg_size_bytes('1 MB')", "num_nulls(status, total)",
	"gen_random_uuid()",
	// Aggregates and statistics.
	"count(*)", "count(DISTINCT customer_id)", "sum(total)", "avg(total)", "min(total)", "max(total)",
	"string_agg(status, ',')", "array_agg(id)", "bool_and(total > 0)", "every(total > 0)", "stddev(total)",
	"variance(total)", "corr(total, id)", "regr_slope(total, id)", "regr_r2(total, id)", "covar_pop(total, id)",
	"percentile_cont(0.5) WITHIN GROUP (ORDER BY total)", "percentile_disc(0.9) WITHIN GROUP (ORDER BY total)",
	"mode() WITHIN GROUP (ORDER BY status)", "json_agg(status)", "jsonb_object_agg(id, total)",
	// Window functions.
	"row_number() OVER ()", "rank() OVER (ORDER BY total)", "dense_rank() OVER (ORDER BY total)",
	"ntile(4) OVER (ORDER BY total)", "lag(total) OVER (ORDER BY id)", "lead(total, 2) OVER (ORDER BY id)",
	"first_value(total) OVER (ORDER BY id)", "last_value(total) OVER (ORDER BY id)",
	"nth_value(total, 2) OVER (ORDER BY id)", "cume_dist() OVER (ORDER BY total)",
	"percent_rank() OVER (ORDER BY total)", "sum(total) OVER (PARTITION BY customer_id ORDER BY created_at)",
	// JSON and arrays.
	"to_json(status)", "to_jsonb(total)", "json_build_object('a', id)", "jsonb_build_array(id, total)",
	"row_to_json(o)", "jsonb_pretty(to_jsonb(o))", "jsonb_typeof(to_jsonb(total))",
	"jsonb_path_query_first(to_jsonb(o), '$.id')", "array_length(ARRAY[1, 2], 1)", "cardinality(ARRAY[1])",
	"array_to_string(ARRAY[status], ',')", "unnest(ARRAY[1, 2])", "array_position(ARRAY[1, 2], 2)",
	"generate_series(1, 3)",
	// Full-text search and collations, named unqualified or in pg_catalog.
	"to_tsvector('english', status) @@ websearch_to_tsquery('english', 'node.js')",
	"ts_rank(to_tsvector('pg_catalog.simple', status), plainto_tsquery('simple', 'paid'))",
	"ts_headline('english', status, to_tsquery('paid'))", "to_tsvector(status) @@ to_tsquery('e.g')",
	`status COLLATE "C"`, `status COLLATE pg_catalog."C"`,
}
