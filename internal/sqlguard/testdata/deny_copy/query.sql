COPY customers TO '/tmp/customers.csv'
