-- idemvet runtime/claim schema, version 1.
-- The names in braces are placeholders: claim.SchemaSQL is this file for
-- the default table, idemvet_claims, and claim.Schema(opts) for another
-- schema or table name. Teams with their own migration tool apply that text.
-- It is idempotent. The table comment records the version: Migrate refuses a
-- table whose comment or columns say otherwise.

CREATE TABLE IF NOT EXISTS {table} (
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
    CONSTRAINT {name_pkey} PRIMARY KEY (scope, operation, key)
) WITH (fillfactor = 90); -- room for the in-place (HOT) update that stores the outcome

-- For Sweep. BRIN, not B-tree: expires_at grows with insertion order (one TTL
-- per Claimer), so a block-range summary finds expired rows, and it costs
-- almost nothing on the claim's insert path.
CREATE INDEX IF NOT EXISTS {name_expires_at} ON {table} USING brin (expires_at);

COMMENT ON TABLE {table} IS 'idemvet claims, schema version 1';
