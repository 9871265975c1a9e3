SELECT count(*) FROM orders WHERE status = 'shipped'
---SQL_CANDIDATE---
SELECT count(order_id) FROM orders WHERE shipped_at IS NOT NULL
