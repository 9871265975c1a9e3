SELECT pli.net_price FROM price_list_items pli
