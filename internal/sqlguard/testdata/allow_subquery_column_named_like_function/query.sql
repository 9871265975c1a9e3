SELECT s.http_status, s.n
FROM (SELECT http_status, count(*) AS n FROM webhooks GROUP BY http_status) s
