-- w has no column http_status, so w.http_status is http_status(w)
WITH w AS (SELECT id, url FROM webhooks)
SELECT w.http_status FROM w
