SELECT i."customerId", sum(i.amount_paid) FROM "Invoices" i GROUP BY i."customerId"
