WITH monthly AS (
    SELECT date_trunc('month', je.entry_date) AS month,
           SUM(jl.debit) - SUM(jl.credit) AS net
    FROM journal_entries je
    JOIN journal_lines jl ON jl.entry_id = je.entry_id
    GROUP BY 1
)
SELECT month, net, SUM(net) OVER (ORDER BY month) AS running_total
FROM monthly
ORDER BY month
