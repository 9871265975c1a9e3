SELECT l.entry_id, l."unit.cst" FROM shop.ledger l
