SELECT d::date AS day,
       count(o.id) AS orders,
       coalesce(sum(o.total), 0) AS revenue,
       jsonb_agg(o.status ORDER BY o.status) FILTER (WHERE o.status IS NOT NULL) AS statuses,
       array_agg(DISTINCT o.customer_id) AS customers,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY o.total) AS median,
       stddev_samp(o.total) AS sd,
       bool_or(o.total > 100) AS any_big,
       pg_size_pretty(sum(length(o.status))::bigint) AS text_size
FROM generate_series(date '2024-01-01', date '2024-01-31', interval '1 day') AS d
LEFT JOIN orders o ON o.created_at::date = d::date
GROUP BY d
ORDER BY d
