SELECT l.entry_id, l."unit.cost" FROM shop.ledger l
