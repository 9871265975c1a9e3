select count(distinct customer_id) from orders where order_date >= current_date - 30
