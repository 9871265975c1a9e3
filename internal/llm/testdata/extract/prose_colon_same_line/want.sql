SELECT name FROM warehouses WHERE city = 'Berlin' ORDER BY name
