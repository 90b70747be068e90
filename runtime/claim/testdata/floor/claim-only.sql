-- A lower bound on any claim that commits with the write: the claim row
-- alone (no outcome, no bounds, no gate), sent in one round trip with BEGIN.
\set k random(1, 1000000000)
\startpipeline
BEGIN;
INSERT INTO idemvet_claims (scope, operation, key, fingerprint, expires_at)
  VALUES ('bench', 'POST /payments', :client_id || '-' || :k, '\x00'::bytea, now() + interval '1 day')
  ON CONFLICT (scope, operation, key) DO NOTHING RETURNING ctid;
\endpipeline
INSERT INTO payments (scope, key, amount) VALUES ('bench', 'bare', 1) RETURNING id;
COMMIT;
