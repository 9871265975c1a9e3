SELECT s.http FROM (SELECT * FROM webhooks) s
