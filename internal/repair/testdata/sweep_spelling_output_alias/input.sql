SELECT invoiceid, createdat AS amountdue, amount_paid FROM "Invoices" ORDER BY amountdue
