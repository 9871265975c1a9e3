TABLE shop.products
