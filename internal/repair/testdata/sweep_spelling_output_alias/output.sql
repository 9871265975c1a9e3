SELECT "invoiceId", "createdAt" AS amountdue, amount_paid FROM "Invoices" ORDER BY amountdue
