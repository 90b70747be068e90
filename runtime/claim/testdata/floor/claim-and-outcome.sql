-- A lower bound on the contract (the claim and the outcome to replay commit
-- with the write): the claim row with BEGIN, the outcome stored with COMMIT,
-- three round trips as in the bare transaction, nothing else.
\set k random(1, 1000000000)
\startpipeline
BEGIN;
INSERT INTO idemvet_claims (scope, operation, key, fingerprint, expires_at)
  VALUES ('bench', 'POST /payments', :client_id || '-' || :k, '\x00'::bytea, now() + interval '1 day')
  ON CONFLICT (scope, operation, key) DO NOTHING RETURNING ctid;
\endpipeline
INSERT INTO payments (scope, key, amount) VALUES ('bench', 'bare', 1) RETURNING id;
\startpipeline
UPDATE idemvet_claims SET status = 201, body = '{"id":1}'::bytea, resource_id = '1'
  WHERE scope = 'bench' AND operation = 'POST /payments' AND key = :client_id || '-' || :k;
COMMIT;
\endpipeline
