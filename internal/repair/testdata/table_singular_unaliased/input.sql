SELECT employee.first_name FROM employee WHERE employee.status = 'active'
