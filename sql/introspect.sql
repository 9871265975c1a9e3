-- Statements nl2sql runs on TARGET databases to read their schema from
-- pg_catalog (not information_schema, which hides objects the role has no
-- privilege on and cannot tell a partitioned table from a plain one).

-- name: IntrospectWithoutJIT :exec
-- Turns JIT off for the introspection's transaction. PostgreSQL compiles a
-- plan whose estimated cost passes jit_above_cost, and it costs
-- IntrospectColumns' per-column lists as if every one ran: at 2,000 tables
-- it compiled for 0.9 s a query that then ran in 0.3 s. Catalog queries
-- never gain from JIT.
SELECT set_config('jit', 'off', true);

-- name: IntrospectSchemas :many
-- The database's user schemas, to tell a missing schema from an empty one.
SELECT n.nspname::text AS schema_name
FROM pg_catalog.pg_namespace n
WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
  AND n.nspname NOT LIKE 'pg\_temp\_%'
  AND n.nspname NOT LIKE 'pg\_toast\_temp\_%'
ORDER BY n.nspname;

-- name: IntrospectTables :many
-- Tables, partitioned tables (not their partitions: questions are asked of
-- the parent, unless it is in no registered schema or the reader may not
-- read it), views, materialized views and foreign tables of the schemas,
-- minus objects an extension owns (e.g. PostGIS's spatial_ref_sys). A
-- partitioned table's row estimate is the sum of its leaves'; -1 means never
-- analysed. inheritance_partition marks a table that INHERITS from a table of
-- the schemas the reader may read and adds no column of its own: a partition
-- in all but name (partitioning before PostgreSQL 10: measurements_2019_01),
-- whose rows a query of the parent reads.
SELECT c.oid AS relid,
       n.nspname::text AS schema_name,
       c.relname::text AS table_name,
       c.relkind::text AS relkind,
       coalesce(ds.description, '')::text AS comment,
       (CASE WHEN c.relkind = 'p' THEN
            coalesce((SELECT CASE WHEN bool_and(l.reltuples < 0) THEN -1 ELSE sum(greatest(l.reltuples, 0)) END
                      FROM pg_catalog.pg_partition_tree(c.oid) pt
                      JOIN pg_catalog.pg_class l ON l.oid = pt.relid
                      WHERE pt.isleaf), -1)
        ELSE c.reltuples END)::bigint AS estimated_rows,
       -- Whether the role questions run as may read it (@reader, or the
       -- connecting role): what it may not is no table of the catalog.
       -- SELECT on a table of a schema it has no USAGE on reads nothing
       -- ("permission denied for schema"), and no role reads a
       -- materialized view made WITH NO DATA until it is refreshed ("has
       -- not been populated", which EXPLAIN does not say).
       (pg_catalog.has_schema_privilege(coalesce(nullif(@reader::text, ''), current_user::text), n.oid, 'USAGE')
        AND pg_catalog.has_any_column_privilege(coalesce(nullif(@reader::text, ''), current_user::text), c.oid, 'SELECT')
        AND (c.relkind <> 'm' OR c.relispopulated))::boolean AS readable,
       (EXISTS (
            SELECT 1 FROM pg_catalog.pg_inherits i
            JOIN pg_catalog.pg_class p ON p.oid = i.inhparent
            JOIN pg_catalog.pg_namespace pn ON pn.oid = p.relnamespace
            WHERE i.inhrelid = c.oid AND NOT c.relispartition AND pn.nspname = ANY (@schemas::text[])
              AND pg_catalog.has_schema_privilege(coalesce(nullif(@reader::text, ''), current_user::text), pn.oid, 'USAGE')
              AND pg_catalog.has_any_column_privilege(coalesce(nullif(@reader::text, ''), current_user::text), p.oid, 'SELECT'))
        AND NOT EXISTS (
            SELECT 1 FROM pg_catalog.pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attinhcount = 0))::boolean AS inheritance_partition
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_catalog.pg_description ds
    ON ds.objoid = c.oid AND ds.classoid = 'pg_catalog.pg_class'::regclass AND ds.objsubid = 0
WHERE n.nspname = ANY (@schemas::text[])
  AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  -- A partition is left out when a registered partitioned table the
  -- reader may read holds it (an ancestor: a question reads its rows
  -- there); else it is the only way to its rows (its partitioned table is
  -- in another schema, or one the reader may not read) and is a table.
  AND (CASE WHEN c.relispartition THEN NOT EXISTS (
      SELECT 1 FROM pg_catalog.pg_partition_ancestors(c.oid) AS pa(relid)
      JOIN pg_catalog.pg_class ac ON ac.oid = pa.relid
      JOIN pg_catalog.pg_namespace an ON an.oid = ac.relnamespace
      WHERE ac.oid <> c.oid AND an.nspname = ANY (@schemas::text[])
        AND pg_catalog.has_schema_privilege(coalesce(nullif(@reader::text, ''), current_user::text), an.oid, 'USAGE')
        AND pg_catalog.has_any_column_privilege(coalesce(nullif(@reader::text, ''), current_user::text), ac.oid, 'SELECT'))
  ELSE true END)
  AND NOT EXISTS (
      SELECT 1 FROM pg_catalog.pg_depend d
      WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e'
  )
ORDER BY n.nspname, c.relname;

-- name: IntrospectColumns :many
-- Columns in table order. enum_values holds an enum type's labels, which are
-- as useful to the model as a CHECK (col IN ...) list. For a column of a
-- domain (CREATE DOMAIN "Flag" AS boolean), base_type is the type the
-- domain stands for, through domains over domains, and domain_checks its
-- CHECK constraints (VALUE IN (...) lists are allowed values, the others
-- are shown with the domain); for a composite type, fields are its
-- attributes as "name type". A model shown
-- only a domain's or a composite's name guesses its values or its fields.
WITH domain_checks AS (
    -- Each domain's CHECKs with those of the domains it is over, deparsed
    -- once a domain by an equijoin: as a subquery per column, a domain
    -- column scanned pg_constraint (planned as a sequential scan),
    -- 3 s for 1,000 domain columns over 8,000 constraints.
    SELECT t.oid AS typid,
           array_agg(pg_catalog.pg_get_constraintdef(dc.oid) ORDER BY dc.conname)::text[] AS checks
    FROM pg_catalog.pg_type t
    LEFT JOIN pg_catalog.pg_type t2 ON t2.oid = t.typbasetype AND t2.typtype = 'd'
    LEFT JOIN pg_catalog.pg_type t3 ON t3.oid = t2.typbasetype AND t3.typtype = 'd'
    CROSS JOIN LATERAL (VALUES (t.oid), (t2.oid), (t3.oid)) AS chain(oid)
    JOIN pg_catalog.pg_constraint dc ON dc.contypid = chain.oid AND dc.contype = 'c'
    WHERE t.typtype = 'd'
    GROUP BY t.oid
)
SELECT n.nspname::text AS schema_name,
       c.relname::text AS table_name,
       a.attname::text AS column_name,
       a.attnum::integer AS ordinal,
       format_type(a.atttypid, a.atttypmod)::text AS data_type,
       (a.attnotnull OR coalesce(d1.typnotnull OR d2.typnotnull OR d3.typnotnull, false))::boolean AS not_null,
       -- Joined, not col_description(): a SQL function, run by its own
       -- executor once a column, it took ~1 s of 2.3 at 105,000 columns.
       coalesce(ds.description, '')::text AS comment,
       -- The three lists are looked up only for the columns they can hold
       -- something for (CASE): as subqueries run for every column, they
       -- scanned pg_constraint once a column, 11 s for the 15,755 columns
       -- of the ERP at 2,000 tables, past a catalog check's statement
       -- timeout.
       CASE WHEN bt.typtype = 'e' THEN
       ARRAY(SELECT e.enumlabel::text FROM pg_catalog.pg_enum e
             WHERE e.enumtypid = bt.oid ORDER BY e.enumsortorder)
       ELSE '{}' END::text[] AS enum_values,
       coalesce(format_type(coalesce(d3.typbasetype, d2.typbasetype, d1.typbasetype),
                            (CASE WHEN d3.oid IS NOT NULL THEN d3.typtypmod WHEN d2.oid IS NOT NULL THEN d2.typtypmod ELSE d1.typtypmod END)), '')::text AS base_type,
       coalesce(dck.checks, '{}')::text[] AS domain_checks,
       CASE WHEN bt.typtype = 'c' THEN
       ARRAY(SELECT quote_ident(fa.attname) || ' ' || format_type(fa.atttypid, fa.atttypmod)
             FROM pg_catalog.pg_attribute fa
             WHERE fa.attrelid = bt.typrelid AND fa.attnum > 0 AND NOT fa.attisdropped
             ORDER BY fa.attnum)
       ELSE '{}' END::text[] AS fields,
       pg_catalog.has_column_privilege(coalesce(nullif(@reader::text, ''), current_user::text), c.oid, a.attnum, 'SELECT') AS readable
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
-- The domain chain of the column's type, outermost first (three deep: a
-- domain over a domain over a domain; deeper, the base shown is a domain):
-- the last domain's base type and type modifier are the column's real type.
LEFT JOIN pg_catalog.pg_type d1 ON d1.oid = a.atttypid AND d1.typtype = 'd'
LEFT JOIN pg_catalog.pg_type d2 ON d2.oid = d1.typbasetype AND d2.typtype = 'd'
LEFT JOIN pg_catalog.pg_type d3 ON d3.oid = d2.typbasetype AND d3.typtype = 'd'
-- The type the column's values have: the innermost domain's base.
LEFT JOIN pg_catalog.pg_type bt ON bt.oid = coalesce(d3.typbasetype, d2.typbasetype, d1.typbasetype, a.atttypid)
LEFT JOIN domain_checks dck ON dck.typid = d1.oid
LEFT JOIN pg_catalog.pg_description ds
    ON ds.objoid = c.oid AND ds.classoid = 'pg_catalog.pg_class'::regclass AND ds.objsubid = a.attnum
-- The tables IntrospectTables kept (their oids, @relids): which partitions
-- and tables those are is decided once, there.
WHERE c.oid = ANY (@relids::oid[])
  AND a.attnum > 0
  AND NOT a.attisdropped
ORDER BY n.nspname, c.relname, a.attnum;

-- name: IntrospectConstraints :many
-- Primary keys, foreign keys and CHECK constraints (columns: those the
-- CHECK reads), key columns in key order
-- (a primary key's conkey is its index's indkey, so PRIMARY KEY (b, a) on
-- columns a, b reads as b, a).
-- conparentid = 0 drops the per-partition copies PostgreSQL makes of a
-- partitioned table's constraints (a partition kept as a table keeps those
-- it inherits).
-- A key column's name is looked up by (attrelid, attnum) (a whole-row
-- reference, 0, has none): joined, the planner read every column of the
-- table for each constraint, 640,000 rows for 400 CHECKs of a 1,600-column
-- table.
SELECT n.nspname::text AS schema_name,
       c.relname::text AS table_name,
       con.conname::text AS constraint_name,
       con.contype::text AS contype,
       array_remove(ARRAY(SELECT (SELECT a.attname::text FROM pg_catalog.pg_attribute a
                                  WHERE a.attrelid = con.conrelid AND a.attnum = k.attnum)
                          FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
                          ORDER BY k.ord), NULL)::text[] AS columns,
       coalesce(rn.nspname::text, '')::text AS ref_schema_name,
       coalesce(rc.relname::text, '')::text AS ref_table_name,
       array_remove(ARRAY(SELECT (SELECT a.attname::text FROM pg_catalog.pg_attribute a
                                  WHERE a.attrelid = con.confrelid AND a.attnum = k.attnum)
                          FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
                          ORDER BY k.ord), NULL)::text[] AS ref_columns,
       (CASE WHEN con.contype = 'c' THEN pg_get_constraintdef(con.oid) ELSE '' END)::text AS definition
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c ON c.oid = con.conrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_catalog.pg_class rc ON rc.oid = con.confrelid
LEFT JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
-- The tables IntrospectTables kept (their oids, @relids): which partitions
-- and tables those are is decided once, there.
WHERE c.oid = ANY (@relids::oid[])
  AND con.contype IN ('p', 'f', 'c')
  -- A partition's constraint inherited from its partitioned table is its
  -- own (a kept partition's key); a copy made on the same table, for each
  -- partition a foreign key references, is not.
  AND (con.conparentid = 0 OR EXISTS (
      SELECT 1 FROM pg_catalog.pg_constraint pcon
      WHERE pcon.oid = con.conparentid AND pcon.conrelid <> con.conrelid))
ORDER BY n.nspname, c.relname, con.conname;

-- name: SampleColumnValues :many
-- The value index's sample: the distinct values of the text columns
-- @columns of one table among its first @max_rows rows, with how many rows
-- hold each, for the columns with at most @max_values distinct values. One
-- bounded scan per table. Plain SQL has no EXECUTE, so the statement is run
-- by query_to_xml, its identifiers quoted by format('%I'). Each value
-- travels through the XML as base64 of its bytes in the database's
-- encoding: xpath refuses a document holding a control character (a stray
-- \x01 in one row) and, in a database not encoded in UTF-8, any non-ASCII
-- letter, and either would cost the whole table its values.
WITH sample AS (
    SELECT query_to_xml(format('SELECT %s FROM %I.%I LIMIT %s',
               (SELECT string_agg(format('encode(convert_to(%I::text, %L), ''base64'') AS c%s', c.name, current_setting('server_encoding'), c.ord), ', ')
                FROM unnest(@columns::text[]) WITH ORDINALITY AS c(name, ord)),
               @schema_name::text, @table_name::text, @max_rows::int), false, false, '') AS x
), counted AS (
    SELECT (xpath('local-name(/*)', node))[1]::text AS tag, (xpath('string(/*)', node))[1]::text AS value, count(*) AS n
    FROM sample CROSS JOIN LATERAL unnest(xpath('/table/row/*', sample.x)) AS node
    GROUP BY 1, 2
), distinct_counts AS (
    SELECT c.tag, c.value, c.n, count(*) OVER (PARTITION BY c.tag) AS distinct_values FROM counted c
)
SELECT (@columns::text[])[substr(d.tag, 2)::int]::text AS column_name,
       convert_from(decode(d.value, 'base64'), current_setting('server_encoding'))::text AS value, d.n::int AS rows
FROM distinct_counts d
WHERE d.distinct_values <= @max_values::int
ORDER BY 1, 3 DESC, 2;
