-- A lower bound on a replay: the stored record read in a transaction, all
-- in one round trip (the claim statement reads it only after its insert
-- found the key taken, which costs more, to keep first executions free of
-- reads under SERIALIZABLE).
\startpipeline
BEGIN;
SELECT fingerprint, status, body, headers::text, resource_id, rejected FROM idemvet_claims
  WHERE scope = 'bench' AND operation = 'POST /payments' AND key = 'replay';
COMMIT;
\endpipeline
