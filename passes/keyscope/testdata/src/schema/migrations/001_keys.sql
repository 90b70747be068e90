CREATE TABLE idempotency_keys (
    key         text PRIMARY KEY,
    merchant_id bigint NOT NULL,
    response    jsonb
);

CREATE TABLE payments (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    merchant_id     bigint NOT NULL,
    idempotency_key text
);
