SELECT count(*) AS open_tickets FROM support_tickets WHERE status <> 'closed'
