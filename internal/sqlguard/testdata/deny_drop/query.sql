DROP TABLE shop.customers
