SELECT query_to_xml('delete from shop.orders returning *', true, false, '')
