WITH stats AS (SELECT avg(total) AS avg_total FROM orders)
SELECT o.id, o.total / t.total_all AS share
FROM orders o, (SELECT sum(total) AS total_all FROM orders) t, stats s
WHERE o.total > s.avg_total
