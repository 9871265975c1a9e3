package sqlguard

import "testing"

// BenchmarkCheck measures the guard on a realistic four-table join that
// needs its LIMIT added (parse, analysis, policy, lint, deparse, re-parse).
func BenchmarkCheck(b *testing.B) {
	const sql = `
SELECT c.country, p.category, count(DISTINCT o.id) AS orders, sum(ol.quantity * ol.unit_price) AS revenue
FROM customers c
JOIN orders o ON o.customer_id = c.id
JOIN order_lines ol ON ol.order_id = o.id
JOIN products p ON p.id = ol.product_id
WHERE o.status = 'paid' AND o.created_at >= now() - interval '90 days'
GROUP BY c.country, p.category
HAVING sum(ol.quantity * ol.unit_price) > 1000
ORDER BY revenue DESC`
	cat := testCatalog()
	if v := Check(sql, cat); !v.OK || !v.LimitAdded || len(v.Lint) > 0 {
		b.Fatalf("unexpected verdict: %+v", v)
	}
	b.ReportAllocs()
	for b.Loop() {
		if !Check(sql, cat).OK {
			b.Fatal("refused")
		}
	}
}
