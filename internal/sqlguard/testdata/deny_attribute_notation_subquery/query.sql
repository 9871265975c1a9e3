SELECT s.http
FROM (SELECT 'GET' AS method, 'http://attacker.example/' AS uri) s
