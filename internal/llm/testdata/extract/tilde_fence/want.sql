SELECT invoice_number, due_date
FROM invoices
WHERE due_date < CURRENT_DATE AND paid_at IS NULL
