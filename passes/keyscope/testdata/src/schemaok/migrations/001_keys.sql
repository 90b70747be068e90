CREATE TABLE idempotency_keys (
    merchant_id bigint NOT NULL,
    key         text NOT NULL,
    response    jsonb,
    PRIMARY KEY (merchant_id, key)
);
CREATE TABLE payments (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    merchant_id     bigint NOT NULL,
    idempotency_key text,
    CONSTRAINT uq_scope_idempotency UNIQUE (merchant_id, idempotency_key)
);
