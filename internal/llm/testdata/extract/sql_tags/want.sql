SELECT a.account_code, a.name, SUM(jl.debit) AS debits, SUM(jl.credit) AS credits
FROM accounts a
JOIN journal_lines jl ON jl.account_id = a.account_id
GROUP BY a.account_code, a.name
