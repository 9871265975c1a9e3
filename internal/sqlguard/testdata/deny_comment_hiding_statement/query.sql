SELECT 1 /* harmless ; */ -- still harmless ;
; DELETE FROM orders
