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
