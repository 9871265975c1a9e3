SELECT date_trunc('week', o.created_at) AS week,
       extract(dow FROM o.created_at) AS dow,
       to_char(o.created_at, 'YYYY-MM') AS month,
       age(now(), o.created_at) AS age,
       o.created_at AT TIME ZONE 'UTC' AS utc,
       make_date(2024, 1, 1) AS start,
       date_part('hour', o.created_at) AS hour,
       o.created_at::date - current_date AS days
FROM orders o
WHERE o.created_at >= current_date - interval '30 days'
  AND o.created_at < date_trunc('day', now())
