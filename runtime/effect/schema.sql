-- idemvet runtime/effect schema, version 1.
-- Migrate applies exactly this file (it is embedded); teams with their own
-- migration tool can apply it as is. It is idempotent.

CREATE TABLE IF NOT EXISTS idemvet_effects (
    scope          text        NOT NULL, -- tenant or principal: keys never cross it
    operation      text        NOT NULL, -- names the Handler, e.g. "charge"
    key            text        NOT NULL, -- the operation's idempotency key
    request        bytea       NOT NULL, -- what the provider is asked to do, as first recorded
    downstream_key text        NOT NULL, -- derived once, sent on every dispatch
    state          text        NOT NULL DEFAULT 'pending'
                   CHECK (state IN ('pending', 'completed', 'rejected', 'unknown')),
    dispatches     integer     NOT NULL DEFAULT 0, -- provider calls, each counted before it is made
    epoch          bigint      NOT NULL DEFAULT 0, -- lease generation: only its holder records
    lease_until    timestamptz,          -- nobody else drives it before; NULL: terminal or parked
    answer         bytea,                -- the provider's answer (completed, rejected)
    last_error     text,                 -- why the state is unknown
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT idemvet_effects_pkey PRIMARY KEY (scope, operation, key)
);

-- For the worker: operations still to drive, oldest lease first.
CREATE INDEX IF NOT EXISTS idemvet_effects_due ON idemvet_effects (lease_until)
    WHERE state IN ('pending', 'unknown');
