SELECT shop.webhooks.http_status, count(*) AS n
FROM shop.webhooks
GROUP BY shop.webhooks.http_status
