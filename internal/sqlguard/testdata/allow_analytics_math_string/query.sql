SELECT p.category,
       round(avg(p.price), 2) AS avg_price,
       ceil(max(p.price)) AS top,
       floor(min(p.price)) AS bottom,
       abs(sum(p.price) - 100) AS gap,
       power(2, 3) + sqrt(16) + mod(7, 3) AS math,
       greatest(1, 2) - least(1, 2) AS one,
       upper(p.category) AS up,
       initcap(min(p.name)) AS first_name,
       length(max(p.name)) AS len,
       string_agg(DISTINCT left(trim(p.name), 3), ', ') AS prefixes,
       coalesce(nullif(p.category, ''), 'none') AS cat,
       width_bucket(avg(p.price), 0, 100, 10) AS bucket,
       regr_slope(p.price, p.id) AS slope
FROM products p
WHERE regexp_replace(lower(p.name), '[^a-z]', '', 'g') <> ''
  AND split_part(p.name, ' ', 1) IS NOT NULL
  AND substring(p.name FROM 1 FOR 3) ~ '^[A-Z]'
GROUP BY p.category
