-- idemvet runtime/inbox schema, version 1.
-- Migrate applies exactly this file (it is embedded) after runtime/claim's
-- schema; teams with their own migration tool can apply it as is. It is
-- idempotent. Processed messages are claims in idemvet_claims (scope =
-- consumer, operation = 'inbox'); this table only counts failed attempts,
-- which must survive the rollback of the attempt that failed.

CREATE TABLE IF NOT EXISTS idemvet_inbox_failures (
    consumer   text        NOT NULL,
    message_id text        NOT NULL,
    failures   integer     NOT NULL,
    last_error text        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT idemvet_inbox_failures_pkey PRIMARY KEY (consumer, message_id)
);
