SELECT customers.customer_id, customers.customer_number, customers.company_name, customers.customer_type, customers.credit_limit FROM shop.customers WHERE customer_type = 'retail'
