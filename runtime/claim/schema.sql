-- idemvet runtime/claim schema, version 1.
-- Migrate applies exactly this file (it is embedded); teams with their own
-- migration tool can apply it as is. It is idempotent.

CREATE TABLE IF NOT EXISTS idemvet_claims (
    scope       text        NOT NULL, -- tenant or principal: keys never cross it
    operation   text        NOT NULL, -- e.g. "POST /payments"
    key         text        NOT NULL, -- the caller's idempotency key
    fingerprint bytea       NOT NULL, -- hash of the request the key was first used with
    status      integer,              -- NULL only while the claiming transaction is open
    body        bytea,
    headers     jsonb,                -- allowlisted response headers
    resource_id text,
    rejected    boolean     NOT NULL DEFAULT false, -- a stored terminal business rejection
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL, -- earliest time Sweep may delete the record
    CONSTRAINT idemvet_claims_pkey PRIMARY KEY (scope, operation, key)
) WITH (fillfactor = 90); -- room for the in-place (HOT) update that stores the outcome

-- For Sweep. BRIN, not B-tree: expires_at grows with insertion order (one TTL
-- per Claimer), so a block-range summary finds expired rows, and it costs
-- almost nothing on the claim's insert path.
CREATE INDEX IF NOT EXISTS idemvet_claims_expires_at ON idemvet_claims USING brin (expires_at);
