SELECT nextval('shop.orders_id_seq')
