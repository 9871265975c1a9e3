SELECT s.vendor_name FROM suppliers s
