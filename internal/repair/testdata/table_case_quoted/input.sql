SELECT count(*) FROM "Customers"
