SELECT c.http FROM customers c
