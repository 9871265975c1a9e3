SELECT i.customer_id, sum(i.amount_paid) FROM "Invoices" i GROUP BY i.customer_id
