SELECT name FROM customers WHERE name = 'Zoë Ålund'
