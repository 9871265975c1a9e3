SELECT * FROM shop.customers WHERE customer_type = 'retail'
