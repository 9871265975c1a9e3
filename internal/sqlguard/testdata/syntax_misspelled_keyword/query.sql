SELEC * FROM customers
