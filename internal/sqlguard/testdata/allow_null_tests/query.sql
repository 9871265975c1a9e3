SELECT id FROM customers
WHERE email IS NULL AND country IS DISTINCT FROM NULL AND NULLIF(name, '') IS NOT NULL
  AND id = ANY (ARRAY[1, 2]) AND country IN ('DE', NULL) AND coalesce(email, NULL) IS NULL
