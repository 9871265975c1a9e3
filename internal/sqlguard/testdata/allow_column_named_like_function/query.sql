SELECT w.id, w.http_status, w.version
FROM webhooks w
WHERE w.http_status >= 500
ORDER BY w.sent_at DESC
