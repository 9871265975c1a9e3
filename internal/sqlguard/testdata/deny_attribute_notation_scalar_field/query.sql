-- (url).http_get is http_get(url): a GET request to every stored URL
SELECT w.id, (w.url).http_get
FROM webhooks w
