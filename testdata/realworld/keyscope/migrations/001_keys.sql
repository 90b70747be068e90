CREATE TABLE IF NOT EXISTS idempotency_keys (
    key         text PRIMARY KEY,
    merchant_id bigint NOT NULL,
    tenant_id   text,
    response    bytea,
    created_at  timestamptz NOT NULL DEFAULT now()
);
