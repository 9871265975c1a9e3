SELECT e.favourite_colour FROM employees e
