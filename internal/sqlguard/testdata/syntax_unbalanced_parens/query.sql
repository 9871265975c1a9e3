SELECT count(* FROM orders
