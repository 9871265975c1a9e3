SELECT * FROM otherdb.shop.orders
