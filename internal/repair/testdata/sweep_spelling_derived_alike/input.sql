SELECT i.invoiceid, createdat FROM "Invoices" i JOIN (SELECT "customerId", max("createdAt") AS "createdAt" FROM "Invoices" GROUP BY 1) latest ON latest."customerId" = i."customerId"
