SELECT c.* AS customer FROM shop.customers c
