SELECT ticket_id, subject
FROM support_tickets
WHERE subject ILIKE '%refund; urgent%' AND "status" = 'open'
