SELECT v.x FROM (VALUES (1), (2)) AS v(x)
