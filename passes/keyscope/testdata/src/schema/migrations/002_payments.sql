-- The index lands in a later migration than the table.
CREATE UNIQUE INDEX payments_merchant_key ON payments (merchant_id, idempotency_key);

-- Near miss above: scoped. The one below is not.


CREATE UNIQUE INDEX payments_key ON payments (idempotency_key) WHERE idempotency_key IS NOT NULL;
