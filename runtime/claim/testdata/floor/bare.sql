-- The baseline: the business write in a bare transaction, one statement
-- per round trip, as pgx's Begin/Exec/Commit send it.
BEGIN;
INSERT INTO payments (scope, key, amount) VALUES ('bench', 'bare', 1) RETURNING id;
COMMIT;
