SELECT o.id,
       row_number() OVER w AS rn,
       rank() OVER w AS rnk,
       dense_rank() OVER w AS drnk,
       ntile(4) OVER w AS quartile,
       lag(o.total) OVER w AS prev,
       lead(o.total) OVER w AS next,
       first_value(o.total) OVER w AS best,
       sum(o.total) OVER (PARTITION BY o.customer_id ORDER BY o.created_at) AS running,
       json_build_object('id', o.id, 'status', o.status) AS doc,
       to_jsonb(o.total) AS total_json,
       pg_typeof(o.total) AS total_type,
       percent_rank() OVER w AS pct
FROM orders o
WINDOW w AS (ORDER BY o.total DESC)
